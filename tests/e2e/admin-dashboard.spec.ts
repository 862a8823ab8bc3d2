import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { fetchFormToken } from '../../scripts/support/form-token.ts';
import { formatDay } from '../../src/features/admin/admin-fields.ts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { openBookingRequestsList } from '../support/office.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest } from './support/guests.ts';

/**
 * The office dashboard, its whole journey: an admin sees a guest's booking request arrive without
 * reloading, confirms it, is refused an overlapping one, searches, deletes with a real confirmation,
 * restores from Trash, exports CSV and signs out; nobody else sees any of it.
 */

type Account = { name: string; email: string; password: string };

/** Letters only, so a name stays a plausible name and a search for it matches only this run's rows. */
const uniqueWord = () =>
  `K${crypto
    .randomUUID()
    .replace(/-/g, '')
    .slice(0, 7)
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`;

const newAccount = (first: string): Account => {
  const word = uniqueWord();
  return {
    name: `${first} ${word}`,
    email: `${first.toLowerCase()}.${word.toLowerCase()}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
};

const admin = newAccount('Office');

/** Server answers: a function's first call starts its instance (0.3–0.6 s), and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

// One worker makes the admin in `beforeAll` and signs in as it.
test.describe.configure({ mode: 'default', timeout: 240_000 });

test.beforeAll(() => {
  // The way the office makes its first admin (npm run admin:create), on the e2e server's database.
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

/** A guest account made, confirmed and signed in through the API. */
async function signInNewGuest(request: APIRequestContext, guest: Account) {
  await createConfirmedGuest(request, guest);
  expect((await request.post('/api/auth/login', { data: guest })).status()).toBe(200);
}

async function sendBookingRequest(request: APIRequestContext, guest: Account, arrival: string) {
  const sent = await request.post('/api/booking-requests', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      property: 'kumarakom-lakeside-villa',
      arrival,
      departure: addDays(arrival, 7),
      guests: 3,
      name: guest.name,
      email: guest.email,
      phone: '+91 98470 12345',
      city: 'Kottayam',
    },
  });
  expect(sent.status()).toBe(201);
}

async function signInAsAdmin(page: Page, account: Account = admin) {
  await page.goto('/admin/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin confirms, is refused an overlap, searches, deletes, restores, exports and signs out', async ({
  page,
  playwright,
}) => {
  const guest = newAccount('Lakshmi');
  const guestApi = await playwright.request.newContext({ baseURL });
  await signInNewGuest(guestApi, guest);
  const firstArrival = addDays(todayInKerala(), 500);
  const overlappingArrival = addDays(firstArrival, 3);
  const rowOf = (arrival: string) =>
    page
      .getByRole('row')
      .filter({ hasText: guest.name })
      .filter({ hasText: new RegExp(`(?<!\\d)${formatDay(arrival)} to `) });
  const liveRegion = page.getByRole('status', { name: 'What the list shows' });
  const arrivalsRegion = page.getByRole('status', { name: 'New arrivals' });

  await test.step('signs in at /admin/login and lands on the dashboard', async () => {
    // An arrival is what came after the dashboard's first look at the counts: requests sent before that
    // answer are already there when it opens, and nothing announces them (a loaded run, 2026-11-28).
    const firstCounts = page.waitForResponse((response) => response.url().endsWith(apiRoutes.adminSummary));
    await signInAsAdmin(page);
    await answered(page).toHaveURL('/admin');
    // The dashboard opens on the office's day; the list is one click away.
    await openBookingRequestsList(page);
    await answered(page.getByRole('heading', { name: 'Booking requests', level: 2 })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await firstCounts;
  });

  await test.step("sees a guest's booking request arrive without reloading", async () => {
    // Both now: once the first is confirmed, the booking form refuses a stay that overlaps it.
    await sendBookingRequest(guestApi, guest, firstArrival);
    await sendBookingRequest(guestApi, guest, overlappingArrival);
    // Heard first: the poll that announces them also loads their rows, and a later poll's arrivals
    // (other people's forms) replace the announcement, which may name theirs beside ours.
    await answered(arrivalsRegion).toContainText(/new booking requests?\b[^.]* arrived\./);
    await answered(rowOf(firstArrival)).toBeVisible();
    await answered(rowOf(overlappingArrival)).toBeVisible();
    await expect(rowOf(firstArrival)).toContainText('New');
    await answered(page.getByRole('button', { name: /^Bookings\W+\d+ waiting$/ })).toBeVisible();
  });

  await test.step('opens it and confirms it', async () => {
    await rowOf(firstArrival).getByRole('button', { name: guest.name, exact: true }).click();
    const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
    await answered(detail.getByText(guest.email)).toBeVisible();
    await expect(detail.getByText(/^Receipt to the guest: Sent \d/)).toBeVisible();
    await expect(detail.getByText(/^Notice to the office: Sent \d/)).toBeVisible();
    await detail.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(detail.getByRole('status')).toHaveText('Booking confirmed.');
    await answered(detail.getByText(`Status changed from New to Confirmed by ${admin.email}`)).toBeVisible();
    await expect(detail.getByText(/^Confirmation to the guest: Sent \d/)).toBeVisible();
    await expect(detail.getByText(/^KV-\d{4}-\d{4,}$/)).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    await expect(rowOf(firstArrival).getByRole('cell', { name: 'Confirmed' })).toBeVisible();
  });

  await test.step('tries to confirm an overlapping stay and is told why not', async () => {
    await rowOf(overlappingArrival).getByRole('button', { name: guest.name, exact: true }).click();
    const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
    await answered(detail.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(detail.getByRole('alert')).toContainText('This stay overlaps a confirmed booking');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(rowOf(overlappingArrival).getByRole('cell', { name: 'New', exact: true })).toBeVisible();
  });

  await test.step('declines it only after saying yes to the question', async () => {
    await rowOf(overlappingArrival).getByRole('button', { name: guest.name, exact: true }).click();
    const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
    await answered(detail.getByRole('button', { name: 'Decline booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Decline booking' }).click();
    const question = detail.getByRole('group', { name: /Decline this booking request\?/ });
    await expect(question.getByRole('button', { name: 'Keep it as it is' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep it as it is' }).click();
    await expect(question).toBeHidden();
    await detail.getByRole('button', { name: 'Decline booking' }).click();
    await question.getByRole('button', { name: 'Yes, decline booking' }).click();
    await answered(detail.getByRole('status')).toHaveText('Booking declined.');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(
      rowOf(overlappingArrival).getByRole('cell', { name: 'Declined', exact: true }),
    ).toBeVisible();
  });

  const table = page.getByRole('region', { name: 'Booking requests', exact: true });

  await test.step('searches on the server', async () => {
    const search = page.getByRole('searchbox', { name: 'Search booking requests' });
    await search.fill('nothing-matches-this-search');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answered(page.getByText('Nothing to show here.')).toBeVisible();
    await search.fill(guest.name.split(' ')[1] ?? '');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answered(table.getByRole('row')).toHaveCount(3);
    await expect(liveRegion).toHaveText('2 booking requests shown.');
  });

  await test.step('cancels a delete, and the row stays', async () => {
    const deleteButton = rowOf(overlappingArrival).getByRole('button', { name: `Delete ${guest.name}` });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: 'Move this booking request to Trash?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await page.waitForTimeout(1000);
    await expect(rowOf(overlappingArrival)).toBeVisible();
  });

  await test.step('deletes it: the row moves to Trash', async () => {
    await rowOf(overlappingArrival)
      .getByRole('button', { name: `Delete ${guest.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Move this booking request to Trash?' });
    await confirm.getByRole('button', { name: 'Move to Trash' }).click();
    await answered(confirm).toBeHidden();
    await expect(rowOf(overlappingArrival)).toHaveCount(0);
    await expect(liveRegion).toContainText('is in Trash');
    await page.getByRole('button', { name: /^Trash/ }).click();
    await answered(page.getByRole('region', { name: 'Booking requests in Trash' })).toBeVisible();
    await expect(rowOf(overlappingArrival)).toBeVisible();
    await expect(rowOf(firstArrival)).toHaveCount(0);
  });

  await test.step('restores it from Trash', async () => {
    await rowOf(overlappingArrival)
      .getByRole('button', { name: `Restore ${guest.name}` })
      .click();
    await answered(rowOf(overlappingArrival)).toHaveCount(0);
    await expect(liveRegion).toContainText('is restored');
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await answered(rowOf(overlappingArrival)).toBeVisible();
    await expect(rowOf(firstArrival)).toBeVisible();
  });

  await test.step('exports what the view shows as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('link', { name: /^Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^booking-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Status');
    expect(lines.filter((line) => line.includes(guest.email))).toHaveLength(2);
    expect(csv).toContain(firstArrival);
  });

  await test.step('signs out: back to the sign-in, and the API refuses the old session', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await answered(page).toHaveURL('/admin/login');
    expect((await page.request.get('/api/admin/summary')).status()).toBe(401);
  });

  await guestApi.dispose();
});

