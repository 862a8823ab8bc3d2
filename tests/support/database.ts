import pg from 'pg';

/**
 * Connections kept per database for `query`: a connection of its own per query cost 35–45 ms (connect
 * and authenticate), most of a property-based run. A few per process, closed once idle so a test
 * process can exit; a test that ends every backend (connection loss) only costs the pool its idle
 * clients, which it drops.
 */
const pools = new Map<string, pg.Pool>();

function poolFor(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 2000, allowExitOnIdle: true });
    pool.on('error', () => {});
    pools.set(url, pool);
  }
  return pool;
}

/**
 * Queries a database as the owner its URL names, to set up what a test needs or check what the site
 * really stored: the one way tests reach a database from outside the app, whether Vitest's throwaway
 * one (`sql.ts`) or the e2e server's (`e2e/support/database.ts`).
 */
export async function query<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  return (await poolFor(url).query<Row>(text, values)).rows;
}

/** Closes the connections `query` keeps (a test file's end). */
export async function closeQueryPools(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.end());
  pools.clear();
  await Promise.all(closing);
}
