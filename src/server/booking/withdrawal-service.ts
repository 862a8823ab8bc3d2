import type { BookingWithdrawal } from '../../features/booking/booking-contract.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { Refusal } from '../refusal.ts';
import { type BookingForGuest, withdrawalMessage, withdrawalOfficeAlertMessage } from './booking-emails.ts';
import { bookingNotFound } from './booking-target.ts';
import { lockPayableBooking } from './money-repository.ts';
import { selectBookingForGuest, updateBookingStatus } from './request-repository.ts';

/**
 * A guest withdraws their own request before the office answers it, from the account page: the
 * request becomes withdrawn (the database's status trigger allows it only from new), leaves the
 * office's "awaiting an answer", and the guest's email and the office's alert are queued in the same
 * transaction. A new request holds no nights (only confirmed stays do), so nothing else is freed.
 */

/** Why a request that is not new cannot be withdrawn, on the `status` field, with the road it has instead. */
function refuseWithdrawal(status: string): Refusal {
  const message =
    status === 'confirmed'
      ? 'This booking is confirmed, so it can no longer be withdrawn: cancel it instead under “Cancelling”, by the cancellation policy.'
      : `This request is ${status}: there is nothing to withdraw.`;
  return new Refusal('conflict', message, { status: message });
}

/**
 * Withdraws the guest's own request `id` and answers its status. Another guest's request, or one in the
 * trash, is a 404 (an admin too, on their own account page, withdraws only their own); a request the
 * office has answered is a 409. The row lock makes a double click or a second tab one withdrawal with
 * one pair of emails: a request withdrawn already answers as it is.
 */
export async function withdrawOwnRequest(visitor: Visitor, id: string): Promise<BookingWithdrawal> {
  const emails = await withCaller(serviceRole, async (tx) => {
    const booking = await lockPayableBooking(tx, id);
    if (!booking || booking.deleted || booking.userId !== visitor.claims.sub) throw bookingNotFound();
    if (booking.status === 'withdrawn') return [];
    if (booking.status !== 'new') throw refuseWithdrawal(booking.status);
    const changed = await updateBookingStatus(tx, id, 'withdrawn');
    if (changed !== 'changed') throw refuseWithdrawal(booking.status);
    const row = await selectBookingForGuest(tx, id);
    if (!row) throw new Error(`Booking request ${id} vanished while it was withdrawn`);
    const property = await findProperty(row.property);
    const withdrawn: BookingForGuest = {
      reference: row.reference,
      // A property taken off the site keeps its requests; the emails name it by its slug.
      propertyName: property?.name ?? row.property,
      arrival: row.arrival,
      departure: row.departure,
      guests: row.guests,
      quote: row.quote,
      name: row.name,
      to: row.to,
    };
    const about = { bookingRequestId: id };
    return [
      await queueEmail(tx, 'booking_withdrawn', withdrawalMessage(withdrawn, siteUrl()), about),
      await queueEmail(
        tx,
        'withdrawal_office_alert',
        withdrawalOfficeAlertMessage(withdrawn, siteUrl()),
        about,
      ),
    ];
  });
  // A mail server that is down leaves them queued; the withdrawal stands either way.
  await deliverQueuedEmails(emails);
  return { status: 'withdrawn' };
}
