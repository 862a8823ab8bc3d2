import type { Config } from '@netlify/functions';
import { bookingRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookInstantly } from '../../src/server/booking/instant-book-service.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { enforceRateLimit, formRateLimit } from '../../src/server/http/rate-limit.ts';
import { clientAddress, readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';

/**
 * `POST /api/instant-bookings`: a signed-in guest books an instant-book property's free nights; they
 * are held while the guest pays, and the answer names the provider's page to pay on.
 */
export default signedInEndpoint(['POST'], async (request, visitor, context) => {
  const idempotencyKey = readIdempotencyKey(request);
  // Its own transaction, before the booking's, as for a request (booking-requests.mts).
  const client = clientAddress(context);
  await enforceRateLimit(formRateLimit('booking-request'), client);
  const body = await readBody(request);
  if (body.format !== 'json') {
    throw new HttpError(415, 'unsupported_media_type', 'Send the booking as application/json.');
  }
  const input = validate(bookingRequestSchema, body.value);
  return json(await bookInstantly(choosePaymentProvider(), visitor, client, input, idempotencyKey), 201);
});

export const config: Config = { path: '/api/instant-bookings' };
