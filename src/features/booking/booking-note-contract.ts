import { z } from 'zod';
import { requiredText } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The office's notes on a booking, shared by the dashboard, the notes function and their tests. The
 * database checks the same limit (migration 20261124000310).
 */

export const noteMaxLength = 2000;

/** `POST /api/admin/booking-requests/:id/notes`. */
export const noteInputSchema = z.object({
  body: requiredText('the note', { max: noteMaxLength, lines: 'many' }),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

export const bookingNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingNote = z.infer<typeof bookingNoteSchema>;

/** `GET /api/admin/booking-requests/:id/notes`, oldest first (and a note just added's answer). */
export const bookingNotesAnswerSchema = z.object({ notes: z.array(bookingNoteSchema) });
export type BookingNotesAnswer = z.infer<typeof bookingNotesAnswerSchema>;
