import pg from 'pg';
import { inject } from 'vitest';

/** Runs SQL as the database owner, outside the app's code, to check what was really stored. */
export async function ownerQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Runs statements in one transaction as `role` with `claims`, exactly as Supabase's API would, and
 * rolls back: for proving what RLS allows and refuses.
 */
export async function asRole<T>(
  role: 'anon' | 'authenticated' | 'service_role',
  claims: Record<string, unknown>,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`set local role ${role}`);
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    return await work(client);
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
