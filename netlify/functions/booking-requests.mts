import type { Config } from '@netlify/functions';
import { bookingRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { sendBookingRequest } from '../../src/server/booking/request-service.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { enforceRateLimit, formRateLimit } from '../../src/server/http/rate-limit.ts';
import { clientAddress, readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** `POST /api/booking-requests`: a signed-in guest's request, priced and stored by the server. */
export default signedInEndpoint(['POST'], async (request, visitor, context) => {
  const idempotencyKey = readIdempotencyKey(request);
  // Its own transaction: it must run before, never inside, the booking's (one connection per process).
  await enforceRateLimit(formRateLimit('booking-request'), clientAddress(context));
  const body = await readBody(request);
  // JSON only, unlike the public forms: the booking form needs a session and shows its quote as the
  // guest types, so it is an island that posts with fetch; there is no no-JavaScript post to answer.
  if (body.format !== 'json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the booking request as application/json.');
  }
  const input = validate(bookingRequestSchema, body.value);
  return json(await sendBookingRequest(visitor, input, idempotencyKey), 201);
});

export const config: Config = { path: '/api/booking-requests' };
