import type { Config } from '@netlify/functions';
import { checkHealth } from '../../src/server/health.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';

/**
 * 200 while the database answers, with what is degraded (mail, payments) named in the body; 503 when
 * the database is down, since then no page that needs it can be served.
 */
export default endpoint(['GET', 'HEAD'], async () => {
  const health = await checkHealth();
  return health.database === 'up' ? json(health) : json(health, 503, { 'retry-after': '30' });
});

export const config: Config = { path: '/api/health' };
