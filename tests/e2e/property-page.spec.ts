import { readdirSync, readFileSync } from 'node:fs';
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { parse } from 'yaml';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatGbp } from '../../src/lib/money.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/islands.ts';

/** A property's front matter as its editor wrote it. */
type Property = {
  path: string;
  name: string;
  sleeps: number;
  latitude: number;
  longitude: number;
  images: { alt: string }[];
  faq?: { question: string; replaces?: string }[];
  weeklyRateGbp: number;
  seasons?: {
    name: string;
    from: string;
    to: string;
    weeklyRateGbp: number;
    minNights: number;
    changeoverDay?: string;
  }[];
};

function readProperties(): Property[] {
  return (['villas', 'apartments'] as const).flatMap((kind) =>
    readdirSync(`src/content/${kind}`)
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const frontMatter = readFileSync(`src/content/${kind}/${file}`, 'utf8').split(/^---$/m)[1] ?? '';
        return { ...parse(frontMatter), path: `/${kind}/${file.replace(/\.md$/, '')}` } as Property;
      }),
  );
}

const properties = readProperties();
const villa = properties.find((property) => property.path === '/villas/kovalam-cliff-villa') as Property;
const sharedQuestions = (
  JSON.parse(readFileSync('src/content/faq.json', 'utf8')) as { question: string }[]
).map((entry) => entry.question);

const viewer = (page: Page) => page.getByRole('dialog', { name: `Photographs of ${villa.name}` });
const pictureLinks = (page: Page) =>
  page.getByRole('region', { name: `Photographs of ${villa.name}` }).getByRole('link');

/** The viewer shows picture `index` (from 0): its description is announced and its picture drawn. */
async function expectPicture(page: Page, index: number) {
  const { alt } = villa.images[index] as { alt: string };
  const count = villa.images.length;
  await expect(viewer(page)).toHaveAccessibleDescription(`Picture ${index + 1} of ${count}: ${alt}`);
  await expect(viewer(page).getByRole('img', { name: alt })).toBeVisible();
  await expect(viewer(page).getByText(`${index + 1} / ${count}`)).toBeVisible();
}

/** Opens the villa page with the gallery hydrated, at `width` px wide. */
async function openVilla(page: Page, width = 1280) {
  await page.setViewportSize({ width, height: width < 720 ? 740 : 900 });
  await page.goto(villa.path);
  await waitForIslands(page);
}

test.describe('the gallery', () => {
  test('opens a picture full screen on a click, moves by buttons and arrow keys, and Escape returns focus to it', async ({
    page,
  }) => {
    await openVilla(page);
    const second = pictureLinks(page).nth(1);
    await second.click();

    await expect(viewer(page)).toBeVisible();
    await expectPicture(page, 1);
    await expect(viewer(page).getByRole('button', { name: 'Close' })).toBeFocused();
    const box = await viewer(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 900 });
    await expectNoAxeViolations(page, 'viewer open at 1280');

    await viewer(page).getByRole('button', { name: 'Next picture' }).click();
    await expectPicture(page, 2);
    await page.keyboard.press('ArrowRight');
    await expectPicture(page, 0);
    await page.keyboard.press('ArrowLeft');
    await expectPicture(page, 2);
    await viewer(page).getByRole('button', { name: 'Previous picture' }).click();
    await expectPicture(page, 1);

    await page.keyboard.press('Escape');
    await expect(viewer(page)).toBeHidden();
    await expect(second).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(villa.path);
  });

  test('opens from the keyboard, keeps focus inside, and the close button returns focus to the picture', async ({
    page,
  }) => {
    await openVilla(page);
    const third = pictureLinks(page).nth(2);
    await third.focus();
    await page.keyboard.press('Enter');
    await expectPicture(page, 2);

    // The modal dialog holds the focus: tabbing cycles through its own controls only.
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
      const onBrowserChrome = await page.evaluate(() => document.activeElement === document.body);
      expect(inside || onBrowserChrome).toBe(true);
    }

    await viewer(page).getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(viewer(page)).toBeHidden();
    await expect(third).toBeFocused();
  });

  test('follows a swipe on a 360 px touch screen and ignores a vertical drag', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(villa.path);
    await pictureLinks(page).first().scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await pictureLinks(page).first().tap();
    await expectPicture(page, 0);

    const touch = await context.newCDPSession(page);
    const figure = viewer(page).locator('figure');
    await swipe(touch, figure, -150, 0);
    await expectPicture(page, 1);
    await swipe(touch, figure, 150, 10);
    await expectPicture(page, 0);
    await swipe(touch, figure, 150, 10);
    await expectPicture(page, 2);
    await swipe(touch, figure, -30, 250);
    await expectPicture(page, 2);

    await expectNoAxeViolations(page, 'viewer open at 360');
    await viewer(page).getByRole('button', { name: 'Close' }).tap();
    await expect(viewer(page)).toBeHidden();
    await context.close();
  });

  test('without JavaScript, each picture is a link to its full-size file', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(villa.path);
    const links = pictureLinks(page);
    await expect(links).toHaveCount(villa.images.length);
    for (const [index, image] of villa.images.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAccessibleName(
        `Open picture ${index + 1} of ${villa.images.length} full screen: ${image.alt}`,
      );
      const response = await page.request.get((await link.getAttribute('href')) ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\//);
    }
    await links.nth(1).click();
    await page.waitForURL(/\/_astro\/.+\.(svg|webp)$/);
    await context.close();
  });
});

