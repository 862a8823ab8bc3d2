import { describe, expect, it } from 'vitest';
import { freshDraft } from './BookingPayments.tsx';

describe('a new payment’s form', () => {
  it.each([
    ['nothing known yet', undefined, { kind: 'deposit', amount: '' }],
    [
      'the deposit due now',
      { dueNowPence: 17_500, outstandingPence: 70_000 },
      { kind: 'deposit', amount: '175' },
    ],
    [
      'a deposit paid in part',
      { dueNowPence: 2_550, outstandingPence: 55_050 },
      { kind: 'deposit', amount: '25.50' },
    ],
    [
      'the balance after the deposit',
      { dueNowPence: 0, outstandingPence: 52_500 },
      { kind: 'balance', amount: '525' },
    ],
    ['everything received', { dueNowPence: 0, outstandingPence: 0 }, { kind: 'deposit', amount: '' }],
  ])('with %s is prefilled with what is due', (_, summary, expected) => {
    expect(freshDraft(summary)).toMatchObject(expected);
  });
});
