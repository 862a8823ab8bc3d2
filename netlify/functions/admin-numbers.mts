import type { Config } from '@netlify/functions';
import { todayInKerala } from '../../src/lib/dates.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingNumbers } from '../../src/server/booking/booking-numbers-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** The owner's numbers: occupancy and revenue by month and property, this season against the last. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await readBookingNumbers(visitor, todayInKerala())),
  { admin: true },
);

export const config: Config = { path: '/api/admin/numbers' };
