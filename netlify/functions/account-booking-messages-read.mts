import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { markOwnMessagesRead } from '../../src/server/booking/messages/message-service.ts';
import { json } from '../../src/server/http/responses.ts';

/**
 * `POST …/messages/read`: the guest has seen what the office wrote on their own booking. A POST of its
 * own, so no link from another site (a GET, which SameSite=Lax cookies go with) can mark anything read.
 */
export default signedInEndpoint(['POST'], async (_request, visitor, context) =>
  json(await markOwnMessagesRead(visitor, readBookingId(context))),
);

export const config: Config = { path: '/api/account/booking-requests/:id/messages/read' };
