import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { externalDatabaseUrl } from '../../playwright.config.ts';
import { embeddedDatabaseUrl, query } from './support/database.ts';

const port = 8898;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.data/e2e-restart/postgres';

/** Starts `npm start`'s server on its own embedded database and resolves once it prints its URL. */
function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), EMBEDDED_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.on('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

test.skip(Boolean(externalDatabaseUrl), 'this test owns its embedded database');

test('a message sent in the browser is still in the database after the server restarts', async ({ page }) => {
  test.setTimeout(300_000);
  await rm('.data/e2e-restart', { recursive: true, force: true });
  let server = await startServer();
  const email = `restart+${crypto.randomUUID().slice(0, 8)}@example.com`;
  try {
    await page.goto(`${origin}/contact`);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByLabel('Your name', { exact: true }).fill('Thomas Kurian');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByLabel('Message', { exact: true }).fill('Please keep this message through a restart.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('your message is with us');

    await stopServer(server);
    server = await startServer();

    const rows = await query(
      embeddedDatabaseUrl(dataDir),
      'select name from contact_messages where email = $1',
      [email],
    );
    expect(rows).toEqual([{ name: 'Thomas Kurian' }]);
    const health = await page.request.get(`${origin}/api/health`);
    expect(health.status()).toBe(200);
  } finally {
    await stopServer(server);
  }
});
