import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { todayInKerala } from '../../src/lib/dates.ts';
import { findLowestWeeklyRatePence, listSeasonsStillAhead } from '../../src/lib/seasons.ts';
import { everyIslandHydrated, islandsHydrated, waitForIslands } from '../support/islands.ts';
import { readFactsOf } from '../support/seasons.ts';

/** What the tests need from a content file's front matter, read the way an editor wrote it. */
function readCollection(collection: 'villas' | 'apartments' | 'posts') {
  const dir = `src/content/${collection}`;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const source = readFileSync(`${dir}/${file}`, 'utf8');
      const field = (name: string) => source.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1];
      return {
        id: file.replace(/\.md$/, ''),
        name: field('name') ?? field('title') ?? '',
        legacyId: Number(field('legacyId')),
        weeklyRateGbp: Number(field('weeklyRateGbp')),
        forRent: field('forRent') !== 'false',
      };
    });
}

const villas = readCollection('villas');
const apartments = readCollection('apartments');
const posts = readCollection('posts');
const propertyPages = [
  ...villas.map((villa) => `/villas/${villa.id}`),
  ...apartments.map((apartment) => `/apartments/${apartment.id}`),
];

const canonicalRoutes = [
  '/',
  '/about',
  '/villas',
  '/apartments',
  '/projects',
  '/homes-for-sale',
  '/buying-from-abroad',
  '/blog',
  ...propertyPages,
  ...posts.map((post) => `/blog/${post.id}`),
];

/** Every route of the old site, and where it lives now. */
const oldRoutes: [string, string][] = [
  ...villas.map((villa): [string, string] => [`/singlepage?id=${villa.legacyId}`, `/villas/${villa.id}`]),
  ...apartments.map((apartment): [string, string] => [
    `/singleapartment?id=${apartment.legacyId}`,
    `/apartments/${apartment.id}`,
  ]),
  ['/carrers', '/careers'],
  ['/viewprop', '/projects'],
  ['/forgotpassword', '/forgot-password'],
  ['/varify-email', '/verify-email'],
  ['/dashboard', '/account'],
  ['/paymentpage', '/account'],
  ['/logadmin', '/admin/login'],
  ['/adminlogin', '/admin/login'],
  ['/loginadmin', '/admin/login'],
  ['/adminmain', '/admin'],
];

function first<Item>(items: Item[]): Item {
  const [item] = items;
  if (!item) throw new Error('The content has no entries');
  return item;
}

test('the content gives every villa and apartment its own old id', () => {
  for (const properties of [villas, apartments]) {
    const ids = properties.map((property) => property.legacyId).sort((a, b) => a - b);
    expect(ids).toEqual(properties.map((_, index) => index + 1));
  }
});

/**
 * What each public page serves and ships, read from one load of it: four tests a page, each loading it
 * afresh, spent about two seconds apiece of the suite's time on opening the page, for what one load
 * shows as well. axe reads each of these pages in a11y-pages.spec.ts, at a phone's width and, per
 * template, a desktop's.
 */
for (const route of canonicalRoutes) {
  test(`${route} answers 200, tells crawlers what it is, ships only the scripts it needs, and raises no CSP error once its islands have run`, async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);

    await test.step('a title, a description, a clean canonical URL and a share image, in the HTML as served', async () => {
      await expect(page).toHaveTitle(/Kayal Villas/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(route);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /^https?:\/\/.+\.jpe?g$/,
      );
    });

    if (propertyPages.includes(route)) {
      // A property page's islands are its gallery's viewer and its booking panel, each woken by a
      // touch, and its guests' reviews, loaded when scrolled into view; a home only for sale has no
      // booking panel.
      const forRent = ![...villas, ...apartments].some(
        (home) => route.endsWith(`/${home.id}`) && !home.forRent,
      );
      await test.step('only the gallery viewer, the reviews and the booking panel, each loaded no sooner than needed', async () => {
        const islands = page.locator('astro-island');
        await expect(islands).toHaveCount(forRent ? 3 : 2);
        const loading = await islands.evaluateAll((elements) =>
          elements.map((element) => [
            element.getAttribute('component-url')?.match(/\/(\w+)\.[\w-]+\.js$/)?.[1],
            element.getAttribute('client'),
          ]),
        );
        expect(loading.sort()).toEqual([
          ...(forRent ? [['BookingPanel', 'interaction']] : []),
          ['GalleryViewer', 'interaction'],
          ['PropertyReviews', 'visible'],
        ]);
      });
    } else if (route !== '/') {
      await test.step('no script but its structured data', async () => {
        await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
        await expect(page.locator('astro-island')).toHaveCount(0);
      });
    }

    await test.step('no CSP error once every island has run', async () => {
      // Every island's script runs under the page's CSP, those that wait to be seen included.
      await waitForIslands(page);
      expect(cspErrors).toEqual([]);
    });
  });
}

