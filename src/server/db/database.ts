import pg from 'pg';
import { readDatabaseUrl, readLimit } from '../config.ts';

/** Claims in the shape Supabase Auth puts in its JWTs, which the RLS policies read through auth.jwt(). */
export type JwtClaims = {
  sub: string;
  email?: string;
  role: 'authenticated';
  app_metadata?: { role?: string };
  user_metadata?: { name?: string };
};

/** Who a query runs as. The role is a Postgres role, so RLS decides what it may touch. */
export type Caller =
  | { role: 'anon' }
  | { role: 'authenticated'; claims: JwtClaims }
  | { role: 'service_role' };

export const anonymous: Caller = { role: 'anon' };
export const serviceRole: Caller = { role: 'service_role' };

export type Transaction = {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Runs part of the transaction as another caller, then returns to the first one. */
  as<T>(caller: Caller, work: () => Promise<T>): Promise<T>;
};

/** The database could not be reached or refused a connection; answer 503, not 500. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

let pool: pg.Pool | undefined;

/**
 * One small pool per function instance (on Netlify, and under `npm start`'s warm instances), which
 * serves one request at a time: one connection, closed soon after it falls idle, so idle instances
 * hold none and `npm run dev`'s worker per request can exit.
 */
function getPool(): pg.Pool {
  if (pool) return pool;
  pool = new pg.Pool({
    connectionString: readDatabaseUrl(),
    max: readLimit('DB_POOL_MAX', 1),
    idleTimeoutMillis: readLimit('DB_POOL_IDLE_MS', 1000),
    connectionTimeoutMillis: 5000,
    allowExitOnIdle: true,
    application_name: 'kayal-villas',
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Closes this process's pool (tests and scripts; functions let it idle out). */
export async function closeDatabase(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.end();
}

// Errors that mean "no database right now", not "your query is wrong".
const unavailableCodes = new Set(['53300', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const unavailableNetworkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE']);

export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: string } | null)?.code;
  if (code && (unavailableCodes.has(code) || unavailableNetworkCodes.has(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connect(): Promise<pg.PoolClient> {
  // A burst can briefly exceed max_connections (53300) or meet a starting server (57P03): wait a little.
  for (let attempt = 0; ; attempt++) {
    try {
      return await getPool().connect();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      if (attempt >= 6) throw new DatabaseUnavailableError('The database is not reachable', { cause: error });
      await sleep(50 * 2 ** attempt + Math.random() * 50);
    }
  }
}

async function becomeCaller(client: pg.PoolClient, caller: Caller): Promise<void> {
  const claims = caller.role === 'authenticated' ? caller.claims : { role: caller.role };
  // The role name comes from the Caller union, never from input, so it is safe to splice.
  await client.query(`set local role ${caller.role}`);
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
}

/**
 * Runs `work` in one transaction as `caller`, the way Supabase's API does: `set local role` and
 * `request.jwt.claims`, so the same RLS policies hold on Supabase and on any other Postgres.
 */
export async function withCaller<T>(caller: Caller, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await connect();
  let broken = false;
  // pg emits 'error' on a checked-out client whose connection drops between queries, and an 'error'
  // nobody hears is an uncaught exception: the whole server process would go with it. The transaction
  // fails through its next query instead, and the client is not put back in the pool.
  const onConnectionLost = () => {
    broken = true;
  };
  client.on('error', onConnectionLost);
  try {
    await client.query('begin');
    await becomeCaller(client, caller);
    const tx: Transaction = {
      query: async (text, values) => (await client.query(text, values)).rows,
      as: async (other, inner) => {
        await becomeCaller(client, other);
        try {
          return await inner();
        } finally {
          await becomeCaller(client, caller);
        }
      },
    };
    const result = await work(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    if (broken || isUnavailable(error))
      throw new DatabaseUnavailableError('The database is not reachable', { cause: error });
    throw error;
  } finally {
    client.off('error', onConnectionLost);
    client.release(broken);
  }
}
