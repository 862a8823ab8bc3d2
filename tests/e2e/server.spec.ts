import { readdirSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { sendRaw, startSlowPost } from '../../scripts/support/raw-client.ts';
import { type RunningServer, startServer, stopServer } from '../../scripts/support/served-site.ts';
import { pageSecurityHeaders } from '../../src/server/forms/render-form-page.ts';
import { apiSecurityHeaders } from '../../src/server/http/responses.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

test('200 concurrent submissions through the running server store exactly 200 rows and leave no connection open', async ({
  request,
}) => {
  // Locally every function request runs in a fresh worker, a few at a time.
  test.setTimeout(300_000);
  const url = serverDatabaseUrl();
  const batch = crypto.randomUUID().slice(0, 8);
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      request.post('/api/contact-messages', {
        data: {
          name: `Load ${i}`,
          email: `load-${batch}-${i}@example.com`,
          phone: '+91 98470 00000',
          message: `Concurrent message number ${i}`,
        },
        timeout: 240_000,
      }),
    ),
  );
  const failures = await Promise.all(
    responses
      .filter((response) => response.status() !== 201)
      .map(async (response) => `${response.status()} ${await response.text()}`),
  );
  expect(failures).toEqual([]);
  const [stored] = await query<{ count: string }>(
    url,
    'select count(*) from contact_messages where email like $1',
    [`load-${batch}-%`],
  );
  expect(Number(stored?.count)).toBe(200);
  // Each function worker holds a pool of one that closes once idle, letting the worker exit.
  await expect
    .poll(
      async () => {
        const [open] = await query<{ count: string }>(
          url,
          `select count(*) from pg_stat_activity where application_name = 'kayal-villas'`,
        );
        return Number(open?.count);
      },
      { timeout: 15_000 },
    )
    .toBeLessThanOrEqual(1);
});

test('pages carry the security headers of netlify.toml and API answers their own', async ({ request }) => {
  const page = await request.get('/contact');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers()['strict-transport-security']).toContain('max-age=');
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(page.headers()['permissions-policy']).toContain('camera=()');

  const api = await request.get('/api/health');
  expect(api.status()).toBe(200);
  expect(api.headers()['cache-control']).toBe('no-store');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('a cross-origin post is refused with 403', async ({ request }) => {
  const response = await request.post('/api/contact-messages', {
    headers: { origin: 'https://evil.example' },
    data: {
      name: 'X',
      email: 'x@example.com',
      phone: '+91 98470 00000',
      message: 'From another site entirely',
    },
  });
  expect(response.status()).toBe(403);
});

const islandPages = ['/', '/contact', '/careers', '/partner', '/villas/kovalam-cliff-villa', '/booking'];
const accountPages = ['/login', '/register', '/account', '/admin/login'];
for (const path of [...islandPages, ...accountPages]) {
  test(`${path} runs without a Content-Security-Policy violation`, async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { violations: string[] }).violations ??= [];
        (window as unknown as { violations: string[] }).violations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await page.goto(path);
    // Islands that load when visible (a property's calendar) must run too, so bring each into view.
    for (const island of await page.locator('astro-island').all()) await island.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    expect(
      await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []),
    ).toEqual([]);
  });
}

test('answers an unknown /api path with 404 in the API error shape and the API security headers', async () => {
  const answer = await sendRaw(`${baseURL}/api/no-such-endpoint`);
  expect(answer.status).toBe(404);
  expect(answer.headers['content-type']).toContain('application/json');
  expect(JSON.parse(answer.body.toString())).toEqual({
    error: { code: 'not_found', message: expect.any(String) },
  });
  for (const [name, value] of Object.entries(apiSecurityHeaders)) expect(answer.headers[name]).toBe(value);
});

