import type { Config } from '@netlify/functions';
import { readPublishedCalendar } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { apiSecurityHeaders } from '../../src/server/http/responses.ts';

/**
 * `GET /ical/{token}.ics`: a property's confirmed stays and blocks for other platforms to import. The
 * token is the only key, so the answer is private: no shared cache keeps it.
 */
export default endpoint(['GET'], async (_request, context) => {
  const text = await readPublishedCalendar(context.params.token ?? '');
  return new Response(text, {
    status: 200,
    headers: {
      ...apiSecurityHeaders,
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, max-age=300',
      'x-robots-tag': 'noindex',
    },
  });
});

export const config: Config = { path: '/ical/:token.ics' };
