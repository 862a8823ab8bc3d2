import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { baseURL, e2eDataDir, externalDatabaseUrl } from '../../playwright.config.ts';
import { startServer, stopServer } from '../../scripts/support/served-site.ts';

/** What an operator runs in a second terminal beside `npm start`, as the README tells them to. */

const run = promisify(execFile);
const secondPort = 8912;

function npmRun(dataDir: string, script: string, args: string[] = [], extra: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    env: { ...process.env, EMBEDDED_DATA_DIR: dataDir, DATABASE_URL: '', ...extra },
    timeout: 180_000,
  });
}

test.skip(Boolean(externalDatabaseUrl), 'this test runs beside the embedded database of the served site');

test('the commands the README gives, run beside npm start, never take the site down', async ({ request }) => {
  test.setTimeout(600_000);
  // The site under test is `npm start`'s server that playwright.config.ts starts on its own data.
  const dataDir = e2eDataDir;
  // The server answers once it listens, but queues requests behind its warm-up of every function.
  for (let waited = 0; ; waited++) {
    const warm = await request.get('/api/health', { timeout: 60_000 }).catch(() => undefined);
    if (warm?.status() === 200) break;
    if (waited === 5) throw new Error(`The site at ${baseURL} never answered /api/health with 200`);
  }
  const answers: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const response = await fetch(`${baseURL}/api/health`).catch(() => undefined);
      answers.push(response?.status ?? 0);
      await response?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const admin = {
    email: `ops.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'kettuvallam lagoon 42',
  };
  try {
    await npmRun(dataDir, 'admin:create', ['--email', admin.email], { ADMIN_PASSWORD: admin.password });
    await npmRun(dataDir, 'seed:demo', ['--rows', '20']);
    await npmRun(dataDir, 'trash:purge');
    await npmRun(dataDir, 'payments:remind');
    await npmRun(dataDir, 'calendars:import');
    await npmRun(dataDir, 'outbox');
    await npmRun(dataDir, 'db:migrate');
    // The old failure showed within two seconds of a command's end.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await request.get('/api/health', { timeout: 60_000 })).status()).toBe(200);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    const second = await startServer(secondPort, { EMBEDDED_DATA_DIR: dataDir, DATABASE_URL: '' }).then(
      async (started) => {
        await stopServer(started);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(second).toContain('already runs');
    expect(second).toContain(baseURL);
    // `npm start` itself, with a setting the build reads changed: refused before it builds, for its
    // build would empty dist/ under the running site.
    const built = (await stat('dist/index.html')).mtimeMs;
    const again = await run(process.execPath, ['scripts/start.ts'], {
      env: {
        ...process.env,
        EMBEDDED_DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(secondPort),
        CMS_BACKEND_PORT: '8998',
      },
      timeout: 120_000,
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(again.code).toBe(1);
    expect(again.output).toContain(`serves it at ${baseURL}`);
    expect(again.output).not.toContain('Site: building');
    expect((await stat('dist/index.html')).mtimeMs).toBe(built);
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const signIn = await request.post('/api/auth/login', { headers: { origin: baseURL }, data: admin });
    expect(signIn.status()).toBe(200);
  } finally {
    polling = false;
    await poller;
  }
  test.info().annotations.push({ type: 'health answers', description: String(answers.length) });
  expect(answers.length).toBeGreaterThanOrEqual(10);
  expect(answers.filter((status) => status !== 200)).toEqual([]);
});

test('with no site running, a command starts the database itself and stops it when done', async () => {
  test.setTimeout(180_000);
  const dataDir = '.data/e2e-operator/postgres';
  await rm('.data/e2e-operator', { recursive: true, force: true });
  await npmRun(dataDir, 'seed:demo', ['--rows', '20']);
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
  expect(existsSync(`${dataDir}/postmaster.pid`)).toBe(false);
  const { stdout } = await npmRun(dataDir, 'trash:purge');
  expect(stdout).toMatch(/^Purged \d+ rows? from the trash/);
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
});
