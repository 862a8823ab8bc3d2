import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { waitForIslands } from '../support/islands.ts';
import { readFactsOf } from '../support/seasons.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest } from './support/guests.ts';
import { freeStay } from './support/stays.ts';

/**
 * Instant book, as a guest does it on `npm start`'s stand-in provider: the booking form of an
 * instant-book property offers to book and pay the deposit now, the provider's page takes the test
 * card, and the guest comes back to "Booked": the booking is confirmed and emailed with no office step.
 */

const answered = expect.configure({ timeout: 30_000 });
// About 15 s on an idle machine; room for a loaded one.
test.describe.configure({ timeout: 120_000 });
// Every island hydrated, those that wait for a touch woken as a guest's first focus would (/account and
// /booking wake on a touch, issue 50).
const hydrated = (page: Page) => waitForIslands(page);
const apartment = { slug: 'edappally-gated-residence', name: 'Edappally Gated Residence' };

test('a guest books an instant-book apartment, pays the deposit on the provider’s page and is booked, with no office step', async ({
  browser,
  playwright,
}) => {
  const today = todayInKerala();
  const api = await playwright.request.newContext({ baseURL });
  // Past other specs' nights of this apartment, and far enough ahead that a deposit is what is due.
  const stay = await freeStay(api, { property: apartment.slug, today, from: 420, to: 560, nights: 4 });
  const facts = readFactsOf(apartment.slug);
  const quote = quoteStay({ weeklyRatePence: facts.weeklyRateGbp * 100, ...stay, guests: 2, today });
  const deposit = formatPence(quote.depositPence);
  const guest = {
    name: 'Anjali Menon',
    email: `anjali.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
  await createConfirmedGuest(api, guest);
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const page = await context.newPage();

  await test.step('the booking form offers to book and pay the deposit now', async () => {
    await page.goto(`/booking?${new URLSearchParams({ ...stay, guests: '2' })}`);
    await hydrated(page);
    await answered(page.getByLabel('Villa or apartment')).toHaveValue(apartment.slug);
    await expect(
      page.getByText(/^Book and pay the deposit now: confirmed at once\. No wait for the office/),
    ).toBeVisible();
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900456');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByRole('button', { name: 'Book and pay the deposit now' }).click();
  });

  await test.step('the provider’s page takes the test card', async () => {
    await answered(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(baseURL);
    await page.getByLabel('Card number').fill(testCards.paid);
    await page.getByRole('button', { name: `Pay ${deposit}` }).click();
  });

  let reference = '';
  await test.step('the guest comes back to "Booked", and the booking is confirmed with no office step', async () => {
    await answered(page.getByRole('heading', { name: 'Booked: your stay is confirmed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`we received ${deposit} and booking KV-`);
    reference = /\/pay\/(KV-[0-9-]+)\/return/.exec(page.url())?.[1] ?? '';
    const [booking] = await query<{ status: string; paid: number }>(
      serverDatabaseUrl(),
      `select status, (select sum(amount_pence) from payments where booking_request_id = request.id)::int as paid
       from booking_requests request where reference = $1`,
      [reference],
    );
    expect(booking).toEqual({ status: 'confirmed', paid: quote.depositPence });
    await expect
      .poll(async () =>
        (await readOutbox(e2eOutboxDir)).some(
          ({ to, subject }) =>
            to.includes(guest.email) &&
            subject === `Confirmed: your stay at ${apartment.name} (${reference})`,
        ),
      )
      .toBe(true);
  });

  await test.step('the account page shows the stay confirmed and the deposit received', async () => {
    await page.getByRole('link', { name: 'Your bookings on your account page' }).click();
    await hydrated(page);
    const card = page.getByRole('article').filter({ hasText: reference });
    await answered(card.getByText('Status: Booked')).toBeVisible();
    await expect(card.getByText(/^Booked: these dates are yours\./)).toBeVisible();
    await expect(card.getByText(new RegExp(`Received ${deposit}`))).toBeVisible();
  });
  await context.close();
});
