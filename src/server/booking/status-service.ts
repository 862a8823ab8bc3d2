import { type BookingStatusChange, listStatusMoves } from '../../features/booking/booking-contract.ts';
import { formatDate, todayInKerala } from '../../lib/dates.ts';
import { findProperty, readPropertyNames } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction } from '../db/database.ts';
import { type EmailKind, queueEmail } from '../email/delivery.ts';
import { payLinkForConfirmation } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import {
  type BookingForGuest,
  cancellationMessage,
  confirmationMessage,
  declineMessage,
} from './booking-emails.ts';
import {
  type BookingRefusal,
  readBookingRefusal,
  selectBookingForGuest,
  selectForStatusChange,
  updateBookingStatus,
} from './request-repository.ts';
import { selectBlockOverlapping, selectConfirmedStayOverlapping } from './stay-repository.ts';

/**
 * A booking request's status: the office confirms, declines or cancels it, the database decides
 * whether the move is allowed and whether the stay fits, and the guest is told by email in the same
 * transaction. Runs in the caller's transaction (the office's, as the admin), so RLS holds.
 */

/** Why the trigger refused a move, naming the moves it allows; the trigger decides, this only explains. */
function describeRefusedMove(from: string, to: string): string {
  const allowed = listStatusMoves(from);
  if (allowed.length === 0) return `This booking request is ${from}; a ${from} request cannot change status.`;
  return `A ${from} booking request cannot be ${to}; it can only be ${allowed.join(' or ')}.`;
}

const formatDay = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));

/**
 * The refusal of a stay that the database found overlapping a confirmed stay or a block, naming what
 * it overlaps when it can; `ending` finishes the sentence (what the office can do about it).
 */
async function refuseOverlap(
  tx: Transaction,
  id: string,
  refusal: Exclude<BookingRefusal, 'move_not_allowed'>,
  ending: string,
): Promise<Refusal> {
  if (refusal === 'overlaps_block') {
    const block = await selectBlockOverlapping(tx, id);
    if (!block) return new Refusal('conflict', `These nights are blocked by another calendar${ending}`);
    const dates = `${formatDay(block.start)} to ${formatDay(block.end)}`;
    return new Refusal('conflict', `These nights are blocked by ${block.label} (${dates})${ending}`);
  }
  const other = await selectConfirmedStayOverlapping(tx, id);
  if (!other) return new Refusal('conflict', `This stay overlaps a confirmed booking${ending}`);
  const nameOf = await readPropertyNames();
  const dates = `${formatDay(other.arrival)} to ${formatDay(other.departure)}`;
  return new Refusal(
    'conflict',
    `This stay overlaps a confirmed booking of ${nameOf(other.property)} (${dates})${ending}`,
  );
}

/**
 * Confirms, declines or cancels a request and queues the email that tells the guest, in the caller's
 * transaction; answers the email ids to send once it commits, or undefined when there is no such
 * request. The database refuses a move its trigger does not allow (a conflict naming the moves that
 * are allowed) and a confirmation that overlaps a confirmed stay or a block (a conflict naming it); a
 * refusal queues nothing. Asking for the status a request already has changes nothing, emails nobody
 * and succeeds, so a double click is harmless.
 */
export async function changeBookingStatus(
  tx: Transaction,
  id: string,
  status: BookingStatusChange,
): Promise<string[] | undefined> {
  const current = await selectForStatusChange(tx, id);
  if (!current) return undefined;
  if (current.status === status) return [];
  if (current.deleted) {
    throw new Refusal(
      'conflict',
      'This booking request is in the trash; restore it before changing its status.',
    );
  }
  const outcome = await updateBookingStatus(tx, id, status);
  if (outcome === 'move_not_allowed')
    throw new Refusal('conflict', describeRefusedMove(current.status, status));
  if (outcome !== 'changed') throw await refuseOverlap(tx, id, outcome, '.');
  return [await queueStatusEmail(tx, id, status)];
}

/**
 * The refusal of bringing a request back from the trash that the database refused with `error`: a
 * confirmed stay whose nights another confirmed stay or a block now holds. Undefined when the error is
 * not one of the booking's rules.
 */
export async function explainRestoreRefusal(
  tx: Transaction,
  id: string,
  error: unknown,
): Promise<Refusal | undefined> {
  const refusal = readBookingRefusal(error);
  if (refusal === 'overlaps_confirmed_stay') {
    return refuseOverlap(tx, id, refusal, '; cancel that booking first to restore this one.');
  }
  if (refusal === 'overlaps_block') return refuseOverlap(tx, id, refusal, '; it cannot be restored.');
  return undefined;
}

const statusEmailKinds = {
  confirmed: 'booking_confirmed',
  declined: 'booking_declined',
  cancelled: 'booking_cancelled',
} as const satisfies Record<BookingStatusChange, EmailKind>;

/**
 * Queues the email that tells the guest their request is now `status`, in the transaction that changed
 * it, so the email exists exactly when the change does. Answers the email's id.
 */
async function queueStatusEmail(
  tx: Transaction,
  bookingRequestId: string,
  status: BookingStatusChange,
): Promise<string> {
  const row = await selectBookingForGuest(tx, bookingRequestId);
  if (!row) throw new Error(`Booking request ${bookingRequestId} vanished while its status changed`);
  const property = await findProperty(row.property);
  const booking: BookingForGuest = {
    reference: row.reference,
    // A property taken off the site keeps its requests; the email names it by its slug.
    propertyName: property?.name ?? row.property,
    arrival: row.arrival,
    departure: row.departure,
    guests: row.guests,
    quote: row.quote,
    name: row.name,
    to: row.to,
    area: property?.location,
  };
  const today = todayInKerala();
  const email =
    status === 'confirmed'
      ? confirmationMessage(
          booking,
          siteUrl(),
          today,
          await payLinkForConfirmation(tx, booking, siteUrl(), today),
        )
      : status === 'declined'
        ? declineMessage(booking, siteUrl())
        : cancellationMessage(booking, siteUrl());
  return tx.as(serviceRole, () => queueEmail(tx, statusEmailKinds[status], email, { bookingRequestId }));
}
