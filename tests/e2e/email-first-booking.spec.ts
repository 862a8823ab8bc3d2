import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import content from '../../src/content/site.json' with { type: 'json' };
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { readFactsOf } from '../support/seasons.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest, emailedLink } from './support/guests.ts';
import { freeStay } from './support/stays.ts';

/**
 * Issue 48's journeys at 360 px: a new guest books with an email address and no password (the link
 * opened in the same browser, in another, or its code typed), an instant booking is held only once the
 * email is confirmed and goes on to the deposit, and a returning guest signs in by an emailed link,
 * which a second time is refused in words. Taps are counted as every-tap-counts.spec.ts counts them:
 * each press of a link or button, each field typed, and opening the emailed link.
 */

const phone = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
test.use(phone);
test.describe.configure({ timeout: 120_000 });

const answered = expect.configure({ timeout: 30_000 });
const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated, null, { timeout: 30_000 });
const villa = { slug: 'kovalam-cliff-villa', name: 'Kovalam Cliff Villa' };
const apartment = { slug: 'edappally-gated-residence', name: 'Edappally Gated Residence' };
const newEmail = (who: string) => `${who}.${crypto.randomUUID().slice(0, 8)}@example.com`;

class Taps {
  count = 0;
  async tap(target: Locator) {
    this.count += 1;
    await target.click();
  }
  async type(field: Locator, value: string) {
    this.count += 1;
    await field.fill(value);
  }
}

/** The office's new-request emails naming `reference`. */
async function officeNoticesOf(reference: string) {
  return (await readOutbox(e2eOutboxDir)).filter(
    (message) =>
      message.to.includes(content.site.office.email) &&
      message.subject.startsWith(`New booking request ${reference}`),
  );
}

/** From a property page with the stay chosen, to the "check your inbox" the booking form answers with. */
async function askByEmail(
  page: Page,
  taps: Taps,
  stay: { arrival: string; departure: string },
  email: string,
) {
  await page.goto(`/villas/${villa.slug}?${new URLSearchParams({ ...stay, guests: '4' })}`);
  await hydrated(page);
  await answered(page.locator('.book-bar')).toContainText(/for \d+ nights/);
  await taps.tap(page.getByRole('button', { name: 'Book now' }).last());
  await hydrated(page);
  await answered(page.getByLabel('Villa or apartment')).toHaveValue(villa.slug);
  await expect(page.getByLabel('Arrival', { exact: true })).toHaveValue(stay.arrival);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the booking form of a guest who is not signed in');
  await taps.type(page.getByLabel('Your name', { exact: true }), 'Priya Nair');
  await taps.type(page.getByLabel('Email', { exact: true }), email);
  await taps.type(page.getByLabel('Phone', { exact: true }), '+44 7700 900789');
  await taps.tap(page.getByRole('button', { name: 'Send booking request' }));
  await answered(page.getByRole('heading', { name: 'Check your inbox to send your request' })).toBeVisible();
  await expectNoAxeViolations(page, 'the booking form asking for the emailed link or code');
}

