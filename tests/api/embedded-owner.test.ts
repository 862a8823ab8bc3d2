import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseInUseError,
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from '../../src/server/db/embedded.ts';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('a second process on an embedded cluster that a running site owns', () => {
  let dir: string;
  let dataDir: string;
  let site: EmbeddedDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kayal-owner-'));
    // As root, Postgres runs as the `postgres` user, which must be able to enter this directory.
    await chmod(dir, 0o755);
    dataDir = path.join(dir, 'postgres');
    site = await startEmbeddedDatabase(dataDir, { command: 'npm start', serves: 'http://127.0.0.1:8911' });
  });

  afterAll(async () => {
    await site?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('connects to the running cluster, and its stop leaves that cluster running', async () => {
    expect(site.owned).toBe(true);
    const command = await startEmbeddedDatabase(dataDir, { command: 'npm run admin:create' });
    expect(command).toMatchObject({ owned: false, port: site.port });
    expect(await answers(command.url)).toBe(true);
    await command.stop();
    expect(await answers(site.url)).toBe(true);
  });

  it('refuses a second site, naming the address of the one running', async () => {
    const second = startEmbeddedDatabase(dataDir, { command: 'npm start', alone: true, serves: 'http://x' });
    await expect(second).rejects.toThrow(DatabaseInUseError);
    await expect(second).rejects.toThrow(/http:\/\/127\.0\.0\.1:8911/);
    expect(await answers(site.url)).toBe(true);
  });
});
