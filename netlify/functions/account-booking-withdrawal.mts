import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { withdrawOwnRequest } from '../../src/server/booking/withdrawal-service.ts';
import { json } from '../../src/server/http/responses.ts';

/**
 * A guest withdraws their own request before it is confirmed (POST). Another guest's request is a
 * 404; a confirmed one a 409 that points to cancelling.
 */
export default signedInEndpoint(['POST'], async (_request, visitor, context) =>
  json(await withdrawOwnRequest(visitor, readBookingId(context))),
);

export const config: Config = { path: '/api/account/booking-requests/:id/withdrawal' };
