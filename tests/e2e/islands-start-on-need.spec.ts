import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { pickDaysClearOfChangeovers } from '../support/seasons.ts';
import { createConfirmedGuest } from './support/guests.ts';

/**
 * Issue #50: a public page runs no React while it loads. Its islands' code is fetched once the page
 * has settled (2.5 s past its load, when the browser is idle) or at the visitor's first scroll, touch
 * or key, and runs only when the guest reaches for an island (a focus, pointer, key or input), or for
 * the carousel when its first slide has had its time. A press made before an island has woken is not
 * lost: it is held and answered once the island has.
 */

/** One page of each public template with islands; /booking and /account are printed per request for
 * the visitor (netlify/functions/booking-page.mts, account-page.mts), here a visitor not signed in. */
const publicTemplates = [
  '/booking',
  '/account',
  '/',
  '/villas/kovalam-cliff-villa',
  '/apartments/marine-drive-studio',
  '/contact',
  '/careers',
  '/partner',
  '/login',
  '/register',
  '/buy/villas/kovalam-cliff-villa/viewing',
];

/** The islands still the server's markup, and all the islands of the page. */
const islandCounts = (page: Page) =>
  page.evaluate(() => ({
    asleep: document.querySelectorAll('astro-island[ssr]').length,
    all: document.querySelectorAll('astro-island').length,
  }));

/** The `/_astro` modules the page fetched, with when each was asked for, and when the page loaded. */
const moduleRequests = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const modules = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/_astro\/.+\.js$/.test(entry.name) && !entry.name.includes('/island-runtime.'));
    return {
      loaded: navigation?.loadEventEnd ?? Number.NaN,
      starts: modules.map((entry) => entry.startTime),
    };
  });

const carouselSlide = (page: Page, label: string) => page.locator(`.carousel__slide[aria-label="${label}"]`);

for (const path of publicTemplates) {
  test(`${path} runs no island's React while it loads, and fetches their code only after`, async ({
    page,
  }) => {
    await page.goto(path);
    // The fetch waits for the page to settle (2.5 s after load, then idle): wait for it, not a time.
    await expect
      .poll(async () => (await moduleRequests(page)).starts.length, {
        message: "the islands' code fetched once the page has settled",
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const { asleep, all } = await islandCounts(page);
    expect(all, 'the page has islands').toBeGreaterThan(0);
    expect(asleep, 'islands hydrated without a touch').toBe(all);
    const { loaded, starts } = await moduleRequests(page);
    // Nobody touched the page: its islands' code waited for it to settle, 2.5 s past its load.
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(loaded + 2500);
  });
}

test('a scroll fetches the islands’ code at once, before the page has settled', async ({ page }) => {
  await page.goto('/villas/kovalam-cliff-villa');
  // The directive listens once the island runtime has defined <astro-island> (a frame after).
  await page.waitForFunction(() => customElements.get('astro-island') !== undefined);
  const scrolledAt = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollBy(0, 400);
    return performance.now();
  });
  await expect.poll(async () => (await moduleRequests(page)).starts.length).toBeGreaterThan(0);
  const { loaded, starts } = await moduleRequests(page);
  test.skip(scrolledAt > loaded + 2000, 'the machine took 2 s past the load to scroll: the page had settled');
  expect(Math.min(...starts)).toBeGreaterThanOrEqual(scrolledAt);
  expect(Math.min(...starts)).toBeLessThan(loaded + 2500);
  expect((await islandCounts(page)).asleep, 'a scroll fetches, it wakes nothing').toBeGreaterThan(0);
});

test('the first press on the carousel’s Next, made before React has started, moves the slide', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect((await islandCounts(page)).asleep).toBe(1);

  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(carouselSlide(page, '2 of 4')).not.toHaveAttribute('aria-hidden', 'true');
  await expect(carouselSlide(page, '1 of 4')).toHaveAttribute('aria-hidden', 'true');
});

test('a press made before the island runtime has arrived is remembered and answered', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Next slide' }).click();
  release();
  await expect(carouselSlide(page, '2 of 4')).not.toHaveAttribute('aria-hidden', 'true', { timeout: 30_000 });
});

test('the carousel’s Next works by keyboard as its first touch', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Enter');
  await expect(carouselSlide(page, '2 of 4')).not.toHaveAttribute('aria-hidden', 'true');
});

test('the carousel starts React untouched once its first slide has had its time, and then moves on', async ({
  page,
}) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect((await islandCounts(page)).asleep).toBe(1);

  await page.clock.runFor(8_100);
  // The page's clock moves only as it is run: a frame at a time, until the slide has moved.
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return carouselSlide(page, '2 of 4').getAttribute('aria-hidden');
    })
    .toBeNull();
  expect((await islandCounts(page)).asleep).toBe(0);
});

test('for a visitor who prefers reduced motion the carousel stays asleep until touched', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(30_000);
  expect((await islandCounts(page)).asleep).toBe(1);
});

