import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../..');
export const migrationsDir = path.join(root, 'supabase/migrations');
const preludeFile = path.join(root, 'supabase/prelude.sql');

// Any constant: it only has to be the same for every runner, so two starts never migrate at once.
const migrationLock = 7_231_902;

/** The Supabase CLI's file names: a numeric version, an underscore, a name. */
const migrationFileName = /^(\d+)_(.*)\.sql$/;

export type MigrationReport = { applied: string[]; prelude: boolean };

type Recorded = { version: string; statements: string[] | null };

/**
 * Brings a database up to date: Supabase's roles and auth functions where they are missing, then every
 * `supabase/migrations/*.sql` not yet recorded, in name order, each in its own transaction.
 * The history is the Supabase CLI's own table, so `supabase db push` and this runner each see what the
 * other applied. A recorded migration whose file has changed is an error: migrations are append-only.
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

    const files = await readMigrationFiles();
    await createHistory(client, files);
    const recorded = new Map(
      (
        await client.query<Recorded>('select version, statements from supabase_migrations.schema_migrations')
      ).rows.map((row) => [row.version, row.statements]),
    );

    const applied: string[] = [];
    for (const file of files) {
      if (recorded.has(file.version)) {
        const statements = recorded.get(file.version);
        if (statements && !sameStatements(statements, file.sql)) throw changedAfterApplying(file);
        continue;
      }
      await client.query('begin');
      try {
        await client.query(file.sql);
        await recordMigration(client, file);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file.file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file.file);
    }
    return { applied, prelude };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => {});
    await client.end();
  }
}

type MigrationFile = { file: string; version: string; name: string; sql: string };

async function readMigrationFiles(): Promise<MigrationFile[]> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  // The history is keyed by version alone: of two files with one version, the second would be taken for
  // the first "changed after it was applied" on every later start (two branches merged did that).
  const byVersion = new Map<string, string>();
  for (const file of files) {
    const version = migrationFileName.exec(file)?.[1];
    const other = version === undefined ? undefined : byVersion.get(version);
    if (other)
      throw new Error(`Migrations ${other} and ${file} share the version ${version}: renumber the newer.`);
    if (version !== undefined) byVersion.set(version, file);
  }
  return Promise.all(
    files.map(async (file) => {
      const match = migrationFileName.exec(file);
      // The CLI skips such a file without applying it; one tool applying what the other skips would
      // split the history, so neither does.
      if (!match)
        throw new Error(`Migration ${file} is not named <timestamp>_<name>.sql, as the Supabase CLI needs.`);
      const [, version, name] = match as unknown as [string, string, string];
      return { file, version, name, sql: await readFile(path.join(migrationsDir, file), 'utf8') };
    }),
  );
}

/**
 * The Supabase CLI's history table, created the way the CLI creates it. A history an older version of
 * this runner kept in `app_private.schema_migrations` (one row per file, with the file's checksum) moves
 * here once, and its table goes, so there is one history.
 */
async function createHistory(client: pg.Client, files: MigrationFile[]): Promise<void> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
  `);
  const { rows } = await client.query<{ present: boolean }>(
    `select to_regclass('app_private.schema_migrations') is not null as present`,
  );
  if (!rows[0]?.present) return;
  const carried = new Map(
    (
      await client.query<{ version: string; checksum: string }>(
        'select version, checksum from app_private.schema_migrations',
      )
    ).rows.map((row) => [row.version, row.checksum]),
  );
  await client.query('begin');
  try {
    for (const file of files) {
      const checksum = carried.get(file.file);
      if (checksum === undefined) continue;
      if (checksum !== createHash('sha256').update(file.sql).digest('hex')) throw changedAfterApplying(file);
      await recordMigration(client, file);
    }
    await client.query('drop table app_private.schema_migrations');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

// The CLI stores a file as its list of statements; this runner sends a file to the server whole, so it
// stores the whole file as one statement. `supabase migration fetch` turns either back into the file.
async function recordMigration(client: pg.Client, file: MigrationFile): Promise<void> {
  await client.query(
    `insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)
     on conflict (version) do nothing`,
    [file.version, file.name, [file.sql]],
  );
}

/**
 * Whether recorded statements are still the file's: the CLI trims each statement and drops its closing
 * semicolon, so both sides are compared without whitespace and without the final semicolons.
 */
function sameStatements(statements: string[], sql: string): boolean {
  const normalise = (text: string) => text.replace(/\s+/g, '').replace(/;+$/, '');
  return normalise(statements.join(';')) === normalise(sql);
}

function changedAfterApplying(file: MigrationFile): Error {
  return new Error(`Migration ${file.file} changed after it was applied; add a new migration instead.`);
}
