import type { RefundsSummary } from '../../../features/payment/refund-contract.ts';
import { type Caller, type Transaction, withCaller } from '../../db/database.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  insertRefund,
  type NewRefund,
  type RefundablePayment,
  selectPendingRefunds,
  settleRefund,
  sumRefunds,
} from './refund-repository.ts';

/**
 * Money going back to a guest: a refund is recorded as asked for (in the transaction that decides
 * it), then asked of the provider with the refund's own id as the provider's idempotency key, so a
 * retry after a lost answer is the same refund, never a second one. Money the office took by phone or
 * bank is recorded as owed, for the office to return by hand; so is a refund the provider refuses.
 */

/** The most a refund's problem may say, as the database allows. */
const problemLength = 500;

/** What a payment taken by the office itself (not online) says about how it goes back. */
const byHand = 'Paid to the office (not online): return it by hand.';

/**
 * Spreads `amountPence` over a booking's payments and records a refund from each, in `tx`: online
 * payments first, newest first, so the most goes back to the card without anyone's hand; then what was
 * paid to the office, owed until it returns it. Answers the ids of the refunds to ask providers for.
 */
export async function recordRefunds(
  tx: Transaction,
  payments: RefundablePayment[],
  amountPence: number,
  refund: Pick<NewRefund, 'bookingId' | 'reason' | 'requestedBy'>,
): Promise<void> {
  const order = [...payments].sort(
    (a, b) =>
      Number(b.provider !== null) - Number(a.provider !== null) ||
      b.createdAt.getTime() - a.createdAt.getTime(),
  );
  let left = amountPence;
  for (const payment of order) {
    const share = Math.min(left, payment.amountPence - payment.refundedPence);
    if (share <= 0) continue;
    await insertRefund(tx, {
      ...refund,
      paymentId: payment.id,
      paymentSessionId: null,
      amountPence: share,
      status: payment.provider ? 'pending' : 'owed',
      provider: payment.provider,
      problem: payment.provider ? null : byHand,
    });
    left -= share;
    if (left === 0) return;
  }
  if (left > 0) throw new Error(`${left} pence of a refund found no payment to come from`);
}

/** A provider's refusal in a line for the office: its own message, cut to what the database keeps. */
function describeRefusal(provider: PaymentProvider | null, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${provider?.name ?? 'No payment provider'} refused the refund: ${message}`.slice(0, problemLength);
}

/**
 * Asks the provider for each refund of a booking still pending and records its answer: refunded with
 * the provider's refund id, or owed with the provider's refusal (the booking's refunds stand either
 * way; the office settles an owed one); with no provider configured, each is owed. Only refunds asked before `askedBefore` when given: a request
 * that finds another's refunds still pending leaves them to it unless they are old enough that it died.
 */
export async function sendPendingRefunds(
  provider: PaymentProvider | null,
  caller: Caller,
  bookingId: string,
  { askedBefore }: { askedBefore?: Date } = {},
): Promise<void> {
  const pending = await withCaller(caller, (tx) => selectPendingRefunds(tx, bookingId, askedBefore));
  for (const refund of pending) {
    let outcome: Parameters<typeof settleRefund>[2];
    try {
      if (!provider) throw new Error('online payments are not configured here');
      if (refund.provider !== provider.name) {
        throw new Error(
          `it was paid through ${refund.provider}, and the site now takes payments through ${provider.name}`,
        );
      }
      const reference =
        refund.providerReference ??
        (refund.providerSessionId
          ? (await provider.findSession(refund.providerSessionId)).paymentReference
          : null);
      if (!reference) throw new Error('the provider names no payment to refund');
      const { refundId } = await provider.refund(reference, refund.amountPence, refund.id);
      outcome = { status: 'refunded', providerRefundId: refundId };
    } catch (error) {
      console.error(`Refund ${refund.id} of booking ${bookingId} was not made`, error);
      outcome = { status: 'owed', problem: describeRefusal(provider, error) };
    }
    await withCaller(caller, (tx) => settleRefund(tx, refund.id, outcome));
  }
}

/** What a booking's refunds came to: back with the guest, with the provider, still owed. */
export async function summariseRefunds(tx: Transaction, bookingId: string): Promise<RefundsSummary> {
  const sums = await sumRefunds(tx, bookingId);
  return { refundedPence: sums.refunded, pendingPence: sums.pending, owedPence: sums.owed };
}
