import type { Config } from '@netlify/functions';
import {
  bookingRequestSchema,
  type UnconfirmedBookingAnswer,
} from '../../src/features/booking/booking-contract.ts';
import { registeringBrowserCookie } from '../../src/server/auth/session.ts';
import { keepUntilConfirmed } from '../../src/server/booking/unconfirmed-request-service.ts';
import { endpoint, withCookies } from '../../src/server/http/endpoint.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { enforceRateLimit, formRateLimit } from '../../src/server/http/rate-limit.ts';
import { clientAddress, readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/**
 * `POST /api/email-booking-requests`: the booking form of a guest who is not signed in. The request is
 * checked and priced, kept unconfirmed, and a link with a six-digit code goes to the address typed;
 * nothing is held or sent to the office until one of them is used (unconfirmed-request-service.ts).
 */
export default endpoint(['POST'], async (request, context) => {
  const idempotencyKey = readIdempotencyKey(request);
  const client = clientAddress(context);
  // Per client address, before the body is read; the mailbox caps and the per-account limit follow.
  await enforceRateLimit(formRateLimit('email-booking-request'), client);
  const body = await readBody(request);
  if (body.format !== 'json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the booking request as application/json.');
  }
  const input = validate(bookingRequestSchema, body.value);
  const { id, browserSecret } = await keepUntilConfirmed(input, client, idempotencyKey);
  const answer: UnconfirmedBookingAnswer = { status: 'link_sent', email: input.email, request: id };
  return withCookies(json(answer, 202), [registeringBrowserCookie(request, browserSecret)]);
});

export const config: Config = { path: '/api/email-booking-requests' };
