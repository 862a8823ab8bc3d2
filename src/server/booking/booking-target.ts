import type { EdgeContext } from '../http/edge-context.ts';
import { isUuid } from '../http/uuid.ts';
import { Refusal } from '../refusal.ts';

/**
 * Which booking a request is about, and who acts on it: what the functions of a booking's payments and
 * notes read from a path, and what their services answer when there is no such booking.
 */

export const bookingNotFound = () => new Refusal('not_found', 'There is no such booking request.');

/** The booking `:id` names; a malformed id names nothing, a 404 like an unknown one. */
export function readBookingId({ params }: EdgeContext): string {
  if (!isUuid(params.id)) throw bookingNotFound();
  return params.id.toLowerCase();
}

/** The booking and the payment `:payment` names. */
export function readPaymentTarget(context: EdgeContext): { id: string; paymentId: string } {
  const id = readBookingId(context);
  const paymentId = context.params.payment;
  if (!isUuid(paymentId)) throw new Refusal('not_found', 'This booking has no such payment.');
  return { id, paymentId: paymentId.toLowerCase() };
}

/** The booking and the refund `:refund` names. */
export function readRefundTarget(context: EdgeContext): { id: string; refundId: string } {
  const id = readBookingId(context);
  const refundId = context.params.refund;
  if (!isUuid(refundId)) throw new Refusal('not_found', 'This booking has no such refund.');
  return { id, refundId: refundId.toLowerCase() };
}

// The booking's services read the admin from here as they read the booking; payments, below, from auth.
export { adminOf } from '../auth/admin-caller.ts';
