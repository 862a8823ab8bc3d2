import type { DetailAnswer, ItemAnswer } from '../../features/admin/admin-contract.ts';
import { type BookingStatusChange, listStatusMoves } from '../../features/booking/booking-contract.ts';
import { formatDate } from '../../lib/dates.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { queueStatusEmail } from '../booking/booking-service.ts';
import { selectBlockOverlappingRequest } from '../calendars/calendar-repository.ts';
import { readPropertyNames } from '../catalogue/catalogue.ts';
import { type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails } from '../email/delivery.ts';
import { listEmailsAbout } from '../email/email-history.ts';
import { Refusal } from '../refusal.ts';
import { itemNotFound, nameItem, withPropertyNames } from './admin-access.ts';
import { updateBookingStatus } from './admin-change-repository.ts';
import {
  markRead,
  selectDetail,
  selectForChange,
  selectHistory,
  selectOverlappingConfirmedStay,
} from './admin-repository.ts';
import type { Collection } from './collections.ts';

/** One row of the dashboard: its detail, marking it read, and a booking request's status changes. */

/**
 * A row in full, in the trash or not, with what the audit log recorded about it and, for a booking
 * request, how each email about it went. Reading changes nothing: a GET can come from a link on
 * another site, so marking read is `markItemRead`, a POST.
 */
export async function showItem(visitor: Visitor, collection: Collection, id: string): Promise<DetailAnswer> {
  const found = await withCaller(callerFor(visitor), async (tx) => {
    const item = await selectDetail(tx, collection, id);
    if (!item) return undefined;
    const history = await selectHistory(tx, collection, id);
    const emails = collection.table === 'booking_requests' ? await listEmailsAbout(tx, id) : [];
    return { item, history, emails };
  });
  if (!found) throw itemNotFound(collection);
  const [item] = await withPropertyNames(collection, [found.item]);
  return { item: item ?? found.item, history: found.history, emails: found.emails };
}

/**
 * Marks a form row read the first time the office opens it, so it stops counting as new; the
 * dashboard sends it as it opens a row. Later opens keep the first time. Booking requests stop being
 * new by their status, so for them this only answers the row.
 */
export async function markItemRead(
  visitor: Visitor,
  collection: Collection,
  id: string,
): Promise<ItemAnswer> {
  const item = await withCaller(callerFor(visitor), async (tx) => {
    if (collection.marksReadOnOpen) await markRead(tx, collection, id);
    return selectDetail(tx, collection, id);
  });
  return nameItem(collection, item);
}

/** Why the trigger refused a move, naming the moves it allows; the trigger decides, this only explains. */
function describeRefusedMove(from: string, to: string): string {
  const allowed = listStatusMoves(from);
  if (allowed.length === 0) return `This booking request is ${from}; a ${from} request cannot change status.`;
  return `A ${from} booking request cannot be ${to}; it can only be ${allowed.join(' or ')}.`;
}

const formatDay = (day: string) => formatDate(new Date(`${day}T00:00:00Z`));

/** The refusal of a change that would overlap a confirmed stay, naming that stay when it can. */
export async function refuseOverlap(tx: Transaction, id: string, ending: string): Promise<Refusal> {
  const other = await selectOverlappingConfirmedStay(tx, id);
  if (!other) return new Refusal('conflict', `This stay overlaps a confirmed booking${ending}`);
  const nameOf = await readPropertyNames();
  const dates = `${formatDay(other.arrival)} to ${formatDay(other.departure)}`;
  return new Refusal(
    'conflict',
    `This stay overlaps a confirmed booking of ${nameOf(other.property)} (${dates})${ending}`,
  );
}

/** The refusal of a stay that would land on a block imported from another platform's calendar. */
export async function refuseBlockOverlap(tx: Transaction, id: string, ending: string): Promise<Refusal> {
  const block = await selectBlockOverlappingRequest(tx, id);
  if (!block) return new Refusal('conflict', `These nights are blocked by another calendar${ending}`);
  const dates = `${formatDay(block.start)} to ${formatDay(block.end)}`;
  return new Refusal('conflict', `These nights are blocked by ${block.label} (${dates})${ending}`);
}

/**
 * Confirms, declines or cancels a booking request, and queues the email that tells the guest in the
 * same transaction, sent once it commits. The database refuses a move its trigger does not allow (a
 * conflict naming the moves that are allowed) and a confirmation that overlaps a confirmed stay (a
 * conflict naming it); a refusal queues nothing. Asking for the status a request already has changes
 * nothing, emails nobody and succeeds, so a double click is harmless.
 */
export async function changeStatus(
  visitor: Visitor,
  collection: Collection,
  id: string,
  status: BookingStatusChange,
): Promise<ItemAnswer> {
  const { item, emails } = await withCaller(callerFor(visitor), async (tx) => {
    const current = await selectForChange(tx, collection, id);
    if (!current) throw itemNotFound(collection);
    const emails: string[] = [];
    if (current.status !== status) {
      if (current.deleted) {
        throw new Refusal(
          'conflict',
          'This booking request is in the trash; restore it before changing its status.',
        );
      }
      const outcome = await updateBookingStatus(tx, id, status);
      if (outcome === 'overlaps_confirmed_stay') throw await refuseOverlap(tx, id, '.');
      if (outcome === 'overlaps_block') throw await refuseBlockOverlap(tx, id, '.');
      if (outcome === 'move_not_allowed') {
        throw new Refusal('conflict', describeRefusedMove(current.status ?? '', status));
      }
      emails.push(await queueStatusEmail(tx, id, status));
    }
    return { item: await selectDetail(tx, collection, id), emails };
  });
  // A mail server that is down leaves the email queued for the worker; the change stands either way.
  await deliverQueuedEmails(emails);
  return nameItem(collection, item);
}