test('a gallery picture pressed before the viewer has woken opens full screen, not as a file', async ({
  page,
}) => {
  const villa = '/villas/kovalam-cliff-villa';
  await page.goto(villa);
  await page.waitForLoadState('networkidle');
  expect((await islandCounts(page)).asleep).toBe((await islandCounts(page)).all);

  await page.locator('a[data-picture]').first().click();
  const viewer = page.getByRole('dialog', { name: 'Photographs of Kovalam Cliff Villa' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Close/ })).toBeFocused();
  expect(new URL(page.url()).pathname).toBe(villa);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.locator('a[data-picture]').first()).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the booking bar’s Choose dates wakes the panel and its calendar shows the free days', async ({
    page,
  }) => {
    await page.goto('/villas/kovalam-cliff-villa');
    await page.waitForLoadState('networkidle');
    await expect(
      page.getByText('Tap here or choose a date to see the calendar of free days.'),
    ).toBeAttached();

    await page.locator('.book-bar').getByRole('link', { name: 'Choose dates' }).tap();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Tap here or choose a date')).toHaveCount(0);
  });
});

test.describe('the pages printed for who is signed in', () => {
  test.describe.configure({ timeout: 120_000 });
  const answered = expect.configure({ timeout: 30_000 });
  const stay = (() => {
    const today = todayInKerala();
    const arrival = addDays(
      today,
      pickDaysClearOfChangeovers(today, { earliest: 120, latest: 400, span: 10, first: true }),
    );
    return { property: 'kovalam-cliff-villa', arrival, departure: addDays(arrival, 7) };
  })();

  test('/booking with a stay in its address arrives with that form and its quote, asleep, and keeps what is typed', async ({
    page,
  }) => {
    await page.goto(`/booking?property=${stay.property}&arrival=${stay.arrival}&departure=${stay.departure}`);
    await page.waitForLoadState('networkidle');
    expect((await islandCounts(page)).asleep).toBe((await islandCounts(page)).all);
    // Before React: the signed-out form (booking by email), the home chosen, the quote printed.
    await expect(page.getByText('Checking whether you are signed in')).toHaveCount(0);
    await expect(page.getByLabel('Villa or apartment')).toHaveValue(stay.property);
    await expect(page.getByLabel('Arrival')).toHaveValue(stay.arrival);
    await expect(page.getByText('Booked with us before?')).toBeVisible();
    const total = page.locator('.quote__total dd');
    await expect(total).toHaveText(/^£[\d,]+/);
    const printedTotal = await total.textContent();

    // By keyboard: the first Tab into the form wakes it; what is typed stays.
    await page.getByLabel('Your name').focus();
    await page.keyboard.type('Meera Pillai');
    await answered.poll(async () => (await islandCounts(page)).asleep).toBe(0);
    await expect(page.getByLabel('Your name')).toHaveValue('Meera Pillai');
    // Hydrated from the server's markup, not drawn afresh (a client render's ids have a small r).
    expect(await page.locator('.session-island form').first().getAttribute('id')).toMatch(/^_r\d+R/);
    await expect(total).toHaveText(printedTotal ?? '');
  });

  test('/account arrives saying where a signed-in guest’s booking stands before React, and React then says the same', async ({
    page,
  }) => {
    const guest = {
      name: 'Leela Varghese',
      email: `leela.${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'monsoon backwater coconut 27',
    };
    await createConfirmedGuest(page.request, guest);
    expect((await page.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const sent = await page.request.post('/api/booking-requests', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { ...stay, guests: 2, name: guest.name, email: guest.email, phone: '+91 98470 55555' },
    });
    expect(sent.status()).toBe(201);

    // Its scripts held: what the server printed, before any React.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    expect((await islandCounts(page)).asleep).toBe(1);
    await expect(page.getByText(`Signed in as ${guest.name}`)).toBeVisible();
    const card = page.getByRole('article', { name: 'Kovalam Cliff Villa' });
    await expect(card.locator('.request__status')).toHaveText('Status: Awaiting confirmation');
    const printed = await card.textContent();

    // Signed in, it wakes at once (its cards fetch more of their own), from the same state.
    release();
    await answered.poll(async () => (await islandCounts(page)).asleep).toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).focus();
    // Hydrated, not drawn afresh: the same words, and the form ids the server gave (`useId`'s R).
    expect(await card.textContent()).toBe(printed);
    // Awake, it signs out, and the page printed next says so.
    await page.keyboard.press('Enter');
    await answered(page.getByText('You are signed out.')).toBeVisible();
    await page.unrouteAll();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to see your bookings' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await islandCounts(page)).asleep).toBe(1);
  });

  test('/account answers a guest’s tap on a card’s button made before React woke, once it has', async ({
    page,
  }) => {
    const guest = {
      name: 'Tara Menon',
      email: `tara.${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'monsoon backwater coconut 27',
    };
    await createConfirmedGuest(page.request, guest);
    expect((await page.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const sent = await page.request.post('/api/booking-requests', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { ...stay, guests: 2, name: guest.name, email: guest.email, phone: '+91 98470 55556' },
    });
    expect(sent.status()).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const card = page.getByRole('article').filter({ hasText: reference });
    const button = card.getByRole('button', { name: `Messages about ${reference}` });
    await expect(button).toBeVisible();
    // The tap a slow phone's guest makes on the printed page, before any of its scripts has come.
    await button.click();
    release();
    await answered(card.getByRole('region', { name: 'Messages' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  test('without JavaScript /booking shows only its plain form, and /account where the bookings stand', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/booking?property=${stay.property}`);
    await expect(page.locator('.session-island')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Send your request' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Sign in to see your bookings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute('href', /\/login/);
    await context.close();
  });
});