/** A one-finger swipe across `target` by (dx, dy) CSS pixels, as real touch events. */
async function swipe(touch: CDPSession, target: Locator, dx: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the swiped element is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const steps = 5;
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= steps; step += 1) {
    const point = { x: x + (dx * step) / steps, y: y + (dy * step) / steps };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('the location map', () => {
  test('asks nothing of the map provider until the visitor asks for the map, then shows the property’s place', async ({
    page,
  }) => {
    const mapRequests: string[] = [];
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    // The machine is offline: the provider's answer is played here, and every request to it is counted.
    await page.route('https://www.openstreetmap.org/**', (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' });
    });
    await page.goto(villa.path);
    const location = page.getByRole('region', { name: 'Location' });
    await location.scrollIntoViewIfNeeded();
    await expect(location).toContainText('Kovalam, Thiruvananthapuram, Kerala.');
    await expect(location.getByRole('link', { name: /Open the map on OpenStreetMap/ })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${villa.latitude}&mlon=${villa.longitude}#map=16/${villa.latitude}/${villa.longitude}`,
    );
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);

    await location.getByRole('button', { name: 'Show the map' }).click();
    const frame = location.locator(`iframe[title="Map: the area around ${villa.name}"]`);
    await expect(frame).toBeVisible();
    await expect(frame).toBeFocused();
    await expect.poll(() => mapRequests.length).toBe(1);
    const embed = new URL(mapRequests[0] ?? '');
    expect(embed.pathname).toBe('/export/embed.html');
    expect(embed.searchParams.get('marker')).toBe(`${villa.latitude},${villa.longitude}`);
    await expect(frame.contentFrame().getByText('Map')).toBeVisible();
    expect(cspErrors).toEqual([]);
  });
});

