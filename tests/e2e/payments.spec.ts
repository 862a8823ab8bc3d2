import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { officeNavButton } from '../support/office.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * The payments ledger, as the office and the guest use it: the admin opens a confirmed booking from
 * "Balances due", records the deposit by keyboard, sees it on the booking and the outstanding balance
 * in the list, adds a note; the guest sees what was received and what is still due on their account.
 */

const admin = {
  name: 'Ledger Office',
  email: `ledger.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};

/** Server answers: a function's first call starts its instance (0.3–0.6 s), and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

test('the office records a deposit on a confirmed booking, sees what is still owed, and the guest sees it too', async ({
  page,
  browser,
  playwright,
}) => {
  const today = todayInKerala();
  const guestApi = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(guestApi, { property: 'kovalam-samudra-villa', today, from: 120, to: 420 });
  const guest = await confirmStay(guestApi, stay);
  expect(guest, 'a fresh stay for this run').toBeDefined();
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking || !guest) throw new Error('The confirmed stay is not on the guest’s account');
  const { depositPence, balancePence, totalPence, balanceDueDate } = booking.quote;
  const balancesRow = () => page.getByRole('row').filter({ hasText: booking.reference });

  await test.step('the admin finds the booking in "Balances due" with everything outstanding', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The first sign-in starts the office's functions' instances: at load average 44 it took over 30 s
    // (admin-calendar and calendar-sync wait as long).
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    await answered(officeNavButton(page, 'Balances due')).toBeVisible();
    await officeNavButton(page, 'Balances due').click();
    await answered(page.getByRole('heading', { name: 'Balances due', level: 2 })).toBeVisible();
    await answered(balancesRow()).toBeVisible();
    await expect(balancesRow()).toContainText(formatPence(totalPence));
    await expect(balancesRow()).toContainText(`${formatPence(depositPence)} due now`);
    await expectNoAxeViolations(page, 'balances due');
  });

  const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });

  await test.step('opens it and records the deposit by keyboard', async () => {
    await balancesRow().getByRole('button', { name: booking.reference, exact: true }).click();
    const payments = detail.getByRole('region', { name: 'Payments' });
    await answered(payments.getByText('No payments recorded yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'booking with its payments');
    // The kind is Deposit and the day received today unless changed.
    await expect(payments.getByLabel('For')).toHaveValue('deposit');
    await expect(payments.getByLabel('Received on')).toHaveValue(today);
    // The amount is prefilled with what is due now: the deposit.
    await expect(payments.getByLabel('Amount in pounds')).toHaveValue(String(depositPence / 100));
    await payments.getByLabel('Method').focus();
    await payments.getByLabel('Method').selectOption({ label: 'Card' });
    await payments.getByLabel('Note (optional)').focus();
    await page.keyboard.type('Paid by phone');
    await page.keyboard.press('Enter');
    await answered(payments.getByText(`Deposit of £${depositPence / 100} recorded.`)).toBeVisible();
    await expect(
      payments.getByRole('listitem').filter({
        hasText: `${formatPence(depositPence)} deposit by card, received ${formatStayDate(today)}`,
      }),
    ).toContainText(`Paid by phone (recorded`);
    await expect(payments.locator('.ledger__facts div').filter({ hasText: /^Outstanding/ })).toContainText(
      formatPence(balancePence),
    );
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `a payment recorded, at ${width} px`);
    }
  });

  await test.step('adds a note, listed with its author', async () => {
    const notes = detail.getByRole('region', { name: 'Office notes' });
    await notes.getByLabel('Add an office note').fill('Arriving late.\nCot needed.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await answered(notes.getByText('Note added.')).toBeVisible();
    await expect(notes.getByText(admin.email)).toBeVisible();
  });

  await test.step('the booking and the balances due show the balance still owed, at every width', async () => {
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await answered(balancesRow()).toContainText(formatPence(balancePence));
    await expect(balancesRow()).toContainText('Not yet due');
    if (balanceDueDate) await expect(balancesRow()).toContainText(formatStayDate(balanceDueDate));
    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls, `the page scrolls sideways at ${width} px`).toBe(false);
      await expectNoAxeViolations(page, `balances due at ${width} px`);
    }
  });

  await test.step('the guest sees the deposit received and the balance still due on their account', async () => {
    const context = await browser.newContext({ baseURL });
    expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const guestPage = await context.newPage();
    await guestPage.goto('/account');
    const card = guestPage.getByRole('article').filter({ hasText: booking.reference });
    await answered(
      card.getByText(`Received ${formatPence(depositPence)} on ${formatStayDate(today)}`),
    ).toBeVisible();
    if (balanceDueDate) {
      await expect(
        card.getByText(`Still due: ${formatPence(balancePence)} by ${formatStayDate(balanceDueDate)}.`),
      ).toBeVisible();
    }
    await expect(card).not.toContainText('Paid by phone');
    await expectNoAxeViolations(guestPage, 'account with a payment');
    await context.close();
  });
});
