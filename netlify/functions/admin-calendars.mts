import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { showCalendarOverview } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** `GET /api/admin-calendars`: every property's feeds, coming blocks and own-feed link date. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await showCalendarOverview(visitor)),
  {
    admin: true,
  },
);

export const config: Config = { path: '/api/admin-calendars' };
