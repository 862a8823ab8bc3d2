import { expect, test } from '@playwright/test';
import { query, serverDatabaseUrl } from './support/database.ts';

test('200 concurrent submissions through the running server store exactly 200 rows and leave no connection open', async ({
  request,
}) => {
  // Locally every function request is bundled and run in a fresh worker, a few at a time.
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

for (const path of ['/', '/contact', '/careers', '/partner', '/villas/kovalam-cliff-villa']) {
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
