import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { readCsv } from '../support/csv.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * Who is coming, one journey: on a confirmed booking the guest lists a foreign guest's passport and
 * visa on `/account` and reads it back masked; the office opens the arrival day's Form C page, sees
 * the details and downloads them as CSV; and the database row holds none of them as plain text.
 */

const admin = {
  name: 'Form C Office',
  email: `form-c.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

// A passport number no other test types, so finding it anywhere is this test's doing.
const passport = `E2E${crypto.randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;

test('the guest lists a foreign guest’s passport, the office exports the day’s Form C, the database holds ciphertext', async ({
  page,
  browser,
  playwright,
}) => {
  const guestApi = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(guestApi, {
    property: 'edappally-gated-residence',
    today: todayInKerala(),
    from: 150,
    to: 400,
  });
  const guest = await confirmStay(guestApi, stay);
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking || !guest) throw new Error('The confirmed stay is not on the guest’s account');

  await test.step('the guest lists who is coming on their account', async () => {
    const guestContext = await browser.newContext({ baseURL });
    expect((await guestContext.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const guestPage = await guestContext.newPage();
    await guestPage.goto('/account');
    await hydrated(guestPage);
    const card = guestPage.getByRole('article').filter({ hasText: booking.reference });
    const open = card.getByRole('button', { name: `Who is coming on ${booking.reference}` });
    await answered(open).toBeVisible();
    await open.click();
    const list = card.getByRole('region', { name: 'Who is coming' });
    await list.getByLabel('Arrival time (India time, 24-hour clock)').fill('14:30');
    const first = list.getByRole('group', { name: 'Guest 1' });
    await first.getByLabel('Full name, as on the passport').fill('Eleanor Whitcombe');
    // Typed as a guest types it into the select: "British" finds the United Kingdom first.
    await first.getByLabel('Nationality').focus();
    await guestPage.keyboard.type('British');
    await expect(first.getByLabel('Nationality')).toHaveValue('GB');
    await first.getByLabel('Sex, as on the passport').selectOption({ label: 'Female' });
    await first.getByLabel('Date of birth').fill('1984-06-02');
    await first
      .getByLabel('Home address outside India')
      .fill('12 Cotham Hill, Bristol BS6 6LA, United Kingdom');
    await first.getByLabel('Passport number').fill(passport);
    await first.getByLabel('Passport place of issue').fill('Peterborough, United Kingdom');
    await first.getByLabel('Passport date of issue').fill('2022-03-01');
    await first.getByLabel('Passport date of expiry').fill('2032-03-01');
    await first.getByLabel('Visa number').fill('ETA9K2L7Q');
    await first.getByLabel('Type of visa').selectOption({ label: 'e-Tourist visa' });
    await first.getByLabel('Visa place of issue').fill('e-Visa');
    await first.getByLabel('Visa date of issue').fill(todayInKerala());
    await first.getByLabel('Visa valid until').fill(addDays(stay.departure, 30));
    await first.getByLabel('Date of arrival in India').fill(stay.arrival);
    await first.getByLabel('Arriving from (city and country)').fill('London, United Kingdom');
    await first.getByLabel('Going next (city and country)').fill('Colombo, Sri Lanka');
    await first.getByLabel('Purpose of the visit').selectOption({ label: 'Tourism' });
    await first.getByLabel('Employed in India?').selectOption({ label: 'No' });
    await first.getByLabel('Phone number in India').fill('+91 98470 12345');
    await first.getByLabel('Phone number at home').fill('+44 7700 900123');
    await list.getByRole('button', { name: 'Add a guest' }).click();
    const second = list.getByRole('group', { name: 'Guest 2' });
    await second.getByLabel('Full name, as on the passport').fill('Arjun Menon');
    await second.getByLabel('Age, if under 18').fill('9');
    await second.getByLabel('Nationality').selectOption({ label: 'Indian (India)' });
    await expect(second.getByLabel('Passport number')).toHaveCount(0);
    await list.getByRole('button', { name: 'Save the guest list' }).dblclick();
    await answered(list.getByText('Guest list saved.')).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText(`passport ending ${passport.slice(-3)}`);
    await expect(list).not.toContainText(passport);
    await expectNoAxeViolations(guestPage, 'account with a guest list');

    // Reopened on another visit: every field as given, the numbers kept by their endings; saving again works.
    await guestPage.reload();
    await hydrated(guestPage);
    await answered(card.getByRole('button', { name: `Who is coming on ${booking.reference}` })).toBeVisible();
    await card.getByRole('button', { name: `Who is coming on ${booking.reference}` }).click();
    await answered(first.getByLabel('Full name, as on the passport')).toHaveValue('Eleanor Whitcombe');
    await expect(list.getByLabel('Arrival time (India time, 24-hour clock)')).toHaveValue('14:30');
    await expect(first.getByLabel('Nationality')).toHaveValue('GB');
    await expect(first.getByLabel('Arriving from (city and country)')).toHaveValue('London, United Kingdom');
    await expect(first.getByLabel('Home address outside India')).toHaveValue(
      '12 Cotham Hill, Bristol BS6 6LA, United Kingdom',
    );
    await expect(first.getByLabel('Passport date of expiry')).toHaveValue('2032-03-01');
    await expect(first.getByLabel(`Keep the one ending ${passport.slice(-3)}`)).toBeChecked();
    await expect(first.getByLabel('Keep the one ending L7Q')).toBeChecked();
    await expect(second.getByLabel('Nationality')).toHaveValue('IN');
    await expect(second.getByLabel('Age, if under 18')).toHaveValue('9');
    await first.getByLabel('Going next (city and country)').fill('Kochi, India');
    await list.getByRole('button', { name: 'Save the guest list' }).click();
    await answered(list.getByText('Guest list saved.')).toBeVisible();
    await expect(list.getByRole('alert')).toHaveCount(0);
    await guestContext.close();
  });

  await test.step('the office opens the arrival day’s Form C page and downloads the CSV', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    await page.getByRole('link', { name: 'Form C' }).click();
    await answered(page.getByLabel('Arrival day')).toBeVisible();
    await hydrated(page);
    await page.getByLabel('Arrival day').fill(stay.arrival);
    await page.getByRole('button', { name: 'Show the day' }).click();
    const row = page.getByRole('article', { name: `Eleanor Whitcombe, ${booking.reference}` });
    await answered(row).toContainText(passport);
    await expect(row).toContainText('United Kingdom');
    await expect(row).toContainText('Kochi, India');
    await expect(row).not.toContainText('not given yet');
    await expectNoAxeViolations(page, 'Form C');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`form-c-${stay.arrival}.csv`);
    const records = readCsv(await readFile(await download.path(), 'utf8'));
    expect(records.find((record) => record[0] === booking.reference)).toEqual(
      expect.arrayContaining([
        'Eleanor Whitcombe',
        'United Kingdom',
        passport,
        'ETA9K2L7Q',
        'e-Tourist visa',
        'Female',
        'Tourism',
        '+44 7700 900123',
      ]),
    );
  });

  await test.step('the database row holds no passport, visa or name as plain text, and the reads are recorded', async () => {
    const rows = await query<Record<string, unknown>>(
      serverDatabaseUrl(),
      'select * from booking_guest_lists where booking_request_id = $1',
      [booking.id],
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    for (const secret of [passport, 'ETA9K2L7Q', 'Whitcombe']) expect(stored).not.toContain(secret);
    const reads = await query<{ purpose: string }>(
      serverDatabaseUrl(),
      'select purpose from guest_list_reads where booking_request_id = $1 order by id',
      [booking.id],
    );
    expect(reads.map((read) => read.purpose)).toEqual(['form_c_page', 'form_c_csv']);
  });
});
