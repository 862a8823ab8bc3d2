import { formatStayDate } from './dates.ts';
import type { LedgerSummary, LedgerTerms } from './ledger.ts';
import { formatPence } from './money.ts';

/**
 * What a guest pays online now, and how the button says it: the deposit first, then the balance;
 * everything at once when the stay was booked too near its arrival for a deposit. The account page,
 * the emails and `/pay/<reference>` read it here, so the button's amount is the amount charged.
 */

/** What an online payment is for; the database's list is payment_sessions.kind. */
export const payableKinds = ['deposit', 'balance'] as const;
export type PayableKind = (typeof payableKinds)[number];

export type PaymentDue = {
  kind: PayableKind;
  amountPence: number;
  /** The last day to pay it: null for the deposit (due on confirmation). */
  dueBy: string | null;
  /** The button's words: "Pay the deposit (£663)", "Pay the balance (£1,987 by 24 Feb 2027)". */
  label: string;
};

type DueFacts = Pick<LedgerTerms, 'totalPence' | 'depositPence' | 'balanceDueDate'> &
  Pick<LedgerSummary, 'receivedPence' | 'outstandingPence' | 'dueNowPence'>;

/** The payment due next on a confirmed booking, or null when it is paid in full. */
export function choosePaymentDue(facts: DueFacts): PaymentDue | null {
  if (facts.outstandingPence <= 0) return null;
  if (facts.dueNowPence > 0 && facts.balanceDueDate !== null && facts.receivedPence < facts.depositPence) {
    const amountPence = facts.dueNowPence;
    return {
      kind: 'deposit',
      amountPence,
      dueBy: null,
      label: `Pay the deposit (${formatPence(amountPence)})`,
    };
  }
  const amountPence = facts.outstandingPence;
  if (facts.receivedPence === 0) {
    return {
      kind: 'balance',
      amountPence,
      dueBy: null,
      label: `Pay the total (${formatPence(amountPence)})`,
    };
  }
  const dueBy = facts.balanceDueDate;
  return {
    kind: 'balance',
    amountPence,
    dueBy,
    label: `Pay the balance (${formatPence(amountPence)}${dueBy ? ` by ${formatStayDate(dueBy)}` : ''})`,
  };
}
