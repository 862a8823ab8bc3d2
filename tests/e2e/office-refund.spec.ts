import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { openBookingRequestsList } from '../support/office.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * A refund asks before it moves money, and leaves a document: the office records the deposit by bank
 * transfer (the guest is emailed its receipt PDF), asks to refund £50 of it and is asked "Refund £50?
 * £50 is owed back by bank transfer: record it when sent." (by keyboard, the question is where focus
 * lands); once it is marked returned, the guest's email carries its credit note, and the booking's
 * money box says what was paid, refunded and net, never "paid in full".
 */

const admin = {
  name: 'Refund Office',
  email: `refund.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const answered = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

/** The newest email to `to` whose subject starts with `subject`, once it is in the outbox. */
async function emailTo(to: string, subject: string) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(e2eOutboxDir))
          .filter((message) => message.to.includes(to) && message.subject.startsWith(subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.waitForFunction(everyIslandHydrated);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/admin', { timeout: 90_000 });
}

test('a refund asks first, naming the amount and where it goes, and the guest is sent its credit note', async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const guestApi = await playwright.request.newContext({ baseURL });
  // Days no other spec takes at this apartment: form-c books to day 400, instant-book from 420.
  const stay = await freeStay(guestApi, {
    property: 'edappally-gated-residence',
    today: todayInKerala(),
    from: 400,
    to: 420,
    nights: 4,
  });
  const guest = await confirmStay(guestApi, stay);
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking || !guest) throw new Error('The confirmed stay is not on the guest’s account');
  const deposit = booking.quote.depositPence;
  const dialog = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
  const payments = dialog.getByRole('region', { name: 'Payments' });

  await test.step('the office opens the booking and records the deposit by bank transfer', async () => {
    await signInAsAdmin(page);
    await openBookingRequestsList(page, 60_000);
    const search = page.getByRole('searchbox', { name: 'Search booking requests' });
    await answered(search).toBeVisible();
    await search.fill(booking.reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: booking.reference });
    await answered(row).toBeVisible();
    await row.getByRole('button', { name: guest.name, exact: true }).click();
    await answered(payments.getByText('No payments recorded yet.')).toBeVisible();
    await payments.getByLabel('Amount in pounds').fill(String(deposit / 100));
    await payments.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await payments.getByRole('button', { name: 'Record payment' }).click();
    await answered(
      payments.getByText(`${formatPence(deposit)} paid to the office goes back by hand`),
    ).toBeVisible();
    // The guest is sent the receipt of what the office recorded, as an online payment's is.
    const receipt = await emailTo(guest.email, `Payment received: ${formatPence(deposit)} for`);
    expect(receipt.text).toContain('paid by bank transfer.');
    const pdf = receipt.attachments.find(({ filename }) => /^receipt-.+\.pdf$/.test(filename));
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('a refund of £50 asks first, naming the amount and where it goes; nothing moves before', async () => {
    await payments.getByLabel('Refund', { exact: true }).selectOption({ label: 'An amount' });
    await payments.getByLabel('Amount to refund in pounds').fill('50');
    await payments.getByRole('button', { name: 'Refund…' }).click();
    const question = payments.getByText(
      'Refund £50? £50 is owed back by bank transfer: record it when sent.',
    );
    await expect(question).toBeVisible();
    await expect(question.locator('xpath=ancestor-or-self::p')).toBeFocused();
    await expectNoAxeViolations(page, 'the refund’s question');
    // Going back asks nothing of anyone.
    await payments.getByRole('button', { name: 'No, go back' }).click();
    await expect(question).toHaveCount(0);
    await payments.getByRole('button', { name: 'Refund…' }).click();
    // By keyboard: from the focused question, Tab reaches the yes.
    await page.keyboard.press('Tab');
    await expect(payments.getByRole('button', { name: 'Yes, refund £50' })).toBeFocused();
    await page.keyboard.press('Enter');
    await answered(payments.getByText('£50 owed back by hand')).toBeVisible();
  });

  await test.step('marked returned, the guest is emailed its credit note, and the totals are net', async () => {
    await payments.getByRole('button', { name: /^Mark returned by hand/ }).click();
    await answered(payments.getByText('£50 refunded by hand')).toBeVisible();
    await expect(payments.locator('.ledger__facts div').filter({ hasText: /^Received/ })).toContainText(
      `Paid ${formatPence(deposit)}, refunded £50, net ${formatPence(deposit - 5000)}`,
    );
    await expect(payments.getByText(/paid in full/)).toHaveCount(0);
    const email = await emailTo(guest.email, 'Refunded: £50 for');
    expect(email.text).toContain(`We refunded £50 of your booking ${booking.reference}`);
    const pdf = email.attachments.find(({ filename }) => /^credit-note-CN-\d{4}-\d{6}\.pdf$/.test(filename));
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
