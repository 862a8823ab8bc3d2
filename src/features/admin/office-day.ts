import type { BalanceState } from '../../lib/ledger.ts';

/**
 * The words of the office's day that a unit test can hold: how long a request has waited, and where
 * a booking's money stands.
 */

const hour = 60 * 60 * 1000;

/** How long since `receivedAt` (ISO), as the office reads it: "12 minutes", "5 hours", "3 days". */
export function describeAge(receivedAt: string, now: Date): string {
  const waited = Math.max(0, now.getTime() - Date.parse(receivedAt));
  const count = (amount: number, unit: string) => `${amount} ${unit}${amount === 1 ? '' : 's'}`;
  if (waited < hour) return count(Math.floor(waited / 60_000), 'minute');
  if (waited < 24 * hour) return count(Math.floor(waited / hour), 'hour');
  return count(Math.floor(waited / (24 * hour)), 'day');
}

/** A balance's state in words, never colour alone. */
export const balanceStateLabels: Record<BalanceState, string> = {
  overdue: 'Overdue',
  due_now: 'Due now',
  not_yet_due: 'Not yet due',
  paid: 'Paid in full',
};
