import { type ChildProcess, spawn } from 'node:child_process';

export type RunningServer = { process: ChildProcess; origin: string; output: () => string };

/** The server prints its URL; then, or already before on a warm start, that every function is ready. */
const printsUrl = /is running at/;
const functionsReady = /Functions: \d+ of \d+ ready in/;

/**
 * Starts `npm start`'s server (scripts/serve.ts, on the built dist/) in its own process group, so a
 * test can kill it together with its embedded PostgreSQL, as a power cut would. Resolves once it
 * prints its URL and, unless `until` is 'url', once every function is ready too (measurements and
 * tests then meet no bundling). Used by the e2e tests that own a server and by the benchmarks.
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  { until = 'functions' }: { until?: 'url' | 'functions' } = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 240_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (printsUrl.test(output) && (until === 'url' || functionsReady.test(output))) {
        clearTimeout(timer);
        resolve({ process: child, origin: `http://127.0.0.1:${port}`, output: () => output });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** A clean stop: SIGTERM, then wait for the server to close its database and exit. */
export function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.process.on('exit', () => resolve());
    server.process.kill('SIGTERM');
  });
}

/** No warning, no cleanup: SIGKILL to the server and every process it started (PostgreSQL too). */
export async function killServerAndDatabase(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.on('exit', resolve));
  process.kill(-(server.process.pid as number), 'SIGKILL');
  await exited;
  // The postmaster's children notice their parent died; give them a moment to go.
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
