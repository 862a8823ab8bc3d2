import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate, migrationsDir } from '../../src/server/db/migrate.ts';
import { ownerQuery } from '../support/sql.ts';

const root = path.resolve(import.meta.dirname, '../..');
const created: string[] = [];

/** A new, empty database on the test server, dropped after this file. */
async function createDatabase(): Promise<string> {
  const name = `kayal_migrations_${randomBytes(4).toString('hex')}`;
  await ownerQuery(`create database ${name}`);
  created.push(name);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const name of created) await ownerQuery(`drop database if exists ${name} with (force)`);
});

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The Supabase CLI from the `supabase` package, reading this repository's supabase/ folder. */
async function supabase(args: string[], databaseUrl: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    path.join(root, 'node_modules/.bin/supabase'),
    [...args, `--remote=${databaseUrl}`, '--workdir', root, '--output-format', 'json', '--yes'],
    // config.toml takes the site's address from the environment.
    { env: { ...process.env, SITE_URL: 'https://kayalvillas.in' }, timeout: 60_000 },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

const migrationFiles = async () =>
  (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
const versionOf = (file: string) => file.split('_')[0];

describe('the migration runner', () => {
  it('gives every migration a version of its own, which the history is keyed by', async () => {
    const versions = (await migrationFiles()).map(versionOf);
    expect(versions.filter((version, index) => versions.indexOf(version) !== index)).toEqual([]);
  });

  it('records every migration once and applies nothing on a second run', async () => {
    const again = await migrate(inject('databaseUrl'));
    expect(again).toEqual({ applied: [], prelude: false });
    const recorded = await ownerQuery<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by 1',
    );
    expect(recorded).toContainEqual({ version: '20261122000100', name: 'contact_messages' });
  });

  it('gives a plain PostgreSQL the Supabase roles and auth functions', async () => {
    const roles = await ownerQuery<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(roles.map((role) => role.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
    const [claims] = await ownerQuery<{ uid: string; role: string }>(
      `select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-8000-000000000009","role":"authenticated"}', false),
              auth.uid()::text as uid, auth.role() as role`,
    );
    expect(claims).toMatchObject({ uid: '00000000-0000-4000-8000-000000000009', role: 'authenticated' });
  });
});

describe('one migration history for npm run db:migrate and the Supabase CLI', () => {
  it('leaves nothing for supabase db push after npm run db:migrate', { timeout: 120_000 }, async () => {
    const url = await createDatabase();
    const { applied } = await migrate(url);
    expect(applied).toEqual(await migrationFiles());

    const list = (await supabase(['migration', 'list'], url)) as {
      migrations: { local: string; remote: string }[];
    };
    expect(list.migrations.length).toBe(applied.length);
    expect(list.migrations.filter((migration) => migration.local !== migration.remote)).toEqual([]);
    const push = await supabase(['db', 'push', '--dry-run'], url);
    expect(push).toMatchObject({ upToDate: true, migrations: [] });
  });

  it('leaves nothing for npm run db:migrate after supabase db push', { timeout: 120_000 }, async () => {
    const url = await createDatabase();
    // What a Supabase project has before its first migration.
    await query(url, await readFile(path.join(root, 'supabase/prelude.sql'), 'utf8'));
    const push = (await supabase(['db', 'push'], url)) as { migrations: unknown[] };
    expect(push.migrations.length).toBe((await migrationFiles()).length);

    expect(await migrate(url)).toEqual({ applied: [], prelude: false });
  });

  it('moves a history kept in app_private.schema_migrations into the CLI table once', async () => {
    const url = await createDatabase();
    await migrate(url);
    const files = await migrationFiles();
    // The history as the runner kept it before: one row per file with the file's SHA-256.
    await query(
      url,
      `create table app_private.schema_migrations (version text primary key, checksum text not null,
         applied_at timestamptz not null default now());
       insert into app_private.schema_migrations (version, checksum)
         select version || '_' || name || '.sql', encode(sha256(convert_to(statements[1], 'UTF8')), 'hex')
         from supabase_migrations.schema_migrations;
       drop table supabase_migrations.schema_migrations;`,
    );

    expect(await migrate(url)).toEqual({ applied: [], prelude: false });
    const recorded = await query<{ version: string }>(
      url,
      'select version from supabase_migrations.schema_migrations order by 1',
    );
    expect(recorded.map((row) => row.version)).toEqual(files.map(versionOf));
    const [old] = await query<{ present: boolean }>(
      url,
      `select to_regclass('app_private.schema_migrations') is not null as present`,
    );
    expect(old?.present).toBe(false);
  });

  it('refuses to start when an applied migration no longer matches its file', async () => {
    const url = await createDatabase();
    await migrate(url);
    const [first] = await migrationFiles();
    await query(
      url,
      `update supabase_migrations.schema_migrations set statements = array['select 1']
       where version = '${versionOf(first as string)}'`,
    );
    await expect(migrate(url)).rejects.toThrow(/changed after it was applied/);
  });
});
