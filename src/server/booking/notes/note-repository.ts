import type { BookingNote } from '../../../features/booking/booking-note-contract.ts';
import type { Transaction } from '../../db/database.ts';
import { isoTimestamp } from '../../db/sql-format.ts';

/** The SQL of the office's notes on a booking. */

/** A booking's notes, oldest first. */
export async function selectNotes(tx: Transaction, bookingId: string): Promise<BookingNote[]> {
  return tx.query<BookingNote>(
    `select id, body, author_email as "authorEmail", ${isoTimestamp('created_at')} as "createdAt"
     from public.booking_notes where booking_request_id = $1 order by created_at, id`,
    [bookingId],
  );
}

/** Adds a note in the admin's name (RLS checks `author_id` is the caller). */
export async function insertNote(
  tx: Transaction,
  bookingId: string,
  body: string,
  admin: { id: string; email: string },
): Promise<void> {
  await tx.query(
    'insert into public.booking_notes (booking_request_id, body, author_id, author_email) values ($1, $2, $3, $4)',
    [bookingId, body, admin.id, admin.email || null],
  );
}
