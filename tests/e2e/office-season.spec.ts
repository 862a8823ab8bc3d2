import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import type { z } from 'zod';
import { baseURL } from '../../playwright.config.ts';
import { formatDay } from '../../src/features/admin/admin-fields.ts';
import type { CreatedBookingRequest } from '../../src/features/booking/booking-contract.ts';
import type { apiErrorSchema } from '../../src/lib/api-contract.ts';
import { addDays, formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import {
  listWindowDays,
  moveWindowStart,
  openingWindowStart,
  windowLength,
} from '../../src/lib/occupancy-window.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { officeNavButton, openBookingRequestsList } from '../support/office.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest } from './support/guests.ts';
import { serveOtherPlatformFeed } from './support/ical-platform.ts';
import { freeStay } from './support/stays.ts';

/**
 * The office's season in one journey, across its parts: the admin confirms a guest's request, records
 * the deposit, finds the stay on the occupancy calendar and in "Balances due", imports another
 * platform's calendar that blocks next week, sees the block on the calendar too, and a guest can no
 * longer ask for those nights. An apartment has no seasons, so the stays hold on any day it runs.
 */

const apartment = { slug: 'edappally-gated-residence', name: 'Edappally Gated Residence' };
const admin = {
  name: 'Office Season',
  email: `season.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const today = todayInKerala();
// Next week, as the other platform has it.
const blocked = { start: addDays(today, 8), end: addDays(today, 15) };

const answered = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 360_000 });
const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

let platform: Awaited<ReturnType<typeof serveOtherPlatformFeed>>;
let feedUrl = '';

test.beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
  platform = await serveOtherPlatformFeed(blocked);
  feedUrl = platform.url;
});

test.afterAll(() => platform.close());

/**
 * Moves the occupancy calendar's window on, from where it opens, until it holds `day`: a month at a
 * time while that does not pass the day, then a week at a time.
 */
async function showWindowOf(page: Page, day: string) {
  let from = openingWindowStart(todayInKerala());
  for (let press = 0; press < 60 && addDays(from, windowLength - 1) < day; press++) {
    const by = moveWindowStart(from, 'month', 1) <= day ? 'month' : 'week';
    await page
      .getByRole('button', { name: by === 'month' ? 'On a month' : 'On a week', exact: true })
      .click();
    from = moveWindowStart(from, by, 1);
  }
  const days = listWindowDays(from);
  await answered(
    page.getByRole('heading', {
      level: 3,
      name: `${formatDay(days[0] as string)} to ${formatDay(days.at(-1) as string)}`,
    }),
  ).toBeVisible();
  await answered(page.getByRole('grid')).toBeVisible();
}

test('the office confirms a stay, records its deposit, sees it on the calendar and in balances due, and a feed blocks next week for guests', async ({
  page,
  playwright,
}) => {
  const guestApi = await playwright.request.newContext({ baseURL });
  const guest = {
    name: 'Anjali Menon',
    email: `anjali.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
  await createConfirmedGuest(guestApi, guest);
  expect((await guestApi.post('/api/auth/login', { data: guest })).status()).toBe(200);
  // Far enough ahead that a deposit, not the whole price, is due; free nights, found as they stand, in
  // days no other spec takes at this apartment (form-c books from day 150, instant-book from 420): a
  // random arrival here once fell on form-c's stay.
  const stay = await freeStay(guestApi, { property: apartment.slug, today, from: 60, to: 150, nights: 5 });
  const { arrival } = stay;
  const sent = await guestApi.post('/api/booking-requests', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      ...stay,
      guests: 3,
      name: guest.name,
      email: guest.email,
      phone: '+91 98470 11111',
      city: 'Pune',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { reference, quote } = (await sent.json()) as CreatedBookingRequest;
  const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });

  await test.step('the admin finds the request by its reference and confirms it', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    // The dashboard opens on the office's day; the list is one click away.
    await openBookingRequestsList(page, 60_000);
    const search = page.getByRole('searchbox', { name: 'Search booking requests' });
    await answered(search).toBeVisible();
    await search.fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: reference });
    await answered(row).toBeVisible();
    await row.getByRole('button', { name: guest.name, exact: true }).click();
    await answered(detail.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(detail.getByRole('status').filter({ hasText: 'Booking confirmed.' })).toBeVisible();
  });

  await test.step('records the deposit the guest paid', async () => {
    const payments = detail.getByRole('region', { name: 'Payments' });
    await answered(payments.getByText('No payments recorded yet.')).toBeVisible();
    await payments.getByLabel('Amount in pounds').fill(String(quote.depositPence / 100));
    await payments.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await payments.getByRole('button', { name: 'Record payment' }).click();
    await answered(payments.getByText(`Deposit of £${quote.depositPence / 100} recorded.`)).toBeVisible();
    await expect(payments.locator('.ledger__facts div').filter({ hasText: /^Outstanding/ })).toContainText(
      formatPence(quote.balancePence),
    );
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
  });

  await test.step('sees the stay on the occupancy calendar, and opens it from there', async () => {
    await officeNavButton(page, 'Occupancy calendar').click();
    await showWindowOf(page, arrival);
    // The bar names the guest; the reference is in its description.
    const bar = page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`^${guest.name}, Confirmed ?, .*: ${reference},`) });
    await answered(bar).toBeVisible();
    await bar.focus();
    await page.keyboard.press('Enter');
    await answered(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  await test.step('and in the balances due, with the balance still owed', async () => {
    await officeNavButton(page, 'Balances due').click();
    const row = page.getByRole('row').filter({ hasText: reference });
    await answered(row).toBeVisible();
    await expect(row).toContainText(formatPence(quote.balancePence));
    await expectNoAxeViolations(page, 'balances due');
  });

  await test.step('imports another platform’s calendar that blocks next week', async () => {
    await page.goto('/admin/calendars');
    await hydrated(page);
    const section = page.getByRole('region', { name: apartment.name });
    await answered(section.getByLabel('Platform')).toBeVisible();
    await section.getByLabel('Platform').fill('Airbnb');
    await section.getByLabel('iCal link').fill(feedUrl);
    await section.getByRole('button', { name: `Add calendar to ${apartment.name}` }).click();
    await answered(section.getByText(feedUrl)).toBeVisible();
    await section.getByRole('button', { name: `Import now for ${apartment.name}` }).click();
    await answered(
      section.getByText(
        `Blocked by Airbnb: ${formatStayDate(blocked.start)} to ${formatStayDate(blocked.end)}`,
      ),
    ).toBeVisible();
  });

  await test.step('the calendar shows the nights blocked by Airbnb', async () => {
    await page.goto('/admin');
    await hydrated(page);
    await answered(officeNavButton(page, 'Occupancy calendar')).toBeVisible();
    await officeNavButton(page, 'Occupancy calendar').click();
    await showWindowOf(page, blocked.start);
    const apartmentBlocks = page
      .getByRole('grid')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `${apartment.name} (other platforms)` }) });
    await answered(apartmentBlocks.getByText('Blocked by Airbnb').first()).toBeVisible();
    await expectNoAxeViolations(page, 'the calendar with a block');
  });

  await test.step('a guest can no longer ask for those nights', async () => {
    const refused = await guestApi.post('/api/booking-requests', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        property: apartment.slug,
        arrival: addDays(blocked.start, 1),
        departure: addDays(blocked.start, 5),
        guests: 2,
        name: guest.name,
        email: guest.email,
        phone: '+91 98470 11111',
        city: 'Pune',
      },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as z.infer<typeof apiErrorSchema>).error.fields).toMatchObject({
      arrival: 'These dates are already booked',
    });
  });
  await guestApi.dispose();
});
