import { anonymous, withCaller } from './db/database.ts';
import { json } from './http/responses.ts';

/** 200 when the app answers and its database runs a query; 503 with the reason otherwise. */
export async function checkHealth(): Promise<Response> {
  const started = performance.now();
  try {
    await withCaller(anonymous, (tx) => tx.query('select 1'));
    return json({ status: 'ok', database: 'up', databaseLatencyMs: Math.round(performance.now() - started) });
  } catch {
    return json({ status: 'degraded', database: 'down' }, 503, { 'retry-after': '30' });
  }
}
