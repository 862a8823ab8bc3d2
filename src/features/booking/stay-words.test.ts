import { describe, expect, it } from 'vitest';
import { describeGuests, describeNights, describeRequestStatus } from './stay-words.ts';

describe('counts', () => {
  it.each([
    [1, '1 night', '1 guest'],
    [2, '2 nights', '2 guests'],
    [14, '14 nights', '14 guests'],
  ])('%d reads %s and %s', (count, nights, guests) => {
    expect(describeNights(count)).toBe(nights);
    expect(describeGuests(count)).toBe(guests);
  });
});

describe('describeRequestStatus', () => {
  it.each([
    ['new', 'Awaiting confirmation'],
    ['confirmed', 'Confirmed'],
    ['declined', 'Declined'],
    ['cancelled', 'Cancelled'],
  ] as const)('%s reads %s', (status, label) => {
    expect(describeRequestStatus(status).label).toBe(label);
  });
});
