import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { removeCalendarFeed } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { json } from '../../src/server/http/responses.ts';
import { Refusal } from '../../src/server/refusal.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `DELETE /api/admin-calendars/:property/feeds/:id`: removes a feed and the blocks it brought. */
export default signedInEndpoint(
  ['DELETE'],
  async (_request, visitor, context) => {
    const id = context.params.id ?? '';
    if (!uuid.test(id)) throw new Refusal('not_found', 'There is no such calendar feed.');
    return json(await removeCalendarFeed(visitor, context.params.property ?? '', id.toLowerCase()));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-calendars/:property/feeds/:id' };
