import { rm } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { externalDatabaseUrl } from '../../playwright.config.ts';
import { fetchFormToken } from '../../scripts/support/form-token.ts';
import { killServerAndDatabase, startServer, stopServer } from '../../scripts/support/served-site.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { embeddedDatabaseUrl, query, serverDatabaseUrl } from './support/database.ts';
import { startSwitchableProxy } from './support/switchable-proxy.ts';

/** What the site does when things break: a crash in the middle of a burst, and a database that goes away. */

const crashPort = 8896;
const crashDataDir = '.data/e2e-crash/postgres';
const outagePort = 8895;

function contactMessage(marker: string) {
  return {
    name: 'Load Tester',
    email: `crash.${marker}@example.com`,
    phone: '+91 98470 12345',
    message: `Acknowledged or not, this is message ${marker}.`,
  };
}

test.describe('a crash in the middle of a burst of submissions', () => {
  test.skip(Boolean(externalDatabaseUrl), 'this test owns its embedded database');

  test('keeps every submission it acknowledged, and the site and its database come back cleanly', async () => {
    test.setTimeout(420_000);
    await rm('.data/e2e-crash', { recursive: true, force: true });
    // One client sends all 80 the moment the server is up: no per-client limit, no wait for the token.
    const env = {
      EMBEDDED_DATA_DIR: crashDataDir,
      DATABASE_URL: '',
      FORM_RATE_LIMIT: '0',
      FORM_MIN_FILL_SECONDS: '0',
    };
    let server = await startServer(crashPort, env);
    const run = crypto.randomUUID().slice(0, 8);
    const formToken = await fetchFormToken(server.origin);
    const acknowledged: string[] = [];
    let killing: Promise<void> | undefined;

    const attempts = Array.from({ length: 80 }, async (_, index) => {
      const body = contactMessage(`${run}-${index}`);
      try {
        const response = await fetch(`${server.origin}/api/contact-messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.origin },
          body: JSON.stringify({ ...body, formToken }),
        });
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { id: string }).id);
          // Pull the plug once a good share has been answered and the rest are in flight or queued.
          if (acknowledged.length === 15) killing ??= killServerAndDatabase(server);
        }
      } catch {
        // The connection died with the server: not acknowledged, so the guest would see an error.
      }
    });
    await Promise.all(attempts);
    await killing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);

    server = await startServer(crashPort, env);
    try {
      const stored = await query<{ id: string }>(
        embeddedDatabaseUrl(crashDataDir),
        'select id from contact_messages where email like $1',
        [`crash.${run}-%`],
      );
      const storedIds = new Set(stored.map((row) => row.id));
      const lost = acknowledged.filter((id) => !storedIds.has(id));
      test.info().annotations.push({
        type: 'counts',
        description: `sent 80, acknowledged ${acknowledged.length}, stored ${stored.length}, acknowledged but lost ${lost.length}`,
      });
      expect(lost).toEqual([]);
      expect((await fetch(`${server.origin}/`)).status).toBe(200);
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
      // The database takes new writes after its crash recovery.
      const after = await fetch(`${server.origin}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({ ...contactMessage(`${run}-after`), formToken }),
      });
      expect(after.status).toBe(201);
    } finally {
      await stopServer(server);
    }
  });
});

test.describe('a database that goes away', () => {
  test('answers 503 in words, keeps what was typed, stores nothing half-written, and works when it returns', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const database = serverDatabaseUrl();
    const proxy = await startSwitchableProxy(database);
    // No wait for the form token's age: what is tested is the database going away, not the fill time.
    const server = await startServer(outagePort, {
      DATABASE_URL: proxy.url,
      FORM_RATE_LIMIT: '1000',
      FORM_MIN_FILL_SECONDS: '0',
    });
    const email = `outage.${crypto.randomUUID().slice(0, 8)}@example.com`;
    try {
      // The form fetches its token as it wakes; a person types for longer than that takes.
      const tokenArrived = page.waitForResponse((response) => response.url().includes('/api/form-token'));
      await page.goto(`${server.origin}/contact`);
      await page.waitForFunction(everyIslandHydrated);
      expect((await tokenArrived).status()).toBe(200);
      await page.getByLabel('Your name', { exact: true }).fill('Anil Varghese');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Phone', { exact: true }).fill('+91 98470 55555');
      await page.getByLabel('Message', { exact: true }).fill('Sent while the database was away.');

      proxy.cut();
      await page.getByRole('button', { name: 'Send message' }).click();
      // The server's answer waits for its connection attempt to the missing database to give up.
      await expect(page.getByRole('alert')).toContainText('briefly unavailable', { timeout: 30_000 });
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
        'Sent while the database was away.',
      );

      for (const endpoint of [
        '/api/contact-messages',
        '/api/career-applications',
        '/api/partner-enquiries',
      ]) {
        const response = await page.request.post(`${server.origin}${endpoint}`, {
          data: contactMessage('outage'),
          headers: { origin: server.origin },
        });
        expect(response.status(), endpoint).toBe(503);
        expect(response.headers()['retry-after'], endpoint).toBeDefined();
        expect(await response.json()).toMatchObject({ error: { code: 'service_unavailable' } });
      }
      expect(await query(database, 'select 1 from contact_messages where email = $1', [email])).toEqual([]);

      proxy.restore();
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('status')).toContainText('your message is with us', { timeout: 30_000 });
      expect(await query(database, 'select name from contact_messages where email = $1', [email])).toEqual([
        { name: 'Anil Varghese' },
      ]);
    } catch (error) {
      // If the server died, what it printed says why: in CI's log too.
      console.error(`The outage server printed:\n${server.output().slice(-4000)}`);
      throw error;
    } finally {
      await stopServer(server);
      await proxy.close();
    }
  });
});