for (const [from, to] of oldRoutes) {
  test(`the old ${from} moved permanently to ${to}`, async ({ request, baseURL }) => {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers().location ?? '', baseURL).pathname).toBe(to);
    // A redirect is an answer too: it carries the headers every answer does.
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });
}

test('an old villa link with an unknown id lands on the villa list', async ({ request, baseURL }) => {
  const response = await request.get('/singlepage?id=99', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(new URL(response.headers().location ?? '', baseURL).pathname).toBe('/villas');
});

test('the lists and the home page link every property by name', async ({ page }) => {
  for (const [list, properties] of [
    ['/villas', villas],
    ['/apartments', apartments],
  ] as const) {
    await page.goto(list);
    // A home only for sale is not in the rental lists: the homes for sale list it.
    for (const property of properties.filter((home) => home.forRent)) {
      const link = page.getByRole('link', { name: `More details about ${property.name}` });
      await expect(link).toHaveAttribute('href', `${list}/${property.id}`);
    }
  }
  await page.goto('/');
  for (const post of posts) {
    await expect(page.getByRole('link', { name: post.name })).toHaveAttribute('href', `/blog/${post.id}`);
  }
  await expect(page.getByRole('link', { name: 'View all properties' })).toHaveAttribute('href', '/projects');
});

test('a property page shows both prices and books that property', async ({ page }) => {
  const villa = villas.find((each) => each.id === 'kovalam-cliff-villa') ?? first(villas);
  await page.goto(`/villas/${villa.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(villa.name);
  await expect(page.getByText(/£[\d,]+/).first()).toBeVisible();
  await expect(page.getByText(/₹[\d.]+ (lakh|crore)/).first()).toBeVisible();
  await expect(page.getByText('A 20% discount applies when exactly two guests stay.')).toBeVisible();
  // Asleep (or without JavaScript) the panel asks the search page for this home's price; awake, BOOK NOW books.
  const panel = page.getByRole('complementary', { name: `Book ${villa.name}` });
  await expect(panel.locator('form')).toHaveAttribute('action', '/search');
  await expect(panel.locator('input[name="home"]')).toHaveValue(villa.id);
  await panel.getByLabel('Arrival', { exact: true }).focus();
  await expect(panel.getByRole('button', { name: 'Book now' })).toBeVisible({ timeout: 30_000 });
});

test('structured data parses and describes the business and each property', async ({ page }) => {
  const blocks = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );

  await page.goto('/');
  expect((await blocks()).map((block) => block['@type'])).toContain('TravelAgency');

  for (const [kind, properties] of [
    ['villas', villas],
    ['apartments', apartments],
  ] as const) {
    for (const property of properties) {
      await page.goto(`/${kind}/${property.id}`);
      const rental = (await blocks()).find((block) => block['@type'] === 'VacationRental');
      expect(rental, property.id).toBeDefined();
      expect(rental?.name).toBe(property.name);
      // The rent is offered from the lowest weekly rate still ahead, as the page's "from £X a week".
      const facts = readFactsOf(property.id);
      const seasons = listSeasonsStillAhead(facts.seasons, todayInKerala());
      const lowest =
        findLowestWeeklyRatePence({ ...facts, weeklyRatePence: facts.weeklyRateGbp * 100, seasons }) / 100;
      expect(rental?.makesOffer).toContainEqual(
        expect.objectContaining({ '@type': 'Offer', priceCurrency: 'GBP', price: lowest }),
      );
    }
  }

  await page.goto(`/blog/${first(posts).id}`);
  expect((await blocks()).map((block) => block['@type'])).toContain('BlogPosting');
});

test('the sitemap lists every property page, and robots.txt points at it', async ({ request }) => {
  const locations = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? ''));
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const listed: string[] = [];
  for (const sitemap of locations(await index.text())) {
    const response = await request.get(sitemap.pathname);
    expect(response.status()).toBe(200);
    listed.push(...locations(await response.text()).map((url) => url.pathname));
  }
  for (const route of canonicalRoutes) expect(listed).toContain(route);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
  const old = await request.get('/sitemap.xml', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
});

test('only the largest picture of a page loads first, as its one SVG file cached for good', async ({
  page,
  request,
}) => {
  for (const route of ['/', `/villas/${first(villas).id}`, `/blog/${first(posts).id}`]) {
    await page.goto(route);
    const lead = page.locator('img[fetchpriority="high"]');
    await expect(lead).toHaveCount(1);
    await expect(lead).toHaveAttribute('loading', 'eager');
    const unsized = await page.locator('img:not([width]), img:not([height])').count();
    expect(unsized).toBe(0);
    // The artwork is vector: no raster renditions of it, the SVG is the picture.
    await expect(page.locator('picture source')).toHaveCount(0);
    const svg = await request.get((await lead.getAttribute('src')) ?? '');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers()['cache-control']).toContain('immutable');
  }
});

test('a page with islands links one stylesheet, and asks for its hero picture from the head, once', async ({
  page,
}) => {
  for (const route of ['/', `/villas/${first(villas).id}`]) {
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') pictures.push(new URL(request.url()).pathname);
    });
    await page.goto(route);
    await expect(page.locator('link[rel="stylesheet"]'), route).toHaveCount(1);
    await expect(page.locator('link[rel="stylesheet"]'), route).toHaveAttribute(
      'href',
      /^\/_astro\/page-styles\.[0-9a-f]{10}\.css$/,
    );
    // The one file is the page's style: the bar at the top takes the site's teal from it.
    expect(
      await page.locator('header.navbar').evaluate((bar) => getComputedStyle(bar).backgroundColor),
      route,
    ).toBe('rgb(14, 74, 71)');
    const hero = (await page.locator('img[fetchpriority="high"]').getAttribute('src')) ?? '';
    await expect(page.locator('head link[rel="preload"][as="image"]'), route).toHaveAttribute('href', hero);
    await page.waitForLoadState('load');
    // Preloaded with the <img>'s own srcset and sizes: fetched once, not once for each.
    expect(
      pictures.filter((path) => path === hero),
      route,
    ).toHaveLength(1);
    page.removeAllListeners('request');
  }
});

test.describe('the home page carousel', () => {
  test('is rendered before its script runs, with the first picture', async ({ page }) => {
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured stays' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('group', { name: '1 of 4' }).getByRole('img')).toBeVisible();
  });

  test('works by keyboard and announces the slide it shows', async ({ page }) => {
    await page.goto('/');
    await islandsHydrated(page);
    const carousel = page.getByRole('region', { name: 'Featured stays' });
    const slide = carousel.getByRole('group');
    await expect(slide).toHaveAccessibleName('1 of 4');

    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAccessibleName('2 of 4');
    await page.keyboard.press('Space');
    await expect(slide).toHaveAccessibleName('3 of 4');
    // Working inside the carousel stops it, and the live region speaks again.
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAccessibleName('2 of 4');
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAccessibleName('1 of 4');

    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Pause slide show' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeFocused();
  });

  test('moves on its own slowly enough to read, silently', async ({ page }) => {
    // The page's clock stands still from its first moment but for runFor, so neither a slow machine's
    // real seconds nor the moment the island happens to hydrate can move the slide early (in CI they did,
    // while the test waited for the island with the clock running).
    const start = new Date('2026-11-01T08:00:00Z').getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/');
    await page.clock.runFor(1_000);
    // Woken as a focus wakes it, each check: React starts after the next frame, which a stopped clock
    // gives only as it is run.
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return page.evaluate(everyIslandHydrated);
      })
      .toBe(true);
    const carousel = page.getByRole('region', { name: 'Featured stays' });
    const slide = carousel.getByRole('group');
    await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
    // The first slide's 8 s count from the page's start, which came before React did (the island wakes
    // at the latest when they are up): still on it well within them, moved once they are past.
    await page.clock.runFor(5_000);
    await expect(slide).toHaveAccessibleName('1 of 4');
    await page.clock.runFor(3_500);
    await expect(slide).toHaveAccessibleName('2 of 4');
  });

  test('stays still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(1_000);
    await islandsHydrated(page);
    const carousel = page.getByRole('region', { name: 'Featured stays' });
    await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(carousel.getByRole('group')).toHaveAccessibleName('1 of 4');
  });
});
