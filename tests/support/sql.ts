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
 * A booking request with a week's quote that satisfies the table's checks, stored as the database owner.
 * By default of a made-up property, so no other test's confirmed stay overlaps it.
 */
export async function insertBookingRequest(
  fields: {
    name?: string;
    property?: string;
    arrival?: string;
    status?: string;
    createdAt?: string;
    deletedAt?: string;
  } = {},
): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into booking_requests (user_id, name, email, phone, city, property, arrival, departure, guests,
       nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence,
       balance_due_date, status, created_at, deleted_at)
     values (gen_random_uuid(), $1, 'guest@example.com', '+44 7700 900123', 'Kochi', $2, $3::date,
       $3::date + 7, 4, 7, 70000, 70000, 0, 70000, 17500, 52500, $3::date - 45, $4,
       coalesce($5::timestamptz, now()), $6::timestamptz)
     returning id`,
    [
      fields.name ?? 'Test Guest',
      fields.property ?? `made-up-villa-${crypto.randomUUID().slice(0, 12)}`,
      fields.arrival ?? '2090-01-10',
      fields.status ?? 'new',
      fields.createdAt ?? null,
      fields.deletedAt ?? null,
    ],
  );
  return row?.id as string;
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