test('a guest who opens /admin sees no data and is sent to the admin sign-in', async ({ page }) => {
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminRequests.push(request.url());
  });

  await test.step('signed out', async () => {
    await page.goto('/admin');
    await answered(page).toHaveURL('/admin/login');
    await expect(page.getByRole('heading', { name: 'Office sign in' })).toBeVisible();
  });

  await test.step('signed in as a guest', async () => {
    const guest = newAccount('Anil');
    // Signing in through page.request gives the page the same session cookies.
    await signInNewGuest(page.request, guest);
    await page.goto('/admin');
    await answered(page).toHaveURL('/admin/login');
  });

  expect(adminRequests).toEqual([]);
  expect((await page.request.get('/api/admin/booking-requests')).status()).toBe(403);
});

test('a guest account is refused at the admin sign-in and signed out again', async ({ page, playwright }) => {
  const guest = newAccount('Devika');
  const setup = await playwright.request.newContext({ baseURL });
  await signInNewGuest(setup, guest);
  await setup.dispose();

  await signInAsAdmin(page, guest);
  await answered(page.getByRole('alert')).toContainText('This account is not an office admin');
  await expect(page).toHaveURL('/admin/login');
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ user: null });
});

test('text from the database shows as text, never as markup', async ({ page }) => {
  const name = '<img src=x onerror=alert(1)>';
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const sent = await page.request.post('/api/career-applications', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      name,
      email: `${uniqueWord().toLowerCase()}@example.com`,
      phone: '+91 94470 23456',
      qualification: '<b>B.Arch</b>, 2019',
      position: 'architect',
      coverNote: '<script>alert(2)</script>',
      formToken: await fetchFormToken(baseURL),
    },
  });
  expect(sent.status()).toBe(201);

  await signInAsAdmin(page);
  await answered(page).toHaveURL('/admin');
  await answered(page.getByRole('button', { name: /^Career applications/ })).toBeVisible();
  await page.getByRole('button', { name: /^Career applications/ }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await answered(row).toBeVisible();
  await expect(row).toContainText('<b>B.Arch</b>, 2019');
  await row.getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: `Career application from ${name}` });
  await answered(detail.getByText('<script>alert(2)</script>')).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
