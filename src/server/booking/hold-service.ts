import { bookingTerms } from '../../lib/booking-terms.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { queueEmail } from '../email/delivery.ts';
import type { PaymentProviderName } from '../payments/index.ts';
import { insertRefund } from '../payments/index.ts';
import type { BookingForGuest } from './booking-emails.ts';
import {
  instantBookingOfficeAlertMessage,
  instantConfirmationMessage,
  lostHoldOfficeAlertMessage,
  lostHoldRefundMessage,
} from './hold-emails.ts';
import { expireLapsedHolds, selectBookingForGuest, updateBookingStatus } from './request-repository.ts';

/**
 * Instant book's holds after they are made (`instant-book-service.ts` makes them): a paid hold becomes
 * a confirmed stay with no office step, a payment that came too late for nights someone else took goes
 * back, and holds whose time ran out are released. The first two run inside the transaction that
 * settles the payment session (`payments/online-payments.ts`), so the booking, its money and its
 * emails change together.
 */

/** How long a hold keeps its nights while the guest is on the payment provider's page. */
export const holdMinutes = bookingTerms.holdMinutes;

/** Statuses of a booking made by instant book that has not been confirmed. */
export const isHold = (status: string) => status === 'held' || status === 'expired';

/**
 * Confirms hold `bookingId` now that its deposit is paid: a running hold always keeps its nights; a
 * lapsed one is confirmed while they are still free (the database releases a lapsed hold only when
 * another stay needs them). `nights_taken` when a confirmed stay or a block has them now.
 */
export async function confirmPaidHold(
  tx: Transaction,
  bookingId: string,
): Promise<'confirmed' | 'nights_taken'> {
  const outcome = await updateBookingStatus(tx, bookingId, 'confirmed');
  if (outcome === 'changed') return 'confirmed';
  if (outcome === 'move_not_allowed') throw new Error(`Hold ${bookingId} could not move to confirmed`);
  return 'nights_taken';
}

async function readForGuest(tx: Transaction, bookingId: string): Promise<BookingForGuest> {
  const row = await selectBookingForGuest(tx, bookingId);
  if (!row) throw new Error(`Booking ${bookingId} vanished while its hold was settled`);
  const property = await findProperty(row.property);
  return { ...row, propertyName: property?.name ?? row.property, area: property?.location };
}

/**
 * Queues the guest's confirmation and the office's alert of a hold just paid and confirmed, in `tx`;
 * answers their email ids.
 */
export async function queueInstantConfirmation(
  tx: Transaction,
  bookingId: string,
  paid: { receivedPence: number; next: string },
): Promise<string[]> {
  const booking = { ...(await readForGuest(tx, bookingId)), ...paid };
  const about = { bookingRequestId: bookingId };
  return [
    await queueEmail(tx, 'booking_confirmed', instantConfirmationMessage(booking, siteUrl()), about),
    await queueEmail(
      tx,
      'booking_office_notice',
      instantBookingOfficeAlertMessage(booking, siteUrl()),
      about,
    ),
  ];
}

/**
 * A session paid for a hold whose nights were lost (it ran out, and another stay or a block took them):
 * the session, already marked unrecorded, is refunded whole through its provider, and the guest and the
 * office told, in `tx`. The caller asks the provider once `tx` commits (`sendPendingRefunds`), as a
 * cancellation does. Answers the email ids.
 */
export async function refundLostHold(
  tx: Transaction,
  session: { id: string; bookingId: string; amountPence: number; provider: PaymentProviderName },
): Promise<string[]> {
  await insertRefund(tx, {
    bookingId: session.bookingId,
    paymentId: null,
    paymentSessionId: session.id,
    amountPence: session.amountPence,
    reason: 'office',
    status: 'pending',
    provider: session.provider,
    problem: null,
    requestedBy: null,
  });
  const booking = await readForGuest(tx, session.bookingId);
  const about = { bookingRequestId: session.bookingId };
  return [
    await queueEmail(
      tx,
      'cancellation_refund',
      lostHoldRefundMessage(booking, session.amountPence, siteUrl()),
      about,
    ),
    await queueEmail(
      tx,
      'refund_office_alert',
      lostHoldOfficeAlertMessage(booking, session.amountPence, siteUrl()),
      about,
    ),
  ];
}

/** Releases every hold whose time ran out (the reconciliation job's second task); answers their references. */
export function releaseLapsedHolds(): Promise<string[]> {
  return withCaller(serviceRole, (tx) => expireLapsedHolds(tx));
}
