import { addDays, daysBetween } from './dates.ts';

/**
 * What a confirmed booking owes, from its quote and what the office has received: the pure rule the
 * dashboard, the account page, the balances-due list and the reminders all read, so they never
 * disagree. Amounts are whole pence; dates are `YYYY-MM-DD` days in Kerala.
 */

/** The guest is reminded this many days before the balance falls due. */
export const reminderDaysBeforeDue = 7;

/** The money facts of a booking, as its quote stored them. */
export type LedgerTerms = {
  totalPence: number;
  depositPence: number;
  /** Null when the whole stay was due on confirmation (booked within the balance's lead time). */
  balanceDueDate: string | null;
  /** The Kerala day the office confirmed it; null if not known. */
  confirmedOn: string | null;
};

export type LedgerSummary = {
  receivedPence: number;
  /** Everything not yet received. */
  outstandingPence: number;
  /** What should already have been paid on confirmation and is not: the deposit (or the whole stay). */
  dueNowPence: number;
  /** The day the last of the money falls due: the balance's date, else the confirmation day. */
  dueOn: string | null;
  /** Something is outstanding and `dueOn` has passed. */
  overdue: boolean;
  /** Days since `dueOn` while overdue, else 0. */
  daysOverdue: number;
};

/** What is owed now and when, given what was received by `today`. */
export function summariseLedger(terms: LedgerTerms, receivedPence: number, today: string): LedgerSummary {
  const outstandingPence = Math.max(0, terms.totalPence - receivedPence);
  const dueOnConfirmation = terms.balanceDueDate === null ? terms.totalPence : terms.depositPence;
  const dueNowPence = Math.max(0, Math.min(outstandingPence, dueOnConfirmation - receivedPence));
  const dueOn = terms.balanceDueDate ?? terms.confirmedOn;
  const late = outstandingPence > 0 && dueOn !== null ? daysBetween(dueOn, today) : 0;
  return {
    receivedPence,
    outstandingPence,
    dueNowPence,
    dueOn,
    overdue: late > 0,
    daysOverdue: Math.max(0, late),
  };
}

/** Where a booking's money stands on a day, in the order the office chases it. */
export const balanceStates = ['overdue', 'due_now', 'not_yet_due', 'paid'] as const;
export type BalanceState = (typeof balanceStates)[number];

/**
 * A summary's state on `today`: overdue once its last due day has passed unpaid; due now while the
 * deposit (or the whole stay) is unpaid, or on the due day itself; not yet due while the balance waits
 * for its date; paid when nothing is outstanding.
 */
export function judgeBalance(summary: LedgerSummary, today: string): BalanceState {
  if (summary.outstandingPence === 0) return 'paid';
  if (summary.overdue) return 'overdue';
  if (summary.dueNowPence > 0 || summary.dueOn === today) return 'due_now';
  return 'not_yet_due';
}

/**
 * The order the office chases balances in on `today`: overdue first (longest overdue first), then
 * due now, then not yet due (soonest first); the reference breaks a tie, so the order never shuffles.
 */
export function compareBalancesToChase(
  a: { reference: string; summary: LedgerSummary },
  b: { reference: string; summary: LedgerSummary },
  today: string,
): number {
  const rank = (balance: { summary: LedgerSummary }) =>
    balanceStates.indexOf(judgeBalance(balance.summary, today));
  const dueOn = (balance: { summary: LedgerSummary }) => balance.summary.dueOn ?? today;
  return rank(a) - rank(b) || dueOn(a).localeCompare(dueOn(b)) || a.reference.localeCompare(b.reference);
}

/**
 * Whether the guest's reminder is due on `today`: a balance still outstanding that falls due within
 * `reminderDaysBeforeDue` days (a run missed for a few days still reminds, until the due date itself).
 */
export function isReminderDue(terms: LedgerTerms, receivedPence: number, today: string): boolean {
  if (terms.balanceDueDate === null || receivedPence >= terms.totalPence) return false;
  return today >= addDays(terms.balanceDueDate, -reminderDaysBeforeDue) && today <= terms.balanceDueDate;
}

/** Whether the office is told of this balance as overdue on `today`: its date has passed, unpaid. */
export function isBalanceOverdue(terms: LedgerTerms, receivedPence: number, today: string): boolean {
  return terms.balanceDueDate !== null && receivedPence < terms.totalPence && today > terms.balanceDueDate;
}

/**
 * The most one entry of the ledger can hold: the database stores pence in a 32-bit integer
 * (£21,474,836.47), far above any stay's total (£100,000 a week for 90 nights is about £1.3 million).
 */
export const largestAmountPence = 2_147_483_647;

const poundsPattern = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount typed in pounds ("250", "£1,250.50", "99.5") as whole pence, or null for anything else
 * (a negative, three decimals, words). Read as text, never through a float, so no penny is lost.
 */
export function readPoundsAsPence(text: string): number | null {
  const match = poundsPattern.exec(text.trim().replace(/^£\s*/, ''));
  if (!match) return null;
  const pounds = (match[1] as string).replaceAll(',', '');
  if (pounds.length > 9) return null;
  const pence = Number(pounds) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}
