import { expect, type Page, test } from '@playwright/test';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * Islands marked `client:interaction` (the public and account forms) fetch their code when the browser
 * is idle and hydrate on a person's first focus, pointer, key or input. What a person does before
 * that is kept: typing, a checkbox, and a submit, which the server answers when the code has not arrived.
 */

const storedMessages = (email: string) =>
  query<{ name: string; message: string }>(
    serverDatabaseUrl(),
    'select name, message from contact_messages where email = $1',
    [email],
  );

const uniqueEmail = () => `touch+${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Whether any island on the page is still the server's markup, without waking one. */
const dormantIslands = (page: Page) => page.locator('astro-island[ssr]').count();

/** For what waits on the server: a function's first request starts its worker. */
const answered = expect.configure({ timeout: 30_000 });

/** Opens the page with every module held back; the returned function lets them through. */
async function openWithScriptsHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

test('no island fetches its code before the page has painted and loaded (or 3 s after it began)', async ({
  page,
}) => {
  // The home page's carousel (idle), a villa's panel and gallery (idle, visible), a form (interaction)
  // and the booking page's form (interaction, printed per request): each directive, once its page has loaded.
  for (const path of ['/', '/villas/kovalam-cliff-villa', '/contact', '/booking']) {
    await page.goto(path);
    const islandModules = () =>
      page.evaluate(() => {
        const modules = performance
          .getEntriesByType('resource')
          .filter(
            (entry) => /\/_astro\/.+\.js$/.test(entry.name) && !entry.name.includes('/island-runtime.'),
          );
        return modules.map((entry) => entry.startTime);
      });
    // Order, not speed: where the first frame is slow to reach the screen (a cold headless browser on
    // a busy machine), the islands start by the 3 s fallback, and a `client:idle` one at idle after it.
    await expect
      .poll(async () => (await islandModules()).length, { message: path, timeout: 15_000 })
      .toBeGreaterThan(0);
    const starts = await islandModules();
    const { painted, loadStarted, loaded, runtimeAsked, runtimeArrived } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const runtime = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/island-runtime.'));
      return {
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        loadStarted: navigation?.loadEventStart ?? Number.NaN,
        loaded: navigation?.loadEventEnd ?? Number.NaN,
        runtimeAsked: runtime?.startTime ?? Number.NaN,
        runtimeArrived: (runtime as PerformanceResourceTiming | undefined)?.responseEnd ?? Number.NaN,
      };
    });
    // The runtime itself is asked for by script once the page has painted and loaded: named in the
    // HTML, the parser fetched it beside the first paint's own files (island-runtime-file.ts).
    expect(runtimeAsked, path).toBeGreaterThan(painted);
    expect(runtimeAsked, path).toBeGreaterThanOrEqual(Math.min(loadStarted, 3000));
    expect(Math.min(...starts), path).toBeGreaterThan(painted);
    expect(Math.min(...starts), path).toBeGreaterThanOrEqual(Math.min(loaded, runtimeArrived + 3000));
  }
});

test('a form fetches its code while the page is idle and hydrates only when touched', async ({ page }) => {
  const modules: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/_astro\/.+\.js$/.test(request.url())) modules.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact');
  const island = page.locator('astro-island[client="interaction"]');
  const componentUrl = await island.getAttribute('component-url');
  const rendererUrl = await island.getAttribute('renderer-url');
  // Fetched once the page has settled (2.5 s after load, then idle), never on load.
  await expect
    .poll(() => modules, { timeout: 20_000 })
    .toEqual(expect.arrayContaining([componentUrl, rendererUrl]));
  await page.waitForLoadState('networkidle');
  expect(await dormantIslands(page)).toBe(1);

  await page.getByLabel('Your name', { exact: true }).focus();
  await expect.poll(() => dormantIslands(page)).toBe(0);
});

test('what is typed as the form wakes is kept, and the island acts on it', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  expect(await dormantIslands(page)).toBe(1);

  // The first key wakes the island; the rest arrive while it hydrates.
  await page.getByLabel('Your name', { exact: true }).pressSequentially('Meera Pillai');
  await expect.poll(() => dormantIslands(page)).toBe(0);
  await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('Meera Pillai');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).pressSequentially('+91 98470 55555');
  await page.getByLabel('Message', { exact: true }).pressSequentially('Typed as the form woke.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await answered(page.getByRole('status')).toContainText('your message is with us');
  await expect
    .poll(() => storedMessages(email))
    .toEqual([{ name: 'Meera Pillai', message: 'Typed as the form woke.' }]);
});

test('a checkbox ticked before the code arrives stays ticked and takes effect', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/login');
  await page.getByLabel('Password', { exact: true }).fill('monsoon backwater coconut 27');
  await page.getByLabel('Show password').check();
  release();
  await expect.poll(() => dormantIslands(page), { timeout: 30_000 }).toBe(0);

  await expect(page.getByLabel('Show password')).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('monsoon backwater coconut 27');
});

test('a submit before the code arrives is taken by the server, with the token the page’s pixel set as it loaded', async ({
  page,
}) => {
  const email = uniqueEmail();
  // Never released: the download is slow or failed.
  await openWithScriptsHeld(page, '/contact');
  await page.getByLabel('Your name', { exact: true }).fill('Meera Pillai');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+91 98470 55555');
  await page.getByLabel('Message', { exact: true }).fill('Sent before the script came.');
  await page.getByRole('button', { name: 'Send message' }).click();

  // The browser posts the form itself; the pixel every form page loads, scripts or none, set the
  // token as a cookie when the page opened, so the post needs no second press.
  await answered(page).toHaveURL(/\/contact\/sent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your message is with us');
  await expect
    .poll(() => storedMessages(email))
    .toEqual([{ name: 'Meera Pillai', message: 'Sent before the script came.' }]);
});
