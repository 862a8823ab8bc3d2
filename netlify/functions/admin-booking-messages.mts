import type { Config } from '@netlify/functions';
import { messageInputSchema } from '../../src/features/booking/booking-message-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readOfficeMessages, writeOfficeMessage } from '../../src/server/booking/messages/message-service.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/**
 * A booking's conversation with its guest, the office's side: read it (GET, which changes nothing;
 * admin-booking-messages-read.mts marks it read) and answer (POST, once per `Idempotency-Key`).
 */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await readOfficeMessages(visitor, id));
    const idempotencyKey = readIdempotencyKey(request);
    const message = validate(messageInputSchema, (await readBody(request)).value);
    return json(await writeOfficeMessage(visitor, id, message, idempotencyKey), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/messages' };
