import type { Config } from '@netlify/functions';
import { calendarFeedInputSchema } from '../../src/features/calendar-sync/calendar-sync-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { addCalendarFeed } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** `POST /api/admin-calendars/:property/feeds`: adds another platform's iCal feed to a property. */
export default signedInEndpoint(
  ['POST'],
  async (request, visitor, context) => {
    const input = validate(calendarFeedInputSchema, (await readBody(request)).value);
    return json(await addCalendarFeed(visitor, context.params.property ?? '', input), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-calendars/:property/feeds' };
