import type { BookingStatus } from '../../../features/booking/booking-contract.ts';
import type { BookingMessage, MessageAuthor } from '../../../features/booking/booking-message-contract.ts';
import type { Transaction } from '../../db/database.ts';
import { isoTimestamp } from '../../db/sql-format.ts';

/** The SQL of the messages between a booking's guest and the office. */

/**
 * A booking's messages, oldest first, as `reader` sees them: `isNew` marks what the other side wrote
 * that `reader` has not marked read (markMessagesRead). Reading changes nothing: a GET may come from a
 * link on another site, which must not clear the office's unread count.
 */
export async function readMessages(
  tx: Transaction,
  bookingId: string,
  reader: MessageAuthor,
): Promise<BookingMessage[]> {
  return tx.query<BookingMessage>(
    `select id, author, body, ${isoTimestamp('created_at')} as "createdAt",
       (author <> $2 and read_at is null) as "isNew"
     from public.booking_messages where booking_request_id = $1 order by created_at, id`,
    [bookingId, reader],
  );
}

/** Marks read what the other side wrote that `reader` had not read (once: read_at never moves); answers how many. */
export async function markMessagesRead(
  tx: Transaction,
  bookingId: string,
  reader: MessageAuthor,
): Promise<number> {
  const marked = await tx.query(
    `update public.booking_messages set read_at = now()
     where booking_request_id = $1 and author <> $2 and read_at is null returning id`,
    [bookingId, reader],
  );
  return marked.length;
}

/** Whether `author` has written on the booking anything the other side has not read yet. */
export async function hasUnreadFrom(
  tx: Transaction,
  bookingId: string,
  author: MessageAuthor,
): Promise<boolean> {
  const rows = await tx.query(
    'select 1 from public.booking_messages where booking_request_id = $1 and author = $2 and read_at is null limit 1',
    [bookingId, author],
  );
  return rows.length > 0;
}

/** Adds a message in the caller's name (RLS checks the author, the account and the booking). */
export async function insertMessage(
  tx: Transaction,
  bookingId: string,
  author: MessageAuthor,
  authorId: string,
  body: string,
): Promise<void> {
  await tx.query(
    'insert into public.booking_messages (booking_request_id, author, author_id, body) values ($1, $2, $3, $4)',
    [bookingId, author, authorId, body],
  );
}

/** How many messages `reader` has not read yet on each of `bookingIds` (bookings with none are absent). */
export async function countUnread(
  tx: Transaction,
  bookingIds: string[],
  reader: MessageAuthor,
): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.query<{ booking_request_id: string; unread: number }>(
    `select booking_request_id, count(*)::int as unread from public.booking_messages
     where booking_request_id = any($1::uuid[]) and author <> $2 and read_at is null
     group by booking_request_id`,
    [bookingIds, reader],
  );
  return new Map(rows.map((row) => [row.booking_request_id, row.unread]));
}

/** The SQL of a booking's unread count for the office, as a column of the inbox's list and detail. */
export const unreadByOfficeSql = (bookingIdColumn: string) =>
  `(select count(*)::int from public.booking_messages message
   
    where message.booking_request_id = ${bookingIdColumn} and message.author = 'guest' and message.read_at is null)`;

/** A guest's message the office has not read, with the booking it is about; `unreadCount` is every such message. */
export type UnreadGuestMessageRow = {
  id: string;
  bookingId: string;
  reference: string;
  name: string;
  property: string;
  status: BookingStatus;
  arrival: string;
  departure: string;
  preview: string;
  sentAt: string;
  unreadCount: number;
};

/**
 * The guests' messages the office has not read, newest first, on bookings in use, at most `limit`,
 * each with its booking. Reading them marks nothing (markMessagesRead does, by the office's own act).
 */
export async function selectUnreadGuestMessages(
  tx: Transaction,
  limit: number,
): Promise<UnreadGuestMessageRow[]> {
  return tx.query<UnreadGuestMessageRow>(
    `select message.id, booking.id as "bookingId", booking.reference, booking.name, booking.property,
            booking.status, to_char(booking.arrival, 'YYYY-MM-DD') as arrival,
            to_char(booking.departure, 'YYYY-MM-DD') as departure,
            left(message.body, 160) as preview, ${isoTimestamp('message.created_at')} as "sentAt",
            (count(*) over ())::int as "unreadCount"
     from public.booking_messages message
     join dashboard.booking_requests booking on booking.id = message.booking_request_id
     where message.author = 'guest' and message.read_at is null and booking.deleted_at is null
     order by message.created_at desc, message.id desc
     limit $1`,
    [limit],
  );
}

/**
 * The SQL conditions of the office's message filters over a booking's id column: `unread`, a guest's
 * message the office has not read; `needs-reply`, the guest wrote last (read or not) and the office has
 * not answered since.
 */
export const messageFilterSql = (bookingIdColumn: string) =>
  ({
    unread: `exists (select 1 from public.booking_messages message
      where message.booking_request_id = ${bookingIdColumn} and message.author = 'guest' and message.read_at is null)`,
    'needs-reply': `(select message.author from public.booking_messages message
      where message.booking_request_id = ${bookingIdColumn}
      order by message.created_at desc, message.id desc limit 1) = 'guest'`,
  }) as const;

/** The SQL selecting the bookings whose guest wrote what the office has not read (the partial index of 20261203004000). */
export const unreadGuestMessagesBookingsSql = `select booking_request_id from public.booking_messages
  where author = 'guest' and read_at is null`;
