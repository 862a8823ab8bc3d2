import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureAppRole } from '../../src/server/db/app-role.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { migrate } from '../../src/server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The owner's connection: migrations, and tests that check what was really stored. */
    databaseUrl: string;
    /** The functions' connection, as the app role (src/server/db/app-role.ts). */
    appDatabaseUrl: string;
    /** The folder every test file's own outbox is made in (use-test-database.ts). */
    outboxRoot: string;
    /** The key the guest lists are sealed with: one for the run, since its files share one database. */
    guestDetailsKey: string;
  }
}

/**
 * A throwaway database for one test run: a fresh embedded PostgreSQL in a temp dir on a free port, or,
 * when TEST_DATABASE_URL is set (CI's PostgreSQL 15), a new database created in that server.
 */
export default async function setup(project: TestProject) {
  const outboxRoot = await mkdtemp(path.join(tmpdir(), 'kayal-outboxes-'));
  project.provide('outboxRoot', outboxRoot);
  const removeOutboxes = () => rm(outboxRoot, { recursive: true, force: true });
  project.provide('guestDetailsKey', process.env.GUEST_DETAILS_KEY || randomBytes(32).toString('base64'));
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `kayal_test_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    await migrate(url.toString());
    project.provide('databaseUrl', url.toString());
    project.provide('appDatabaseUrl', await ensureAppRole(url.toString()));
    return async () => {
      const cleanup = new pg.Client({ connectionString: external });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await removeOutboxes();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'kayal-test-db-'));
  // As root, Postgres runs as the `postgres` user, which must be able to enter this directory.
  await chmod(dir, 0o755);
  const database = await startEmbeddedDatabase(path.join(dir, 'postgres'));
  await migrate(database.url);
  project.provide('databaseUrl', database.url);
  project.provide('appDatabaseUrl', await ensureAppRole(database.url));
  return async () => {
    await database.stop();
    await rm(dir, { recursive: true, force: true });
    await removeOutboxes();
  };
}
