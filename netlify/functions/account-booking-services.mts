import type { Config } from '@netlify/functions';
import { addServiceInputSchema } from '../../src/features/booking/booking-service-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { addOwnService, readOwnServices } from '../../src/server/booking/services/booked-service-service.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/**
 * The concierge's services on a guest's own booking: what its home offers and what the stay has (GET),
 * and adding one (POST, with an Idempotency-Key: a double click adds it once). A field that is wrong (a
 * day outside the stay, a time outside the staff's hours or past the cut-off, an option the service
 * lacks, a home that does not offer it) is a 422 naming it in words. Another guest's booking is a 404.
 */
export default signedInEndpoint(['GET', 'POST'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnServices(visitor, id));
  const key = readIdempotencyKey(request);
  if (!key)
    throw new HttpError(
      400,
      'bad_request',
      'Send an Idempotency-Key, so a double click adds the service once.',
    );
  const choice = validate(addServiceInputSchema, (await readBody(request)).value);
  return json(await addOwnService(visitor, id, choice, key), 201);
});

export const config: Config = { path: '/api/account/booking-requests/:id/services' };