test('answers an unknown page with the 404 page and the security headers netlify.toml gives every page', async () => {
  const answer = await sendRaw(`${baseURL}/no-such-page`);
  expect(answer.status).toBe(404);
  expect(answer.headers['content-type']).toContain('text/html');
  expect(answer.body.toString()).toContain('<html');
  const { 'cache-control': _, ...pageHeaders } = pageSecurityHeaders;
  for (const [name, value] of Object.entries(pageHeaders)) expect(answer.headers[name]).toBe(value);
});

test('compresses a page with brotli or gzip as the browser asks, and sends it as it is when not asked', async () => {
  const brotli = await sendRaw(`${baseURL}/contact`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(brotli.body).toString()).toContain('<html');

  const gzip = await sendRaw(`${baseURL}/contact`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toContain('<html');

  const identity = await sendRaw(`${baseURL}/contact`);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.toString()).toContain('<html');
});

test('sends raster images as they are, compressed already, and SVG artwork compressed, as the browser accepts', async () => {
  const files = readdirSync('dist/_astro');
  const raster = files.find((file) => /\.(jpe?g|png|webp|avif)$/.test(file));
  const answer = await sendRaw(`${baseURL}/_astro/${raster}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBeUndefined();

  // SVG is text: Netlify's CDN compresses it, and so does npm start.
  const artwork = files.find((file) => file.endsWith('.svg'));
  const svg = await sendRaw(`${baseURL}/_astro/${artwork}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(svg.status).toBe(200);
  expect(svg.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(svg.body).toString()).toContain('<svg');
});

test.describe('a server of its own, with FORM_RATE_LIMIT 10', () => {
  // Any 127.x.y.z reaches this machine: each test posts from addresses no other test uses, so the
  // limits it meets are its own even on the database the main server shares.
  const port = 8921;
  const origin = `http://127.0.0.1:${port}`;
  const someLoopbackAddress = () =>
    `127.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startServer(port, {
      DATABASE_URL: serverDatabaseUrl(),
      FORM_RATE_LIMIT: '10',
      REQUEST_TIMEOUT_SECONDS: '5',
    });
  });
  test.afterAll(async () => {
    if (server) await stopServer(server);
  });

  const contactPost = (from: string, headers: Record<string, string> = {}) =>
    sendRaw(`${origin}/api/contact-messages`, {
      method: 'POST',
      from,
      headers: { 'content-type': 'application/json', origin, ...headers },
      body: JSON.stringify({
        name: 'Rate Tester',
        email: `rate+${crypto.randomUUID().slice(0, 8)}@example.com`,
        phone: '+91 98470 00000',
        message: 'Counting against my own limit, whatever I claim.',
      }),
    });

  test('counts posts against the connection they come on, whatever X-Forwarded-For claims: the 11th in a minute is refused', async () => {
    test.setTimeout(120_000);
    // Limits count in fixed minutes: start early in one, so all eleven fall in the same.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const from = someLoopbackAddress();
    const statuses: number[] = [];
    for (let n = 1; n <= 11; n++) {
      const claimed = `203.0.113.${n}`;
      const answer = await contactPost(from, {
        'x-forwarded-for': claimed,
        'x-nf-client-connection-ip': claimed,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  test('gives every connection its own limit when no address header is sent, so one client cannot lock the form for all', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) statuses.push((await contactPost(someLoopbackAddress())).status);
    expect(statuses).toEqual(Array(12).fill(201));
  });

  test('keeps /api/health answering while more clients than there are function slots send their bodies a byte at a time, and cuts them off', async () => {
    test.setTimeout(120_000);
    const slow = Array.from({ length: 10 }, () =>
      startSlowPost(`${origin}/api/contact-messages`, 1000, 1000),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let n = 0; n < 3; n++) {
        const health = await sendRaw(`${origin}/api/health`, { timeoutMs: 20_000 });
        expect(health.status).toBe(200);
      }
      const endings = await Promise.all(slow.map((client) => client.ended));
      for (const ending of endings) expect(ending).toMatch(/^HTTP\/1\.1 408 |^closed$/);
    } finally {
      for (const client of slow) client.close();
    }
  });
});
