import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readOfficeGuestList } from '../../src/server/booking/guests/guest-list-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** A booking's guest list in full, passports and visas included; each read is recorded in the admin's name. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor, context) => json(await readOfficeGuestList(visitor, readBookingId(context))),
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/guests' };
