import type { EdgeContext } from '../http/edge-context.ts';
import { isUuid } from '../http/uuid.ts';
import { Refusal } from '../refusal.ts';

/** What the ledger's functions read from a path: the booking, and a payment of it. */

/** The booking `:id` names; a malformed id names nothing, a 404 like an unknown one. */
export function readBookingId({ params }: EdgeContext): string {
  if (!isUuid(params.id)) throw new Refusal('not_found', 'There is no such booking request.');
  return params.id.toLowerCase();
}

/** The booking and the payment `:payment` names. */
export function readPaymentTarget(context: EdgeContext): { id: string; paymentId: string } {
  const id = readBookingId(context);
  const paymentId = context.params.payment;
  if (!isUuid(paymentId)) throw new Refusal('not_found', 'This booking has no such payment.');
  return { id, paymentId: paymentId.toLowerCase() };
}
