import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../..');
export const migrationsDir = path.join(root, 'supabase/migrations');
const preludeFile = path.join(root, 'supabase/prelude.sql');

// Any constant: it only has to be the same for every runner, so two starts never migrate at once.
const migrationLock = 7_231_902;

export type MigrationReport = { applied: string[]; prelude: boolean };

/**
 * Brings a database up to date: Supabase's roles and auth functions where they are missing, then every
 * `supabase/migrations/*.sql` not yet recorded, in name order, each in its own transaction.
 * A recorded migration whose file has changed is an error: migrations are append-only.
 */
export async function migrate(databaseUrl: string): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kayal-villas-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    const { rows } = await client.query<{ present: boolean }>(
      `select to_regprocedure('auth.uid()') is not null as present`,
    );
    const prelude = !rows[0]?.present;
    if (prelude) await client.query(await readFile(preludeFile, 'utf8'));

    await client.query(`
      create schema if not exists app_private;
      create table if not exists app_private.schema_migrations (
        version text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      );
      alter table app_private.schema_migrations enable row level security;
    `);
    const recorded = new Map(
      (
        await client.query<{ version: string; checksum: string }>(
          'select version, checksum from app_private.schema_migrations',
        )
      ).rows.map((row) => [row.version, row.checksum]),
    );

    const applied: string[] = [];
    const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
    for (const file of files) {
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const known = recorded.get(file);
      if (known === checksum) continue;
      if (known)
        throw new Error(`Migration ${file} changed after it was applied; add a new migration instead.`);
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into app_private.schema_migrations (version, checksum) values ($1, $2)', [
          file,
          checksum,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    return { applied, prelude };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => {});
    await client.end();
  }
}