test.describe('the season table', () => {
  for (const width of [360, 1280]) {
    test(`lists each season ahead with its nights, weekly rate and shortest stay, readable at ${width} px`, async ({
      page,
    }) => {
      await openVilla(page, width);
      const table = page.getByRole('table', { name: `Rates and shortest stays by season at ${villa.name}` });
      await expect(table).toBeVisible();
      const today = todayInKerala();
      const ahead = (villa.seasons ?? []).filter((season) => season.to >= today);
      expect(ahead.length).toBeGreaterThan(0);
      // One row per season ahead, then the villa's own rate for every other night.
      await expect(table.getByRole('row')).toHaveCount(1 + ahead.length + 1);
      const peak = ahead.find((season) => season.changeoverDay) ?? ahead[0];
      if (!peak) throw new Error('no season ahead');
      const row = table.getByRole('row').nth(1 + ahead.indexOf(peak));
      await expect(row.getByRole('rowheader')).toContainText(peak.name);
      await expect(row).toContainText(formatGbp(peak.weeklyRateGbp));
      await expect(row).toContainText(`${peak.minNights} nights`);
      if (peak.changeoverDay)
        await expect(row).toContainText(`${peak.changeoverDay} to ${peak.changeoverDay}`);
      await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText('Other dates');
      await expect(table.getByRole('row').last()).toContainText(formatGbp(villa.weeklyRateGbp));
      // The table fits the page: nothing sticks out at a phone's width.
      const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The teaser is the lowest rate, and says so.
      const lowest = Math.min(villa.weeklyRateGbp, ...ahead.map((season) => season.weeklyRateGbp));
      await expect(page.getByRole('heading', { name: `From ${formatGbp(lowest)} a week` })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('the terms and the FAQ', () => {
  test('state the deposit, the balance and the house rules in short, each with a link to its full page', async ({
    page,
  }) => {
    await page.goto(villa.path);
    const payment = page.getByRole('region', { name: 'Payment and cancellation' });
    await expect(payment).toContainText(
      'A 25% deposit confirms the booking; the balance is due 45 days before arrival.',
    );
    await expect(payment.getByRole('link', { name: 'Read the full cancellation policy' })).toHaveAttribute(
      'href',
      '/cancellation-policy',
    );
    const rules = page.getByRole('region', { name: 'House rules' });
    for (const rule of [
      'Check-in from 14:00, check-out by 11:00.',
      `At most ${villa.sleeps} guests stay overnight, children included.`,
      'No parties or events.',
      'Smoking outside only.',
      'Pets on request',
    ])
      await expect(rules).toContainText(rule);
    await expect(rules.getByRole('link', { name: 'Read all the house rules' })).toHaveAttribute(
      'href',
      '/house-rules',
    );
  });

  // The questions, their answers and the FAQPage data are the page's HTML, the same with or without its
  // script: read so, every property's page costs its HTML, without its pictures, its islands, its
  // calendar's requests or a click per answer (each about 2 s here). The axe test below opens every
  // answer as a reader does.
  test.describe('read from the page as the server sends it', () => {
    test.use({ javaScriptEnabled: false });

    for (const property of properties) {
      test(`${property.path} answers the shared questions and its own, and its FAQPage data says the same`, async ({
        page,
      }) => {
        // The words are all in the HTML: its pictures need not arrive.
        await page.goto(property.path, { waitUntil: 'domcontentloaded' });
        const faq = page.getByRole('region', { name: 'Questions guests ask' });
        const summaries = faq.locator('summary');
        const visible = await summaries.allTextContents();
        const own = (property.faq ?? []).filter((entry) => !entry.replaces).map((entry) => entry.question);
        expect(new Set(visible)).toEqual(new Set([...sharedQuestions, ...own]));

        // A closed answer's words are in the page all the same.
        const answers = await faq.locator('details > p').allTextContents();
        expect(answers.every((answer) => !/\{\w+\}/.test(answer))).toBe(true);

        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        const faqPages = blocks.map((text) => JSON.parse(text)).filter((data) => data['@type'] === 'FAQPage');
        expect(faqPages).toHaveLength(1);
        const [data] = faqPages;
        expect(data['@context']).toBe('https://schema.org');
        expect(
          data.mainEntity.map(
            (entry: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }) => [
              entry['@type'],
              entry.name,
              entry.acceptedAnswer['@type'],
              entry.acceptedAnswer.text,
            ],
          ),
        ).toEqual(visible.map((question, index) => ['Question', question, 'Answer', answers[index]]));
      });
    }
  });

  test('the Kovalam Cliff Villa answers the pool question its own way, once', async ({ page }) => {
    await page.goto(villa.path);
    const pool = page.locator('details', {
      has: page.locator('summary', { hasText: 'Is the pool fenced?' }),
    });
    await expect(pool).toHaveCount(1);
    await pool.locator('summary').click();
    await expect(pool).toContainText('The infinity pool is unfenced');
  });
});

for (const width of [360, 1280]) {
  test(`the property page with its answers open has no axe violations at ${width} px`, async ({ page }) => {
    await openVilla(page, width);
    for (const summary of await page.locator('.property-faq summary').all()) await summary.click();
    await expectNoAxeViolations(page);
  });
}
