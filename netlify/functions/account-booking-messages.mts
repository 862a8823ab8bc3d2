import type { Config } from '@netlify/functions';
import { messageInputSchema } from '../../src/features/booking/booking-message-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readOwnMessages, writeOwnMessage } from '../../src/server/booking/messages/message-service.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/**
 * A guest's own booking's conversation with the office: read it (GET, which changes nothing;
 * account-booking-messages-read.mts marks it read) and write to the office (POST, once per
 * `Idempotency-Key`, within the guest's message limits). Another guest's booking is a 404.
 */
export default signedInEndpoint(['GET', 'POST'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnMessages(visitor, id));
  const idempotencyKey = readIdempotencyKey(request);
  const message = validate(messageInputSchema, (await readBody(request)).value);
  return json(await writeOwnMessage(visitor, id, message, idempotencyKey), 201);
});

export const config: Config = { path: '/api/account/booking-requests/:id/messages' };
