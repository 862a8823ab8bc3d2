import type { Config } from '@netlify/functions';
import { noteInputSchema } from '../../src/features/booking/booking-note-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { addNote, listNotes } from '../../src/server/booking/notes/note-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** The office's notes on a booking (GET), and a new one (POST), audited by the database. */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await listNotes(visitor, id));
    const note = validate(noteInputSchema, (await readBody(request)).value);
    return json(await addNote(visitor, id, note), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/notes' };
