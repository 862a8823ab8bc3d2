import type { BookingNotesAnswer, NoteInput } from '../../../features/booking/booking-note-contract.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { withCaller } from '../../db/database.ts';
import { adminOf, bookingNotFound } from '../booking-target.ts';
import { selectBookingMoney } from '../money-repository.ts';
import { insertNote, selectNotes } from './note-repository.ts';

/**
 * The office's notes on a booking, any booking in any status: read and added as the admin, so RLS
 * holds and the audit log records each one.
 */

/** A booking's notes, oldest first. */
export async function listNotes(visitor: Visitor, id: string): Promise<BookingNotesAnswer> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await selectBookingMoney(tx, id))) throw bookingNotFound();
    return { notes: await selectNotes(tx, id) };
  });
}

/** Adds a note in the admin's name (audited by the database) and answers every note of the booking. */
export async function addNote(visitor: Visitor, id: string, note: NoteInput): Promise<BookingNotesAnswer> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await selectBookingMoney(tx, id))) throw bookingNotFound();
    await insertNote(tx, id, note.body, adminOf(visitor));
    return { notes: await selectNotes(tx, id) };
  });
}
