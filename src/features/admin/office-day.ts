import type { BalanceState } from '../../lib/ledger.ts';
import type { AdminCollectionName } from './collection-contract.ts';

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

/** A count as a badge of at most three characters, so a busy day never widens the navigation: 99+. */
export function describeBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** "3 more" past the rows a block shows, or nothing when it shows them all. */
export function describeMore(count: number, shown: number): string | undefined {
  return count > shown ? `${count - shown} more` : undefined;
}

/**
 * A list's label cut short where a row of counts must stay on one line, as the part of its whole label
 * that shows (`label`) and the parts only a screen reader reads: what shows is always within the
 * button's name. A list without one shows its whole label.
 */
export const shortLabels: Partial<Record<AdminCollectionName, { before: string; label: string }>> = {
  'career-applications': { before: 'Career ', label: 'applications' },
  'contact-messages': { before: 'Contact ', label: 'messages' },
};
