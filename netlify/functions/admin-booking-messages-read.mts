import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { markOfficeMessagesRead } from '../../src/server/booking/messages/message-service.ts';
import { json } from '../../src/server/http/responses.ts';

/**
 * `POST …/messages/read`: the office has seen what the guest wrote on a booking, which then stops
 * counting as unread. A POST of its own, so a link the office follows from elsewhere clears nothing.
 */
export default signedInEndpoint(
  ['POST'],
  async (_request, visitor, context) => json(await markOfficeMessagesRead(visitor, readBookingId(context))),
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/messages/read' };
