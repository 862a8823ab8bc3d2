import type { BalanceDue } from './payment-ledger-contract.ts';

/**
 * The balances due in the two lists the office reads apart: the payments coming due on stays still
 * ahead (the ones to chase), and the money still owed on stays that began before today (arrived, maybe
 * long gone: a matter for the accounts, which must not bury the chase list). Each keeps the order it
 * came in.
 */
export function groupBalancesByStay(
  balances: readonly BalanceDue[],
  today: string,
): { ahead: BalanceDue[]; begun: BalanceDue[] } {
  return {
    ahead: balances.filter(({ arrival }) => arrival >= today),
    begun: balances.filter(({ arrival }) => arrival < today),
  };
}
