import { anonymous, withCaller } from './db/database.ts';

export type Health =
  | { status: 'ok'; database: 'up'; databaseLatencyMs: number }
  | { status: 'degraded'; database: 'down' };

/** Whether the app's database runs a query, and how long one took. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    await withCaller(anonymous, (tx) => tx.query('select 1'));
    return { status: 'ok', database: 'up', databaseLatencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: 'degraded', database: 'down' };
  }
}
