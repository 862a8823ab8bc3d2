import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { collections } from '../../src/server/admin/collections.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A search is served by its trigram index only when the query's expression is exactly the indexed one
 * (the text lives in src/server/admin/collections.ts, the index in a migration) and when nothing holds
 * the planner back from it. RLS does: its policies run before any operator that is not leakproof, and
 * ILIKE is not. So the dashboard lists through its `dashboard` views, which admit admins only. This asks
 * the planner, as an admin, with table scans priced out.
 */

const admin = {
  sub: '00000000-0000-4000-8000-000000000031',
  role: 'authenticated',
  app_metadata: { role: 'admin' },
};

async function planAsAdmin(sql: string, values: unknown[]): Promise<string> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    await client.query('set local role authenticated');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(admin)]);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, values);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

describe.each(collections)('searching $name', ({ table, searchText }) => {
  const search = (source: string) =>
    planAsAdmin(`select id from ${source} where ${searchText} ilike $1`, ['%kumarakom%']);

  it(`uses the trigram index ${table}_search through the dashboard view`, async () => {
    expect(await search(`dashboard.${table}`)).toContain(`Bitmap Index Scan on ${table}_search`);
  });

  it('could not use it on the table itself, under RLS (why the view exists)', async () => {
    expect(await search(`public.${table}`)).not.toContain(`${table}_search`);
  });
});

// A word that is not a whole reference also matches part of one ("483920" in KB-2026-483920): the `or`
// can use the text's trigram index only if the reference has one too (migration 20261130001200 for
// buyers' enquiries, 20261130001100 for bookings); otherwise every row is read in date order.
describe.each(collections.filter((collection) => collection.references))(
  'searching $name for a word that may be part of a reference',
  ({ table, searchText, references }) => {
    it(`uses the trigram indexes of both the text and the ${references?.column}`, async () => {
      const plan = await planAsAdmin(
        `select id from dashboard.${table} where (${searchText} ilike $1 or ${references?.column} ilike $1)`,
        ['%483920%'],
      );
      expect(plan).toContain(`Bitmap Index Scan on ${table}_search`);
      expect(plan).toContain(`Bitmap Index Scan on ${table}_${references?.column}_search`);
    });
  },
);

// The dashboard polls, for each form, how many rows await the office; at 100,000 rows each count reads
// a partial index of exactly those rows (migration 20261130001210, `npm run bench:admin`). Which index a
// planner picks for a table of a few test rows depends on its statistics, so this holds the index to
// what makes it usable: it exists, and its predicate is the count's condition.
describe.each(
  collections.filter((collection) => collection.isNew === 'read_at is null and answered_at is null'),
)('counting what awaits the office in $name', ({ table }) => {
  it(`has the partial index ${table}_awaiting_office of exactly the rows the count reads`, async () => {
    const [index] = await ownerQuery<{ indexdef: string }>(
      'select indexdef from pg_indexes where schemaname = $1 and indexname = $2',
      ['public', `${table}_awaiting_office`],
    );
    expect(index?.indexdef).toMatch(
      /WHERE \(\(read_at IS NULL\) AND \(answered_at IS NULL\) AND \(deleted_at IS NULL\)\)$/,
    );
  });
});
