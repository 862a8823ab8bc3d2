import pg from 'pg';
import { inject } from 'vitest';
import { type BookingScenario, insertBooking } from './booking-scenario.ts';
import { query } from './database.ts';

/** Runs SQL as the database owner, outside the app's code, to check what was really stored. */
export function ownerQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  return query<Row>(inject('databaseUrl'), text, values);
}

/**
 * A booking request with a week's quote that satisfies the table's checks, stored as the database owner
 * through the scenario builder (`booking-scenario.ts`, where the defaults are): by default of a
 * made-up property, so no other test's confirmed stay overlaps it.
 */
export async function insertBookingRequest(
  fields: Pick<BookingScenario, 'name' | 'property' | 'arrival' | 'status' | 'createdAt' | 'deletedAt'> = {},
): Promise<string> {
  return (await insertBooking(ownerQuery, fields)).id;
}

/**
 * Runs statements in one transaction as `role` with `claims`, logged in as the app role, exactly as
 * Supabase's API would, and rolls back: for proving what RLS allows and refuses.
 */
export async function asRole<T>(
  role: 'anon' | 'authenticated' | 'service_role',
  claims: Record<string, unknown>,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: inject('appDatabaseUrl') });
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
