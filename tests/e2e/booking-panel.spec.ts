import { expect, type Page, test } from '@playwright/test';
import { e2eOutboxDir } from '../../playwright.config.ts';
import { addDays, daysBetween, formatMonth, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay, type StayToPrice } from '../../src/lib/pricing.ts';
import { seasonsInPence } from '../../src/lib/seasons.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { islandHydrated } from '../support/islands.ts';
import { pickDaysClearOfChangeovers, readFactsOf } from '../support/seasons.ts';
import { confirmStay } from './support/stays.ts';

/**
 * The property page's booking panel: a stay chosen on the property's own calendar (by pointer, by
 * keyboard, or typed), the whole quote before any sign-in, and BOOK NOW carrying the stay onwards.
 */

const villa = { id: 'varkala-clifftop-villa', name: 'Varkala Clifftop Villa' };
const answered = expect.configure({ timeout: 30_000 });
// The stay `beforeAll` confirms is made once, by one worker: a second would be refused as an overlap.
test.describe.configure({ mode: 'default', timeout: 120_000 });

const hydrated = (page: Page) => islandHydrated(page, 'BookingPanel');

// A confirmed stay about three months ahead, and a free stay just after it, clear of peak weeks, whose
// changeover day would refuse these weekdays.
const today = todayInKerala();
const start = pickDaysClearOfChangeovers(today, { earliest: 95, latest: 400, span: 30, first: true });
const booked = { arrival: addDays(today, start), departure: addDays(today, start + 7) };
const free = { arrival: addDays(booked.departure, 3), departure: addDays(booked.departure, 11) };

// The villa's rates as the server prices them: its own, and its seasons'.
const facts = readFactsOf(villa.id);
const rates = { weeklyRatePence: facts.weeklyRateGbp * 100, seasons: seasonsInPence(facts.seasons) };
const priceOf = (stay: Omit<StayToPrice, 'weeklyRatePence' | 'seasons'>) => quoteStay({ ...rates, ...stay });

test.beforeAll(async ({ playwright, baseURL }) => {
  // An account, a confirmation and a request: the first calls also start each function's worker.
  test.setTimeout(150_000);
  const request = await playwright.request.newContext({ baseURL });
  await confirmStay(request, { property: villa.id, ...booked });
  await request.dispose();
});

async function openPanel(page: Page, query = '') {
  await page.goto(`/villas/${villa.id}${query}`);
  await hydrated(page);
  const panel = page.getByRole('complementary', { name: `Book ${villa.name}` });
  await answered(panel.getByRole('button', { name: 'Next month' })).toBeVisible();
  return panel;
}

