import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { externalDatabaseUrl } from '../../playwright.config.ts';
import { startServer, stopServer } from '../../scripts/support/served-site.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { embeddedDatabaseUrl, query } from './support/database.ts';

const port = 8898;
const origin = `http://127.0.0.1:${port}`;
const dataDir = '.data/e2e-restart/postgres';
// The form token's 3 s wait is tested on its own (server.spec.ts); a test types faster than a person.
const serverEnv = { EMBEDDED_DATA_DIR: dataDir, DATABASE_URL: '', FORM_MIN_FILL_SECONDS: '0' };

test.skip(Boolean(externalDatabaseUrl), 'this test owns its embedded database');

test('a message sent in the browser is still in the database after the server restarts', async ({ page }) => {
  test.setTimeout(300_000);
  await rm('.data/e2e-restart', { recursive: true, force: true });
  let server = await startServer(port, serverEnv);
  const email = `restart.${crypto.randomUUID().slice(0, 8)}@example.com`;
  try {
    await page.goto(`${origin}/contact`);
    await page.waitForFunction(everyIslandHydrated);
    await page.getByLabel('Your name', { exact: true }).fill('Thomas Kurian');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByLabel('Message', { exact: true }).fill('Please keep this message through a restart.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('your message is with us', { timeout: 30_000 });

    await stopServer(server);
    server = await startServer(port, serverEnv);
    // Nothing changed between the two starts, so every function's bundle comes from the cache.
    expect(server.output()).toMatch(/Functions: (\d+) of \1 ready in [\d.]+ s \(0 bundled, \1 from cache\)/);

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
