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