async function showMonthOf(panel: ReturnType<Page['getByRole']>, date: string) {
  const caption = panel.locator('caption');
  for (
    let step = 0;
    step < 30 && (await caption.textContent()) !== formatMonth(date.slice(0, 7));
    step += 1
  ) {
    await panel.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(caption).toHaveText(formatMonth(date.slice(0, 7)));
}

const day = (panel: ReturnType<Page['getByRole']>, date: string) =>
  panel.locator(`button[data-date="${date}"]`);

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the price and BOOK NOW are in the first screen, beside the page', async ({ page }) => {
    const panel = await openPanel(page);
    const book = panel.getByRole('button', { name: 'Book now' });
    const box = await book.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    await expect(panel.getByRole('heading', { name: /^From £[\d,]+ a week$/ })).toBeVisible();
  });

  test('a guest picks a stay on the calendar, sees the whole quote, and BOOK NOW carries it', async ({
    page,
  }) => {
    const panel = await openPanel(page);
    // The stay's second night, whose month is not the arrival's when the stay arrives on a month's last day.
    const secondNight = addDays(booked.arrival, 1);
    await showMonthOf(panel, secondNight);
    const bookedNight = day(panel, secondNight);
    await expect(bookedNight).toHaveAttribute('aria-disabled', 'true');
    await expect(bookedNight).toHaveAccessibleName(/booked/);

    await panel.getByLabel('Guests').selectOption('4');
    await showMonthOf(panel, free.arrival);
    await day(panel, free.arrival).click();
    await expect(panel.getByText(/Now choose your departure day/)).toBeAttached();
    await showMonthOf(panel, free.departure);
    await day(panel, free.departure).click();

    await expect(panel.getByLabel('Arrival', { exact: true })).toHaveValue(free.arrival);
    await expect(panel.getByLabel('Departure', { exact: true })).toHaveValue(free.departure);
    const quote = priceOf({ ...free, guests: 4, today });
    const price = panel.getByRole('region', { name: 'Your price' });
    await expect(price).toContainText(`${formatPence(quote.totalPence)} in total`);
    await expect(price).toContainText(formatPence(quote.depositPence));
    await expect(price).toContainText(formatPence(quote.balancePence));
    // The chosen stay is in the address, so a reload keeps it.
    expect(new URL(page.url()).searchParams.get('arrival')).toBe(free.arrival);
    await expectNoAxeViolations(page);

    await panel.getByRole('button', { name: 'Book now' }).click();
    await expect(page).toHaveURL(/\/booking\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      property: villa.id,
      ...free,
      guests: '4',
    });
    // Signed out: the same stay and price on the form itself, and a sign-in link that comes back to them.
    await answered(page.getByLabel('Villa or apartment')).toHaveValue(villa.id);
    await expect(page.getByRole('region', { name: 'Your price' })).toContainText(
      `${formatPence(quote.totalPence)} in total`,
    );
    const signInHref = await page
      .getByRole('link', { name: 'Sign in', exact: true })
      .last()
      .getAttribute('href');
    const next = new URL(signInHref ?? '', 'http://x').searchParams.get('next') ?? '';
    expect(Object.fromEntries(new URL(next, 'http://x').searchParams)).toEqual({
      property: villa.id,
      ...free,
      guests: '4',
    });
  });

  test('dates typed over a booked stay show why, quote nothing, and do not leave the page', async ({
    page,
  }) => {
    const panel = await openPanel(page);
    await panel.getByLabel('Guests').selectOption('3');
    await panel.getByLabel('Arrival', { exact: true }).fill(addDays(booked.arrival, -2));
    await panel.getByLabel('Departure', { exact: true }).fill(addDays(booked.arrival, 5));
    await expect(panel.getByText('These dates overlap a booked stay')).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Your price' })).not.toContainText('in total');
    await panel.getByRole('button', { name: 'Book now' }).click();
    await expect(panel.getByLabel('Arrival', { exact: true })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(`/villas/${villa.id}`);
  });

  test('BOOK NOW without dates says what to choose, on the page', async ({ page }) => {
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Book now' }).click();
    await expect(panel.getByText('Choose your arrival date')).toBeVisible();
    // Guests starts at the usual party, and says so: only the dates are missing.
    await expect(panel.getByLabel('Guests')).toHaveValue('2');
    await expect(panel.getByText('Set to 2 guests, as most stays are')).toBeVisible();
    await expect(panel.getByLabel('Arrival', { exact: true })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(`/villas/${villa.id}`);
  });

  test('a stay in the address, as the search links to it, arrives chosen and priced', async ({ page }) => {
    const panel = await openPanel(page, `?arrival=${free.arrival}&departure=${free.departure}&guests=2`);
    const quote = priceOf({ ...free, guests: 2, today });
    await expect(panel.getByRole('region', { name: 'Your price' })).toContainText(
      `${formatPence(quote.totalPence)} in total`,
    );
    await expect(day(panel, free.arrival)).toHaveAttribute('aria-pressed', 'true');
  });

  test('a priced stay is emailed to keep from the panel, with no account', async ({ page }) => {
    const panel = await openPanel(page, `?arrival=${free.arrival}&departure=${free.departure}&guests=2`);
    const quote = priceOf({ ...free, guests: 2, today });
    const email = `panel.quote.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await panel.getByRole('button', { name: 'Email me this quote' }).click();
    await panel.getByLabel('Email for the quote').fill(email);
    await panel.getByRole('button', { name: 'Send the quote' }).click();
    await answered(panel.getByText(`Quote sent to ${email}`)).toBeVisible();
    await expectNoAxeViolations(page, 'the property panel after a quote was emailed');
    await expect
      .poll(
        async () => (await readOutbox(e2eOutboxDir)).find((message) => message.to.includes(email))?.text,
        {
          timeout: 30_000,
        },
      )
      .toContain(`Total: ${formatPence(quote.totalPence)}`);
    // The search was not sent with the address: the page stayed where it was.
    expect(new URL(page.url()).pathname).toBe(`/villas/${villa.id}`);
  });
});

test.describe('in peak weeks', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // The first peak season (Saturday to Saturday) far enough ahead for a deposit and inside the horizon.
  const peak = facts.seasons.find(
    (season) =>
      season.changeoverDay && daysBetween(today, season.from) > 50 && daysBetween(today, season.to) < 700,
  );
  const before = facts.seasons.find((season) => peak && season.to === addDays(peak.from, -1));

  test('a stay crossing into peak shows each season’s nights, rate and amount, adding up to the total', async ({
    page,
  }) => {
    if (!peak || !before)
      throw new Error(`${villa.name} has no peak season with a season before it in the horizon`);
    // Five nights of the season before, then the first peak week, Saturday to Saturday.
    const stay = { arrival: addDays(peak.from, -5), departure: addDays(peak.from, 7) };
    const panel = await openPanel(page, `?arrival=${stay.arrival}&departure=${stay.departure}&guests=4`);
    const quote = priceOf({ ...stay, guests: 4, today });
    expect(quote.lines.map((line) => [line.season, line.nights])).toEqual([
      [before.name, 5],
      [peak.name, 7],
    ]);
    const price = panel.getByRole('region', { name: 'Your price' });
    await expect(price).toContainText(`${formatPence(quote.totalPence)} in total`);
    for (const line of quote.lines) {
      const row = price.locator('.quote__season').filter({ hasText: `${line.season}:` });
      await expect(row.locator('dt')).toHaveText(
        line.nights % 7 === 0
          ? `${line.season}: ${line.nights} nights at ${formatPence(line.weeklyRatePence)} a week`
          : `${line.season}: ${line.nights} nights at ${formatPence(Math.round(line.weeklyRatePence / 700) * 100)} a night`,
      );
      await expect(row.locator('dd')).toHaveText(formatPence(line.amountPence));
    }
    await expectNoAxeViolations(page);
  });

  test('a Sunday in peak cannot start a stay: the calendar says why, and a typed one is refused on its field', async ({
    page,
  }) => {
    if (!peak) throw new Error(`${villa.name} has no peak season in the horizon`);
    const rule = `${peak.name} stays start and end on a ${peak.changeoverDay}`;
    const sunday = addDays(peak.from, 1);
    const panel = await openPanel(page);
    await showMonthOf(panel, sunday);
    await expect(day(panel, sunday)).toHaveAttribute('aria-disabled', 'true');
    await expect(day(panel, sunday)).toHaveAccessibleName(new RegExp(rule));
    await expect(day(panel, peak.from)).not.toHaveAttribute('aria-disabled', 'true');

    await panel.getByLabel('Guests').selectOption('4');
    await panel.getByLabel('Arrival', { exact: true }).fill(sunday);
    await panel.getByLabel('Departure', { exact: true }).fill(addDays(sunday, 7));
    await expect(
      panel.getByText(`${peak.name} stays at ${villa.name} start and end on a ${peak.changeoverDay}`).first(),
    ).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Your price' })).not.toContainText('in total');
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('by keyboard alone: arrows move through the days, Enter chooses, the bar books', async ({ page }) => {
    const panel = await openPanel(page);
    await expect(page.locator('.book-bar')).toBeInViewport();
    await panel.getByLabel('Guests').selectOption('2');
    // One day of the month takes Tab; it is today's.
    await panel.getByRole('button', { name: 'Next month' }).focus();
    await page.keyboard.press('Tab');
    const focusedDate = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);
    expect(await focusedDate()).toBe(today);
    // Four weeks at a time, then day by day, to the free stay's arrival. Each key moves the focus once
    // the calendar has drawn the day, so the presses are counted rather than read back one by one.
    const days = daysBetween(today, free.arrival);
    for (let press = 0; press < Math.floor(days / 28); press += 1) await page.keyboard.press('PageDown');
    for (let press = 0; press < days % 28; press += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDate).toBe(free.arrival);
    await page.keyboard.press('Enter');
    for (let night = 0; night < 8; night += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDate).toBe(free.departure);
    await page.keyboard.press('Enter');
    await expect(panel.getByLabel('Departure', { exact: true })).toHaveValue(free.departure);
    await expect(panel.getByText(/: 8 nights\./)).toBeAttached();

    const bar = page.locator('.book-bar');
    const quote = priceOf({ ...free, guests: 2, today });
    await expect(bar).toContainText(`${formatPence(quote.totalPence)} for 8 nights`);
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Book now' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking\\?property=${villa.id}&arrival=${free.arrival}`));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the panel is a plain form that answers the stay’s price for this home on the search page', async ({
    page,
  }) => {
    await page.goto(`/villas/${villa.id}`);
    const panel = page.getByRole('complementary', { name: `Book ${villa.name}` });
    await panel.getByLabel('Arrival', { exact: true }).fill(free.arrival);
    await panel.getByLabel('Departure', { exact: true }).fill(free.departure);
    await panel.getByLabel('Guests').selectOption('4');
    await panel.getByRole('button', { name: 'See the price' }).click();
    await expect(page).toHaveURL(/\/search\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      home: villa.id,
      ...free,
      guests: '4',
    });
    const result = page.getByRole('article', { name: villa.name });
    await expect(result).toContainText(
      `${formatPence(priceOf({ ...free, guests: 4, today }).totalPence)} for 8 nights`,
    );
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(result.getByRole('link', { name: `See ${villa.name} for these dates` })).toBeVisible();
  });
});
