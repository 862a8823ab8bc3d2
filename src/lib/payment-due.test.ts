import { describe, expect, it } from 'vitest';
import { summariseLedger } from './ledger.ts';
import { choosePaymentDue } from './payment-due.ts';

const terms = {
  totalPence: 265000,
  depositPence: 66250,
  balanceDueDate: '2027-02-24',
  confirmedOn: '2027-01-10',
};
const near = { ...terms, balanceDueDate: null };

/** The facts `choosePaymentDue` reads, as the ledger summarises them on the confirmation day. */
const factsOf = (stay: typeof terms | typeof near, receivedPence: number) => ({
  ...stay,
  ...summariseLedger(stay, receivedPence, '2027-01-10'),
});

describe('choosePaymentDue', () => {
  it.each([
    // stay, received, kind, amount, due by, label
    [terms, 0, 'deposit', 66250, null, 'Pay the deposit (£662.50)'],
    [terms, 10000, 'deposit', 56250, null, 'Pay the deposit (£562.50)'],
    [terms, 66250, 'balance', 198750, '2027-02-24', 'Pay the balance (£1,987.50 by Wed, 24 February 2027)'],
    [terms, 100000, 'balance', 165000, '2027-02-24', 'Pay the balance (£1,650 by Wed, 24 February 2027)'],
    [near, 0, 'balance', 265000, null, 'Pay the total (£2,650)'],
    [near, 65000, 'balance', 200000, null, 'Pay the balance (£2,000)'],
  ] as const)(
    '%o with %d received: the %s, %d pence, by %s',
    (stay, received, kind, amountPence, dueBy, label) => {
      expect(choosePaymentDue(factsOf(stay, received))).toEqual({ kind, amountPence, dueBy, label });
    },
  );

  it('asks for nothing once the stay is paid in full', () => {
    expect(choosePaymentDue(factsOf(terms, 265000))).toBeNull();
    expect(choosePaymentDue(factsOf(near, 265000))).toBeNull();
  });

  it('never asks for more than is outstanding, whatever was received', () => {
    for (let received = 0; received <= terms.totalPence; received += 7919) {
      for (const stay of [terms, near]) {
        const due = choosePaymentDue(factsOf(stay, received));
        expect(due?.amountPence).toBeGreaterThan(0);
        expect(received + (due?.amountPence ?? 0)).toBeLessThanOrEqual(stay.totalPence);
      }
    }
  });
});