test('a new guest sends a request from a property page with no password, in at most 8 taps and the emailed link', async ({
  page,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(api, {
    property: villa.slug,
    today: todayInKerala(),
    from: 380,
    to: 520,
    nights: 7,
  });
  const email = newEmail('priya');
  const taps = new Taps();
  await askByEmail(page, taps, stay, email);
  const [kept] = await query<{ n: number }>(
    serverDatabaseUrl(),
    `select count(*)::int as n from booking_requests where lower(email) = lower($1)`,
    [email],
  );
  expect(kept?.n, 'nothing is stored as a request before the email is confirmed').toBe(0);

  const link = await emailedLink(email, /link and code/);
  taps.count += 1;
  await page.goto(link);
  await answered(page).toHaveURL(/\/account\?sent=KV-/);
  const reference = new URL(page.url()).searchParams.get('sent') as string;
  const card = page.getByRole('article', { name: villa.name });
  await answered(card.getByRole('definition').filter({ hasText: reference })).toBeVisible();
  await expect(card.getByText('Status: Awaiting confirmation')).toBeVisible();
  // The page says what the link just did, above the card.
  await expect(
    page.getByRole('status').filter({ hasText: `Your request ${reference} for ${villa.name}` }),
  ).toContainText(/is sent\. We answer by email by .+, often sooner\./);

  const line = `new guest, property page with dates to a sent request: ${taps.count} taps (fields typed counted as taps, the emailed link included)`;
  console.log(line);
  testInfo.annotations.push({ type: 'count', description: line });
  expect(taps.count - 1).toBeLessThanOrEqual(8);

  await expect.poll(async () => (await officeNoticesOf(reference)).length, { timeout: 30_000 }).toBe(1);
  // Opened again, the link is refused in words, and the office still hears of the request once.
  await page.goto(link);
  await answered(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText(/used already/)).toBeVisible();
  expect((await officeNoticesOf(reference)).length).toBe(1);
});

test('the link opened in another browser (a mail app’s own) asks one press, then sends the request there', async ({
  page,
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(api, {
    property: villa.slug,
    today: todayInKerala(),
    from: 540,
    to: 680,
    nights: 7,
  });
  const email = newEmail('kiran');
  await askByEmail(page, new Taps(), stay, email);
  const link = await emailedLink(email, /link and code/);
  const mailApp = await browser.newContext({ baseURL, ...phone });
  const other = await mailApp.newPage();
  await other.goto(link);
  await hydrated(other);
  const press = other.getByRole('button', { name: 'Confirm and send my request' });
  await answered(press).toBeVisible();
  await expect(other.getByText(/signs you in here and sends your booking request/)).toBeVisible();
  await expectNoAxeViolations(other, 'the link opened in another browser');
  await press.click();
  await answered(other).toHaveURL(/\/account\?sent=KV-/);
  await answered(other.getByRole('article', { name: villa.name })).toBeVisible();
  await mailApp.close();
});

test('the code typed on the booking page sends the request in that browser', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(api, {
    property: villa.slug,
    today: todayInKerala(),
    from: 100,
    to: 240,
    nights: 7,
  });
  const email = newEmail('dev');
  await askByEmail(page, new Taps(), stay, email);
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await readOutbox(e2eOutboxDir)).filter((message) => message.to.includes(email)).at(-1);
      code = /code[^0-9]*(\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await page.getByLabel('Six-digit code').fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await answered(page.getByRole('alert')).toContainText(/not the one we sent/);
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await answered(page).toHaveURL(/\/account\?sent=KV-/);
  await answered(page.getByRole('article', { name: villa.name })).toBeVisible();
});

test('an instant booking holds its nights only once the email is confirmed, then goes on to the deposit', async ({
  page,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const today = todayInKerala();
  const stay = await freeStay(api, { property: apartment.slug, today, from: 580, to: 700, nights: 4 });
  const facts = readFactsOf(apartment.slug);
  const quote = quoteStay({ weeklyRatePence: facts.weeklyRateGbp * 100, ...stay, guests: 2, today });
  const deposit = formatPence(quote.depositPence);
  const email = newEmail('anil');
  const taps = new Taps();
  await page.goto(`/booking?${new URLSearchParams({ ...stay, guests: '2' })}`);
  await hydrated(page);
  await answered(page.getByLabel('Villa or apartment')).toHaveValue(apartment.slug);
  await taps.type(page.getByLabel('Your name', { exact: true }), 'Anil Kumar');
  await taps.type(page.getByLabel('Email', { exact: true }), email);
  await taps.type(page.getByLabel('Phone', { exact: true }), '+44 7700 900321');
  await taps.tap(page.getByRole('button', { name: 'Book and pay the deposit now' }));
  await answered(page.getByRole('heading', { name: 'Check your inbox to send your request' })).toBeVisible();
  const held = await query<{ n: number }>(
    serverDatabaseUrl(),
    `select count(*)::int as n from booking_requests where lower(email) = lower($1)`,
    [email],
  );
  expect(held[0]?.n, 'no nights held before the email is confirmed').toBe(0);

  taps.count += 1;
  await page.goto(await emailedLink(email, /link and code/));
  await answered(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
  await taps.type(page.getByLabel('Card number'), testCards.paid);
  await taps.tap(page.getByRole('button', { name: `Pay ${deposit}` }));
  await answered(page.getByRole('heading', { name: 'Booked: your stay is confirmed' })).toBeVisible();
  const line = `new guest, instant book from the booking form to a paid deposit: ${taps.count} taps (fields typed counted as taps, the emailed link included)`;
  console.log(line);
  testInfo.annotations.push({ type: 'count', description: line });
});

test('a returning guest signs in by an emailed link, and a second use of it is refused in words', async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const guest = { name: 'Lakshmi Iyer', email: newEmail('lakshmi'), password: 'spice garden monsoon 58' };
  await createConfirmedGuest(api, guest);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await answered(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in page after a link was emailed');
  const link = await emailedLink(guest.email, /link and code/);
  await page.goto(link);
  await answered(page).toHaveURL(/\/account/);
  await answered(page.getByRole('heading', { name: /Your (booking requests|bookings)/ })).toBeVisible();
  await page.goto(link);
  await answered(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText('This link has been used already.')).toBeVisible();
});

test('with JavaScript off, a signed-in guest sends a request from the booking page’s plain form', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(api, {
    property: villa.slug,
    today: todayInKerala(),
    from: 250,
    to: 370,
    nights: 7,
  });
  const guest = { name: 'Ravi Menon', email: newEmail('ravi'), password: 'coconut lagoon sunrise 64' };
  await createConfirmedGuest(api, guest);
  const context = await browser.newContext({ baseURL, ...phone, javaScriptEnabled: false });
  expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto('/booking');
  await expect(page.getByText('Checking whether you are signed in…')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Send your request' })).toBeVisible();
  // No axe here: it runs as a script in the page, which this browser runs none of.
  // The page also holds the island's form, hidden without JavaScript: the plain one is the form here.
  const plain = page.getByRole('form', { name: 'Send your request' });
  await plain.getByLabel('Villa or apartment').selectOption(villa.slug);
  await plain.getByLabel('Arrival').fill(stay.arrival);
  await plain.getByLabel('Departure').fill(stay.departure);
  await plain.getByLabel('Guests').fill('4');
  await plain.getByLabel('Your name').fill(guest.name);
  await plain.getByLabel('Email').fill(guest.email);
  await plain.getByLabel('Phone').fill('+44 7700 900654');
  await plain.getByRole('button', { name: 'Send booking request' }).click();
  await answered(page.getByRole('heading', { name: 'Your booking request is with us' })).toBeVisible();
  await expect(page.getByText(/Your reference is KV-\d{4}-\d+/)).toBeVisible();
  await context.close();
});

test('"Email me this quote" sends the breakdown, and its link reopens the form with the stay, priced again', async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const today = todayInKerala();
  const stay = await freeStay(api, { property: villa.slug, today, from: 700, to: 720, nights: 7 });
  const email = newEmail('quote');
  await page.goto(`/booking?${new URLSearchParams({ ...stay, guests: '4' })}`);
  await hydrated(page);
  await answered(page.getByRole('region', { name: 'Your price' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me this quote' }).click();
  await page.getByLabel('Email for the quote').fill(email);
  await page.getByRole('button', { name: 'Send the quote' }).click();
  await answered(page.getByText(`Quote sent to ${email}`)).toBeVisible();
  await expectNoAxeViolations(page, 'the booking form after a quote was emailed');
  const mail = await expect
    .poll(async () => (await readOutbox(e2eOutboxDir)).find((message) => message.to.includes(email)), {
      timeout: 30_000,
    })
    .toBeTruthy()
    .then(async () => (await readOutbox(e2eOutboxDir)).find((message) => message.to.includes(email)));
  expect(mail?.subject).toMatch(/Your quote for Kovalam Cliff Villa/);
  expect(mail?.text).toMatch(/Total: £[\d,]+/);
  expect(mail?.text).toMatch(/We will not email you again about this quote/);
  const link = /https?:\/\/\S+\/booking\?\S+/.exec(mail?.text ?? '')?.[0] as string;
  expect(new URL(link).searchParams.get('quoted')).toMatch(/^\d+$/);

  const later = await page
    .context()
    .browser()
    ?.newContext({ baseURL, ...phone });
  const reopened = await later?.newPage();
  if (!reopened) throw new Error('no second page');
  await reopened.goto(link);
  await hydrated(reopened);
  await answered(reopened.getByLabel('Villa or apartment')).toHaveValue(villa.slug);
  await expect(reopened.getByLabel('Arrival', { exact: true })).toHaveValue(stay.arrival);
  await answered(
    reopened.getByText(/Checked again now: the price is still £[\d,]+, as quoted\./),
  ).toBeVisible();
  await later?.close();
});
