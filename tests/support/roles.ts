import pg from 'pg';
import { inject } from 'vitest';
import { asRole, ownerQuery } from './sql.ts';

/**
 * The people and programs the RLS tests connect as, each for real: the API roles (anon,
 * authenticated, service_role) taken on by the app role with a caller's JWT claims, the app role
 * `kayal_app` itself before it takes one on, and the owner, who seeds and checks rows past RLS.
 */

/** A caller of the database: the API role it takes on and the JWT claims it carries. */
export type Caller = {
  /** How a failing test names it. */
  name: string;
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
};

const signedIn = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email,
  role: 'authenticated',
  app_metadata: {},
  ...extra,
});

/** A visitor who is not signed in. */
export const anon: Caller = { name: 'anon', role: 'anon', claims: { role: 'anon' } };

/** A signed-in guest. */
export const guestA = {
  name: 'guest A',
  role: 'authenticated',
  claims: signedIn('00000000-0000-4000-8000-00000000000a', 'guest.a@example.com'),
} as const satisfies Caller;

/** Another signed-in guest, who must see nothing of guest A's. */
export const guestB = {
  name: 'guest B',
  role: 'authenticated',
  claims: signedIn('00000000-0000-4000-8000-00000000000b', 'guest.b@example.com'),
} as const satisfies Caller;

/**
 * Guest A claiming admin in user_metadata, which a user can edit themselves: it must never make
 * anyone an admin.
 */
export const selfPromoted = {
  name: 'guest A with user_metadata.role admin',
  role: 'authenticated',
  claims: { ...guestA.claims, user_metadata: { role: 'admin' } },
} as const satisfies Caller;

/** An office admin (app_metadata, which only the server can set). */
export const admin = {
  name: 'admin',
  role: 'authenticated',
  claims: signedIn('00000000-0000-4000-8000-0000000000ad', 'office@example.com', {
    app_metadata: { role: 'admin' },
  }),
} as const satisfies Caller;

/** The server acting as itself, not for a caller. */
export const server: Caller = {
  name: 'service_role',
  role: 'service_role',
  claims: { role: 'service_role' },
};

/**
 * Runs statements in one transaction as `caller`, logged in as the app role exactly as the functions
 * are, and rolls back.
 */
export const asCaller = <T>(caller: Caller, work: (db: pg.Client) => Promise<T>): Promise<T> =>
  asRole(caller.role, caller.claims, work);

/**
 * Runs statements in one transaction as the app role `kayal_app` itself, before it takes on a caller's
 * role, and rolls back.
 */
export async function asAppRole<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('appDatabaseUrl') });
  await client.connect();
  try {
    await client.query('begin');
    return await work(client);
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

/** The database owner, past RLS: seeds rows and checks what was really stored. */
export const asOwner = ownerQuery;

/** Whether a statement was refused outright, or how many rows it touched; the transaction goes on. */
export async function touches(db: pg.Client, statement: string, values: unknown[] = []) {
  await db.query('savepoint attempt');
  try {
    const result = await db.query(statement, values);
    await db.query('release savepoint attempt');
    return result.rowCount ?? 0;
  } catch (error) {
    await db.query('rollback to savepoint attempt');
    if (/permission denied/.test(String(error))) return 'refused' as const;
    throw error;
  }
}
