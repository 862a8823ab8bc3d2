import { describe, expect, it } from 'vitest';
import { sessionRequestSchema } from './payment-provider.ts';
import { depositInPounds, depositInRupees } from './sample-session-requests.ts';

const inPounds = depositInPounds;
const inRupees = depositInRupees;

describe('what a payment session is asked for', () => {
  it('is the amount due in pounds, charged as those pounds or as rupees at a dated rate', () => {
    expect(sessionRequestSchema.parse(inPounds)).toEqual(inPounds);
    expect(sessionRequestSchema.parse(inRupees)).toEqual(inRupees);
  });

  it('refuses a charge in pounds other than the amount due, and rupees that do not say their rate', () => {
    expect(
      sessionRequestSchema.safeParse({ ...inPounds, charge: { minor: 100, currency: 'GBP' } }).success,
    ).toBe(false);
    expect(sessionRequestSchema.safeParse({ ...inPounds, rate: inRupees.rate }).success).toBe(false);
    expect(sessionRequestSchema.safeParse({ ...inRupees, rate: undefined }).success).toBe(false);
  });

  it('refuses an amount due in anything but pounds, and a currency no provider here takes', () => {
    expect(
      sessionRequestSchema.safeParse({ ...inRupees, due: { minor: 7_764_500, currency: 'INR' } }).success,
    ).toBe(false);
    expect(
      sessionRequestSchema.safeParse({ ...inPounds, charge: { minor: 66250, currency: 'USD' } }).success,
    ).toBe(false);
  });
});
