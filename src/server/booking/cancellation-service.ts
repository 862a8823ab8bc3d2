import type { BookingCancellation, CancellationOffer } from '../../features/payment/refund-contract.ts';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import type { PaymentProvider } from '../payments/index.ts';
import {
  type CancelledBooking,
  cancellationRefundMessage,
  quotePolicyRefund,
  type RefundablePayment,
  recordRefunds,
  refundOfficeAlertMessage,
  selectRefundablePayments,
  selectRefundProblems,
  sendPendingRefunds,
  summariseRefunds,
} from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import { bookingPayables } from './booking-payable.ts';
import { bookingNotFound } from './booking-target.ts';
import { lockPayableBooking, selectBookingMoney } from './money-repository.ts';
import { updateBookingStatus } from './request-repository.ts';

/**
 * A guest cancels their own booking from the account page, by the cancellation policy: the server
 * works out what it refunds (never the browser), cancels and records the refunds in one transaction,
 * asks the provider for each online one, then emails the guest what went back and alerts the office.
 * The booking's row lock makes a double click, a second tab or a retried request one cancellation
 * with one set of refunds; the later ones answer what the first did.
 */

/** The statuses a guest may cancel from: a confirmed stay (a request not yet confirmed is withdrawn: `withdrawal-service.ts`). */
const cancellableStatuses: readonly string[] = ['confirmed'];

/**
 * A request that finds another's refunds still pending asks the provider itself only once they are
 * this old: the other request has died between recording them and asking (the provider's idempotency
 * key still makes a second ask the same refund).
 */
const abandonedRefundMs = 2 * 60 * 1000;

/** What cancelling `booking` at `now` would keep and refund, by the policy; null once it cannot be. */
export function offerCancellation(
  booking: { status: string; deleted: boolean; arrival: string; totalPence: number; depositPence: number },
  payments: RefundablePayment[],
  now: Date,
): CancellationOffer | null {
  if (
    booking.deleted ||
    !cancellableStatuses.includes(booking.status) ||
    todayInKerala(now) > booking.arrival
  )
    return null;
  return quotePolicyRefund(booking, payments, now);
}

/** Refuses a caller who cannot see the booking (another guest's, or none) as if it did not exist. */
async function checkOwnBooking(visitor: Visitor, id: string): Promise<void> {
  const own = await withCaller({ role: 'authenticated', claims: visitor.claims }, (tx) =>
    selectBookingMoney(tx, id),
  );
  if (!own || own.deleted) throw bookingNotFound();
}

/** The booking's cancellation as its guest sees it now: what cancelling would refund, what went back. */
async function readCancellation(id: string, now = new Date()): Promise<BookingCancellation> {
  return withCaller(serviceRole, async (tx) => {
    const booking = await selectBookingMoney(tx, id);
    if (!booking) throw bookingNotFound();
    // The stay's own money: each service paid on its own is refunded by its own rule (services/).
    const payments = await selectRefundablePayments(tx, id, 'server', 'the stay');
    return {
      status: booking.status,
      offer: offerCancellation(booking, payments, now),
      refunds: await summariseRefunds(tx, id),
    };
  });
}

/** What cancelling the guest's own booking `id` today would refund, and what its refunds came to. */
export async function readOwnCancellation(visitor: Visitor, id: string): Promise<BookingCancellation> {
  await checkOwnBooking(visitor, id);
  return readCancellation(id);
}

function refuseCancellation(booking: { status: string; arrival: string }, today: string): Refusal {
  if (booking.status === 'confirmed' && today > booking.arrival) {
    return new Refusal(
      'conflict',
      `This stay began on ${formatStayDate(booking.arrival)}: it can no longer be cancelled online. Please call the office.`,
    );
  }
  return new Refusal(
    'conflict',
    booking.status === 'new'
      ? 'This request is not confirmed yet: withdraw it instead, which costs nothing.'
      : `This booking is ${booking.status}: there is nothing to cancel.`,
  );
}

/**
 * Cancels the guest's own booking `id` by the policy and answers what it refunded. The refund is
 * worked out here, under the booking's lock, from what was received and not yet refunded; online
 * payments go back through `provider` (null when none is configured: every refund is then owed, for
 * the office), the rest is owed for the office to return by hand. Refused (409) once the booking
 * cannot be cancelled; a booking cancelled already answers what its cancellation did.
 */
export async function cancelOwnBooking(
  provider: PaymentProvider | null,
  visitor: Visitor,
  id: string,
): Promise<BookingCancellation> {
  await checkOwnBooking(visitor, id);
  const now = new Date();
  const today = todayInKerala(now);
  const decided = await withCaller(serviceRole, async (tx) => {
    const booking = await lockPayableBooking(tx, id);
    if (!booking || booking.deleted) throw bookingNotFound();
    if (booking.status === 'cancelled') return undefined;
    // The stay's own money: each service paid on its own is refunded by its own rule (services/).
    const payments = await selectRefundablePayments(tx, id, 'server', 'the stay');
    const offer = offerCancellation(booking, payments, now);
    if (!offer) throw refuseCancellation(booking, today);
    const changed = await updateBookingStatus(tx, id, 'cancelled');
    if (changed !== 'changed') throw refuseCancellation(booking, today);
    if (offer.refundPence > 0) {
      await recordRefunds(tx, payments, offer.refundPence, {
        bookingId: id,
        reason: 'cancellation',
        requestedBy: null,
      });
    }
    return { booking, offer };
  });
  if (!decided) {
    await sendPendingRefunds(bookingPayables, provider, serviceRole, id, {
      askedBefore: new Date(Date.now() - abandonedRefundMs),
    });
    return readCancellation(id, now);
  }
  await sendPendingRefunds(bookingPayables, provider, serviceRole, id);
  const { booking, offer } = decided;
  const emails = await withCaller(serviceRole, async (tx) => {
    const property = await findProperty(booking.property);
    const cancelled: CancelledBooking = {
      to: booking.to,
      name: booking.name,
      reference: booking.reference,
      propertyName: property?.name ?? booking.property,
      arrival: booking.arrival,
      departure: booking.departure,
      cancelledOn: today,
      offer,
      refunds: await summariseRefunds(tx, id),
      problems: await selectRefundProblems(tx, id),
    };
    const about = { bookingRequestId: id };
    return [
      await queueEmail(tx, 'cancellation_refund', cancellationRefundMessage(cancelled, siteUrl()), about),
      await queueEmail(tx, 'refund_office_alert', refundOfficeAlertMessage(cancelled), about),
    ];
  });
  // A mail server that is down leaves them queued; the cancellation stands either way.
  await deliverQueuedEmails(emails);
  return readCancellation(id, now);
}
