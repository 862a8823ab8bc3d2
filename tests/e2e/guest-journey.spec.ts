import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { seasonsInPence } from '../../src/lib/seasons.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { openBookingRequestsList } from '../support/office.ts';
import { pickDaysClearOfChangeovers, readFactsOf } from '../support/seasons.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { emailedLink } from './support/guests.ts';

/**
 * The road a guest takes to a £4,800-a-week villa, end to end: a search by dates on the home page, the
 * villa's quote without an account, BOOK NOW through registration and the email confirmation back to
 * the prefilled form with the same quote, the request sent; then the office confirms it, the guest's
 * confirmation email carries the reference and the deposit, and the reference finds the booking in the
 * dashboard's search.
 */

const villa = { id: 'varkala-clifftop-villa', name: 'Varkala Clifftop Villa' };
const facts = readFactsOf(villa.id);
const word = crypto.randomUUID().slice(0, 8);
const guest = {
  name: 'Priya Nair',
  email: `priya.${word}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const admin = {
  name: 'Office Journey',
  email: `office.journey+${word}@example.com`,
  password: guest.password,
};

const answered = expect.configure({ timeout: 30_000 });
const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated, null, { timeout: 30_000 });

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

test('a guest searches, books through registration, and the office confirms: the email has the reference and the deposit', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const today = todayInKerala();
  // Clear of peak weeks, whose changeover day an 8-night stay on any weekday could miss.
  const arrival = addDays(
    today,
    pickDaysClearOfChangeovers(today, { earliest: 160, latest: 400, span: 10, first: true }),
  );
  const departure = addDays(arrival, 8);
  const quote = quoteStay({
    weeklyRatePence: facts.weeklyRateGbp * 100,
    seasons: seasonsInPence(facts.seasons),
    arrival,
    departure,
    guests: 4,
    today,
  });
  const total = `${formatPence(quote.totalPence)} in total`;
  let reference = '';

  await test.step('searches the dates and guests on the home page', async () => {
    await page.goto('/');
    await page.getByLabel('Arrival', { exact: true }).fill(arrival);
    await page.getByLabel('Departure', { exact: true }).fill(departure);
    await page.getByLabel('Guests', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByRole('article').filter({ has: page.getByRole('heading', { name: villa.name }) });
    await answered(result).toContainText(formatPence(quote.totalPence));
    await result
      .getByRole('link', { name: new RegExp(villa.name) })
      .first()
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/villas/${villa.id}\\?arrival=${arrival}&departure=${departure}&guests=4`),
    );
  });

  await test.step('sees the quote for those dates without an account, and presses BOOK NOW', async () => {
    await hydrated(page);
    const panel = page.getByRole('complementary', { name: `Book ${villa.name}` });
    await answered(panel.getByRole('region', { name: 'Your price' })).toContainText(total);
    await expect(panel.getByRole('region', { name: 'Your price' })).toContainText(
      formatPence(quote.depositPence),
    );
    await panel.getByRole('button', { name: 'Book now' }).click();
    await answered(page.getByLabel('Villa or apartment')).toHaveValue(villa.id);
    await expect(page.getByRole('region', { name: 'Your price' })).toContainText(total);
  });

  await test.step('sends the request with an email address, no password, and opens the emailed link', async () => {
    await hydrated(page);
    await expect(page.getByLabel('Arrival', { exact: true })).toHaveValue(arrival);
    await expect(page.getByLabel('Departure', { exact: true })).toHaveValue(departure);
    await expect(page.getByLabel('Guests', { exact: true })).toHaveValue('4');
    await page.getByLabel('Your name', { exact: true }).fill(guest.name);
    await page.getByLabel('Email', { exact: true }).fill(guest.email);
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByLabel('Town or city').fill('Bristol');
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await answered(
      page.getByRole('heading', { name: 'Check your inbox to send your request' }),
    ).toBeVisible();
    await page.goto(await emailedLink(guest.email, /link and code/));
    await answered(page).toHaveURL(/\/account\?sent=KV-/);
    reference = new URL(page.url()).searchParams.get('sent') ?? '';
    expect(reference).toMatch(/^KV-\d{4}-\d{4,}$/);
    await answered(page.getByRole('article', { name: villa.name })).toBeVisible();
    // Where the form lands, the page says what just happened, not only the list.
    await expect(
      page.getByRole('status').filter({ hasText: `Your request ${reference} for ${villa.name}` }),
    ).toHaveText(/, is sent\. We answer by email by \w{3}, \d{1,2} \w+ \d{4}, often sooner\.$/);
    await expectNoAxeViolations(page);
  });

  await test.step('the office confirms it, and finds it by its reference', async () => {
    const office = await browser.newPage({ baseURL });
    await office.goto('/admin/login');
    await hydrated(office);
    await office.getByLabel('Email', { exact: true }).fill(admin.email);
    await office.getByLabel('Password', { exact: true }).fill(admin.password);
    await office.getByRole('button', { name: 'Sign in' }).click();
    await answered(office).toHaveURL('/admin');
    // The dashboard opens on the office's day; the list is one click away.
    await openBookingRequestsList(office);
    await office.getByRole('searchbox', { name: 'Search booking requests' }).fill(reference.toLowerCase());
    await office.getByRole('button', { name: 'Search', exact: true }).click();
    const row = office.getByRole('row').filter({ hasText: reference });
    await answered(row).toHaveCount(1);
    await expect(row).toContainText(guest.name);
    await row.getByRole('button', { name: guest.name, exact: true }).click();
    const detail = office.getByRole('dialog', { name: `Booking request from ${guest.name}` });
    await answered(detail.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(detail.getByRole('status')).toHaveText('Booking confirmed.');
    await office.close();
  });

  await test.step("the guest's confirmation email has the reference, the deposit and the stay as an .ics", async () => {
    let text = '';
    let calendar = '';
    await expect
      .poll(
        async () => {
          const confirmation = (await readOutbox(e2eOutboxDir)).find(
            (message) => message.to.includes(guest.email) && /^Confirmed:/.test(message.subject),
          );
          text = confirmation ? `${confirmation.subject}\n${confirmation.text}` : '';
          calendar =
            confirmation?.attachments.find(({ filename }) => filename === `${reference}.ics`)?.content ?? '';
          return text;
        },
        { message: `a confirmation email to ${guest.email}`, timeout: 30_000 },
      )
      .toContain(reference);
    expect(text).toContain(formatPence(quote.depositPence));
    expect(text).toContain(formatPence(quote.totalPence));
    expect(calendar).toContain(`DTSTART;VALUE=DATE:${arrival.replaceAll('-', '')}`);
    expect(calendar).toContain(`DTEND;VALUE=DATE:${departure.replaceAll('-', '')}`);
    expect(calendar).toContain(`SUMMARY:Stay at ${villa.name} (${reference})`);
  });
});
