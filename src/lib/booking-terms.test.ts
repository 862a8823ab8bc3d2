import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bookingTerms,
  fillTerms,
  houseRules,
  summariseHouseRules,
  summarisePaymentTerms,
} from './booking-terms.ts';

describe('the short terms on every property page', () => {
  it('state the deposit and when the balance is due, as the quote applies them', () => {
    expect(summarisePaymentTerms()).toEqual([
      'A 25% deposit confirms the booking; the balance is due 45 days before arrival.',
      'Booked within 45 days of arrival, the whole stay is paid on confirmation.',
    ]);
    expect(bookingTerms).toMatchObject({ depositPercent: 25, balanceDueDaysBeforeArrival: 45 });
  });

  it.each([
    [8, 'At most 8 guests stay overnight, children included.'],
    [1, 'At most 1 guest stays overnight, children included.'],
  ])('hold a property that sleeps %i to its number', (sleeps, line) => {
    expect(summariseHouseRules(sleeps)).toEqual([
      'Check-in from 14:00, check-out by 11:00.',
      line,
      'No parties or events.',
      'Smoking outside only.',
      'Pets on request: ask before you book.',
    ]);
  });
});

describe('the house rules page', () => {
  // Written by the office in the content editor; the property pages, the FAQ and the confirmation
  // email take the times from `houseRules`. It said 15:00 while they said 14:00.
  const page = readFileSync(new URL('../content/policies/house-rules.md', import.meta.url), 'utf8');

  it('states the check-in and check-out times every property page and email states', () => {
    expect(page).toContain(`**Check-in is from ${houseRules.checkInFrom}**`);
    expect(page).toContain(`**check-out by ${houseRules.checkOutBy}**`);
  });
});

describe('fillTerms', () => {
  it.each([
    ['A {depositPercent}% deposit', 'A 25% deposit'],
    ['balance {balanceDueDays} days before', 'balance 45 days before'],
    ['in from {checkInFrom}, out by {checkOutBy}', 'in from 14:00, out by 11:00'],
    ['{discountPercent}% off for {discountedGuestCount}', '20% off for 2'],
    ['no terms at all', 'no terms at all'],
  ])('writes %j as %j', (text, expected) => {
    expect(fillTerms(text)).toBe(expected);
  });

  it('refuses a term it does not know, naming it', () => {
    expect(() => fillTerms('A {depositPercnt}% deposit')).toThrow('{depositPercnt}');
  });
});
