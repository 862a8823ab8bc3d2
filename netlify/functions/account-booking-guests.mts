import type { Config } from '@netlify/functions';
import { guestListInputSchema } from '../../src/features/booking/guest-list-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readOwnGuestList, writeOwnGuestList } from '../../src/server/booking/guests/guest-list-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/**
 * Who is coming on a guest's own booking: read the list back, passports masked (GET), or give it whole
 * (PUT, which replaces the list before, so a double submit stores one). Another guest's booking is a
 * 404; a booking not confirmed, or whose guests have departed, refuses a PUT with 409.
 */
export default signedInEndpoint(['GET', 'PUT'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnGuestList(visitor, id));
  const list = validate(guestListInputSchema, (await readBody(request)).value, { paths: true });
  return json(await writeOwnGuestList(visitor, id, list));
});

export const config: Config = { path: '/api/account/booking-requests/:id/guests' };
