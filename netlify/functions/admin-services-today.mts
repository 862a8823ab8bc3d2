import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readServicesToday } from '../../src/server/booking/services/booked-service-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** The office's day of services: today's and tomorrow's, by when they start, with guest, home and what was asked. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await readServicesToday(visitor)),
  {
    admin: true,
  },
);

export const config: Config = { path: '/api/admin-services-today' };
