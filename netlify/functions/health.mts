import type { Config } from '@netlify/functions';
import { checkHealth } from '../../src/server/health.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';

/** 200 when the app answers and its database runs a query; 503 with the reason otherwise. */
export default endpoint(['GET', 'HEAD'], async () => {
  const health = await checkHealth();
  return health.status === 'ok' ? json(health) : json(health, 503, { 'retry-after': '30' });
});

export const config: Config = { path: '/api/health' };
