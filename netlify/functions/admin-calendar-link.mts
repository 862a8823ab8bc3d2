import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { rotateCalendarLink } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** `POST /api/admin-calendars/:property/link`: a new secret link to the property's own feed, shown once. */
export default signedInEndpoint(
  ['POST'],
  async (_request, visitor, context) =>
    json(await rotateCalendarLink(visitor, context.params.property ?? ''), 201),
  { admin: true },
);

export const config: Config = { path: '/api/admin-calendars/:property/link' };
