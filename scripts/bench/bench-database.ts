import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAppRole } from '../../src/server/db/app-role.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { migrate } from '../../src/server/db/migrate.ts';

/**
 * The database a benchmark fills and times: `DATABASE_URL` when set, else a throwaway embedded one in
 * a temp directory that `stop` removes. Migrated, and with `process.env.DATABASE_URL` set to the app
 * role, so the services under test connect as the functions do; `ownerUrl` is for seeding.
 */
export async function openBenchDatabase(
  command: string,
): Promise<{ ownerUrl: string; stop: () => Promise<void> }> {
  let ownerUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!ownerUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'kayal-bench-'));
    // As root, Postgres runs as the `postgres` user, which must be able to enter this directory.
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedDatabase(path.join(dir, 'postgres'), { command });
    ownerUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await migrate(ownerUrl);
  process.env.DATABASE_URL = await ensureAppRole(ownerUrl);
  return { ownerUrl, stop };
}
