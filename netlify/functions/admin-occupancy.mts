import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readOccupancyMonth } from '../../src/server/calendar-sync/occupancy-request.ts';
import { listOccupancy } from '../../src/server/calendar-sync/occupancy-service.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET'],
  async (request, visitor) => json(await listOccupancy(visitor, readOccupancyMonth(request))),
  { admin: true },
);

export const config: Config = { path: '/api/admin/occupancy' };
