import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { readFactsOf } from '../support/seasons.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest } from './support/guests.ts';
import { freeStay } from './support/stays.ts';

/**
 * Issue #45's road, on a 360 px phone in Bristol: the home page finds an instant-book home by its
 * filter and mark, its page says nothing about waiting, the deposit is paid on the stand-in and the
 * account card says "Booked"; the office answers and the guest's email holds its words and a link to
 * the conversation, whose times are on the guest's clock with IST beside; the guest list reopens with
 * nothing blanked and saves again; and with JavaScript off the property page still gives a price.
 *
 * Taps are counted as every-tap-counts.spec.ts counts them (a press of a link, button or day; a
 * native select two; each typed field apart), from the home page to the paid deposit.
 */

const phone = {
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  timezoneId: 'Europe/London',
};
test.use(phone);
test.describe.configure({ timeout: 300_000 });

const answered = expect.configure({ timeout: 30_000 });
const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated, null, { timeout: 30_000 });
const apartment = { slug: 'edappally-gated-residence', name: 'Edappally Gated Residence' };
const word = crypto.randomUUID().slice(0, 8);
const guest = {
  name: 'Harriet Cole',
  email: `harriet.${word}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const admin = {
  name: 'Road Office',
  email: `road.office.${word}@example.com`,
  password: 'lagoon houseboat pepper 31',
};

/** What the road cost the guest. */
class Road {
  taps = 0;
  typed = 0;
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  async tap(target: Locator) {
    this.taps += 1;
    await target.click();
  }
  async type(field: Locator, value: string) {
    this.typed += 1;
    await field.fill(value);
  }
  report(testInfo: TestInfo) {
    const line = `${this.name}: ${this.taps} taps, ${this.typed} typed fields`;
    console.log(line);
    testInfo.annotations.push({ type: 'count', description: line });
  }
}

/** The newest email to `to` whose subject matches, once it is in the outbox. */
async function emailTo(to: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(e2eOutboxDir))
          .filter((message) => message.to.includes(to) && subject.test(message.subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

// Tagged @alone: its hold of the instant-book home comes from the same connection as instant-book.spec's,
// and a connection holds one stay of a home at a time, so the two must not hold at once.
test(
  'one road: an instant-book home found and paid reads "Booked", a reply arrives with its words, the guest list keeps what was typed, and a price needs no script',
  {
    tag: '@alone',
  },
  async ({ browser, playwright }, testInfo) => {
    const today = todayInKerala();
    const api = await playwright.request.newContext({ baseURL });
    // Past the nights other specs take at this apartment (instant-book from 420, form-c to 400).
    const stay = await freeStay(api, { property: apartment.slug, today, from: 570, to: 700, nights: 4 });
    const facts = readFactsOf(apartment.slug);
    const quote = quoteStay({ weeklyRatePence: facts.weeklyRateGbp * 100, ...stay, guests: 2, today });
    const deposit = formatPence(quote.depositPence);
    await createConfirmedGuest(api, guest);
    const context = await browser.newContext({ ...phone, baseURL });
    expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const page = await context.newPage();
    const road = new Road('home page to a paid deposit, signed in, instant book');

    await test.step('the home page’s search finds the instant-book home by its filter and its mark', async () => {
      await page.goto('/');
      await road.type(page.getByLabel('Arrival', { exact: true }), stay.arrival);
      await road.type(page.getByLabel('Departure', { exact: true }), stay.departure);
      await road.tap(page.getByLabel('Instant book only'));
      await road.tap(page.getByRole('button', { name: 'Search', exact: true }));
      const result = page.getByRole('article', { name: apartment.name });
      await answered(result).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(result.getByText('Instant book', { exact: true })).toBeVisible();
      await expect(result).toContainText('Book and pay the deposit now: confirmed at once.');
      await expectNoAxeViolations(page, 'search, instant book only');
      await road.tap(result.getByRole('link', { name: `See ${apartment.name} for these dates` }));
    });

    await test.step('its page promises what it does, and says nothing about waiting', async () => {
      await hydrated(page);
      await answered(page.locator('.book-bar')).toContainText(/for 4 nights/);
      const panel = page.getByRole('complementary', { name: `Book ${apartment.name}` });
      await expect(panel.getByText('Instant book', { exact: true })).toBeVisible();
      await expect(panel).toContainText('Book and pay the deposit now: confirmed at once.');
      const words = await page.locator('main').innerText();
      expect(words).not.toMatch(/within one working day|confirm by email|Nothing to pay now/);
      await road.tap(page.getByRole('button', { name: 'Book now' }).last());
    });

    await test.step('the booking form books and sends the guest to pay', async () => {
      await hydrated(page);
      await answered(page.getByLabel('Villa or apartment')).toHaveValue(apartment.slug);
      await expect(page.getByText(/^Book and pay the deposit now: confirmed at once\./)).toBeVisible();
      // Paying is what books an instant-book home: no line of the page says nothing is paid yet.
      expect(await page.locator('main').innerText()).not.toMatch(/nothing is paid until then/i);
      await road.type(page.getByLabel('Phone', { exact: true }), '+44 7700 900456');
      await road.type(page.getByLabel('Town or city'), 'Bristol');
      await road.tap(page.getByRole('button', { name: 'Book and pay the deposit now' }));
      await answered(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
      await road.type(page.getByLabel('Card number'), testCards.paid);
      await road.tap(page.getByRole('button', { name: `Pay ${deposit}` }));
      await answered(page.getByRole('heading', { name: 'Booked: your stay is confirmed' })).toBeVisible();
    });
    road.report(testInfo);

    const { bookingRequests } = (await (
      await context.request.get('/api/account/booking-requests')
    ).json()) as AccountBookingRequestsAnswer;
    const booking = bookingRequests.find((request) => request.arrival === stay.arrival);
    if (!booking) throw new Error('The paid booking is not on the guest’s account');
    const card = page.getByRole('article').filter({ hasText: booking.reference });

    await test.step('the account card says booked, in every sentence', async () => {
      await page.getByRole('link', { name: 'Your bookings on your account page' }).click();
      await hydrated(page);
      await answered(page.getByRole('heading', { name: 'Your bookings' })).toBeVisible();
      await answered(card.getByText('Status: Booked')).toBeVisible();
      await expect(
        card.getByText(/^Booked: these dates are yours\. Deposit received\. The balance of £/),
      ).toBeVisible();
      const sentences = await card.innerText();
      testInfo.annotations.push({ type: 'card', description: sentences });
      console.log(`The booked card reads:\n${sentences}`);
      expect(sentences).not.toContain('once the deposit is paid');
      expect(sentences).not.toContain('nothing is due for this request');
      await expect(card.getByText(new RegExp(`Received ${deposit}`))).toBeVisible();
      // Booked, not sent as a request: the card's date says so.
      await expect(card.locator('dt', { hasText: /^Booked$/ })).toBeVisible();
      await expect(card.locator('dt', { hasText: /^Sent$/ })).toHaveCount(0);
      await expectNoAxeViolations(page, 'account, booked');
    });

    const reply = `Welcome, Harriet. The caretaker Suresh will meet you at the gate ${word}.`;

    await test.step('the office answers, and the guest’s email holds its words and a link to answer', async () => {
      const office = await playwright.request.newContext({ baseURL });
      expect((await office.post('/api/auth/login', { data: admin })).status()).toBe(200);
      const written = await office.post(`/api/admin/booking-requests/${booking.id}/messages`, {
        headers: { 'idempotency-key': crypto.randomUUID() },
        data: { body: reply },
      });
      expect(written.status()).toBe(201);
      await office.dispose();
      const email = await emailTo(guest.email, new RegExp(`about your booking ${booking.reference}`));
      expect(email.text).toContain(`> ${reply}`);
      const link = /Answer it on your account page: (\S+)/.exec(email.text)?.[1] ?? '';
      expect(link).toContain(`/account?messages=${booking.id}`);
      await page.goto(link);
      await hydrated(page);
      const conversation = card.locator(`#messages-${booking.id}`);
      await answered(conversation.getByText(reply)).toBeVisible();
      // On the guest's clock in Bristol, with India's beside it.
      await expect(conversation.locator('time').first()).toHaveText(/ (GMT|BST) \(.*\d{2}:\d{2} IST\)$/);
    });

    await test.step('the guest list reopens with nothing blanked, and saves again', async () => {
      const open = card.getByRole('button', { name: `Who is coming on ${booking.reference}` });
      await open.click();
      const list = card.getByRole('region', { name: 'Who is coming' });
      await list.getByLabel('Arrival time (India time, 24-hour clock)').fill('16:00');
      const first = list.getByRole('group', { name: 'Guest 1' });
      await first.getByLabel('Full name, as on the passport').fill('Arjun Nair');
      await first.getByLabel('Nationality').selectOption({ label: 'Indian (India)' });
      await list.getByRole('button', { name: 'Save the guest list' }).click();
      await answered(list.getByText('Guest list saved.')).toBeVisible();
      await page.reload();
      await hydrated(page);
      await answered(open).toBeVisible();
      await open.click();
      await answered(first.getByLabel('Full name, as on the passport')).toHaveValue('Arjun Nair');
      await expect(list.getByLabel('Arrival time (India time, 24-hour clock)')).toHaveValue('16:00');
      await expect(first.getByLabel('Nationality')).toHaveValue('IN');
      await list.getByRole('button', { name: 'Save the guest list' }).click();
      await answered(list.getByText('Guest list saved.')).toBeVisible();
      await expect(list.getByRole('alert')).toHaveCount(0);
    });
    await context.close();

    await test.step('with JavaScript off, the property page gives a price', async () => {
      const plain = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
      const noScript = await plain.newPage();
      await noScript.goto(`/apartments/${apartment.slug}`);
      const panel = noScript.getByRole('complementary', { name: `Book ${apartment.name}` });
      const later = await freeStay(api, { property: apartment.slug, today, from: 570, to: 700, nights: 4 });
      await panel.getByLabel('Arrival', { exact: true }).fill(later.arrival);
      await panel.getByLabel('Departure', { exact: true }).fill(later.departure);
      await panel.getByLabel('Guests').selectOption('2');
      await panel.getByRole('button', { name: 'See the price' }).click();
      const priced = quoteStay({ weeklyRatePence: facts.weeklyRateGbp * 100, ...later, guests: 2, today });
      await answered(noScript.getByRole('article', { name: apartment.name })).toContainText(
        `${formatPence(priced.totalPence)} for 4 nights`,
      );
      await plain.close();
    });
    await api.dispose();
  },
);
