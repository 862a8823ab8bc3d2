import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { listOwnBookingRequests } from '../../src/server/booking/request-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** `GET /api/account/booking-requests`: the caller's own requests, for the account page. */
export default signedInEndpoint(['GET'], async (_request, visitor) =>
  json({ bookingRequests: await listOwnBookingRequests(visitor) }),
);

export const config: Config = { path: '/api/account/booking-requests' };
