import { describe, expect, it } from 'vitest';
import { type SessionRequest, sessionRequestSchema } from './payment-provider.ts';

const inPounds: SessionRequest = {
  bookingId: '0d4f3c57-4a55-4f1e-9a55-4bdf6a2f6c11',
  reference: 'KV-TEST-1',
  kind: 'deposit',
  due: { minor: 66250, currency: 'GBP' },
  charge: { minor: 66250, currency: 'GBP' },
  description: 'Deposit for Kovalam Cliff Villa, KV-TEST-1',
  returnUrl: 'http://127.0.0.1:8888/pay/KV-TEST-1/return',
  cancelUrl: 'http://127.0.0.1:8888/account',
};
const inRupees: SessionRequest = {
  ...inPounds,
  charge: { minor: 7_764_500, currency: 'INR' },
  rate: { rupeesPerPound: 117.2, rateOf: '2026-11-25' },
};

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
