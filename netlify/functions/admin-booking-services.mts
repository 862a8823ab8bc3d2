import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readOfficeServices } from '../../src/server/booking/services/booked-service-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** A booking's concierge services with each one's own payment and refunds, for the office (GET). */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor, context) => json(await readOfficeServices(visitor, readBookingId(context))),
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/services' };
