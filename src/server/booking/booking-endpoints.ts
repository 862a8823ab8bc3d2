import { z } from 'zod';
import { bookingRequestSchema } from '../../features/booking/booking-request-schema.ts';
import { signedInEndpoint } from '../auth/guard.ts';
import { readIdempotencyKey } from '../forms/idempotency.ts';
import { endpoint } from '../http/endpoint.ts';
import { enforceRateLimit, formRateLimit } from '../http/rate-limit.ts';
import { clientAddress, readBody } from '../http/request.ts';
import { HttpError, json } from '../http/responses.ts';
import { validate } from '../http/validate.ts';
import { listAvailability, listOwnBookingRequests, sendBookingRequest } from './booking-service.ts';

/** The booking API of DESIGN §7. Each handler is one Netlify function. */

/** `POST /api/booking-requests`: a signed-in guest's request, priced and stored by the server. */
export const bookingRequests = signedInEndpoint(['POST'], async (request, visitor, context) => {
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
  const answer = await sendBookingRequest(visitor, input, idempotencyKey);
  return json(answer.body, answer.status);
});

const availabilityQuerySchema = z.object({ property: bookingRequestSchema.shape.property });

/**
 * `GET /api/availability?property={slug}`: the dates already taken, for the calendars. Public and the
 * same for everyone, so browsers and Netlify's CDN may keep it a minute: a stay confirmed meanwhile
 * still meets the overlap check when a request is sent, and its 409 says so.
 */
export const availability = endpoint(['GET'], async (request) => {
  const { property } = validate(availabilityQuerySchema, {
    property: new URL(request.url).searchParams.get('property') ?? undefined,
  });
  return json(await listAvailability(property), 200, {
    'cache-control': 'public, max-age=60',
    // Tracking parameters added to the URL must not split the CDN's cache.
    'netlify-vary': 'query=property',
  });
});

/** `GET /api/account/booking-requests`: the caller's own requests for the account page. */
export const accountBookingRequests = signedInEndpoint(['GET'], async (_request, visitor) =>
  json({ bookingRequests: await listOwnBookingRequests(visitor) }),
);
