import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { importPropertyFeeds } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** `POST /api/admin-calendars/:property/import`: "Import now", every feed of one property. */
export default signedInEndpoint(
  ['POST'],
  async (_request, visitor, context) =>
    json(await importPropertyFeeds(visitor, context.params.property ?? '')),
  { admin: true },
);

export const config: Config = { path: '/api/admin-calendars/:property/import' };
