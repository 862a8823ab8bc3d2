import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * Paying online, as a guest does it on `npm start`'s stand-in provider: from a confirmed booking on the
 * account page, "Pay the deposit" leads to the provider's page, a declined card is declined, the test
 * card pays, and the guest comes back to "Payment received"; the account page and the receipt email
 * say so, the receipt email carries its PDF, and the receipt's link pays the balance in a browser with
 * JavaScript off; each payment's receipt is then a PDF from the account page.
 */

/** Server answers: a function's first call starts its instance (0.3–0.6 s), and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

// Every island hydrated, those that wait for a touch woken as a guest's first focus would (/account and
// /booking wake on a touch, issue 50).
const hydrated = (page: Page) => waitForIslands(page);

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

test('a guest pays the deposit on the provider’s page and comes back to it received, then pays the balance from the receipt with JavaScript off', async ({
  browser,
  playwright,
}) => {
  const today = todayInKerala();
  const guestApi = await playwright.request.newContext({ baseURL });
  // Far enough ahead that a balance is due later, on a property no other spec here pays for.
  const stay = await freeStay(guestApi, { property: 'varkala-clifftop-villa', today, from: 150, to: 400 });
  const guest = await confirmStay(guestApi, stay);
  if (!guest) throw new Error('A fresh stay for this run was already there');
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking) throw new Error('The confirmed stay is not on the guest’s account');
  const { depositPence, balancePence, balanceDueDate } = booking.quote;
  if (!balanceDueDate) throw new Error('The stay should have a balance due later');
  const deposit = formatPence(depositPence);
  const balance = formatPence(balancePence);

  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const page = await context.newPage();
  const card = page.getByRole('article').filter({ hasText: booking.reference });

  await test.step('the account page offers to pay the deposit', async () => {
    await page.goto('/account');
    await hydrated(page);
    await answered(card.getByRole('link', { name: `Pay the deposit (${deposit})` })).toBeVisible();
    await expectNoAxeViolations(page, 'account with a deposit to pay');
  });

  await test.step('the provider’s page declines the declined card and takes the test card', async () => {
    await card.getByRole('link', { name: `Pay the deposit (${deposit})` }).click();
    await answered(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(baseURL);
    await page.getByLabel('Card number').fill(testCards.declined);
    await page.getByRole('button', { name: `Pay ${deposit}` }).click();
    await answered(page.getByRole('alert')).toHaveText('Your card was declined. Try another card.');
    await page.getByLabel('Card number').fill(testCards.paid);
    await page.getByRole('button', { name: `Pay ${deposit}` }).click();
  });

  await test.step('the return page says what was received and what is next', async () => {
    await answered(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    expect(page.url()).toContain(`${baseURL}/pay/${booking.reference}/return?session_id=`);
    await expect(page.getByRole('status')).toContainText(
      `we received ${deposit} for booking ${booking.reference}`,
    );
    await expect(
      page.getByText(`Next: the balance of ${balance} is due by ${formatStayDate(balanceDueDate)}.`),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'payment received');
  });

  await test.step('the account page shows the deposit received and offers the balance', async () => {
    await page.getByRole('link', { name: 'Your bookings on your account page' }).click();
    await hydrated(page);
    await answered(card.getByText(`Received ${deposit} on ${formatStayDate(today)}`)).toBeVisible();
    await expect(
      card.getByRole('link', { name: `Pay the balance (${balance} by ${formatStayDate(balanceDueDate)})` }),
    ).toBeVisible();
  });

  const receipt = await emailTo(guest.email, `Payment received: ${deposit}`);

  await test.step('the receipt email says what was received, once', async () => {
    expect(receipt.text).toContain(`we received your deposit of ${deposit}`);
    expect(receipt.text).toContain(`Reference: ${booking.reference}`);
    // Named by its stored number: receipt-KVR-2627-000042.pdf.
    const pdf = receipt.attachments.find(({ filename }) => /^receipt-KVR-\d{4}-\d{6}\.pdf$/.test(filename));
    expect(receipt.text).toContain(`Your receipt is attached (${pdf?.filename})`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(pdf?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const payments = await query<{ amount_pence: number; provider: string }>(
      serverDatabaseUrl(),
      `select amount_pence, provider from payments where booking_request_id = $1`,
      [booking.id],
    );
    expect(payments).toEqual([{ amount_pence: depositPence, provider: 'stand-in' }]);
  });

  await test.step('the receipt’s link pays the balance with JavaScript off, signed out', async () => {
    const link = /Pay the balance \([^)]+\): (\S+)/.exec(receipt.text)?.[1];
    expect(link, 'a link to pay the balance in the receipt').toBeDefined();
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(link as string);
    await answered(noScript.getByRole('heading', { name: `Pay ${balance}` })).toBeVisible();
    await noScript.getByLabel('Card number').fill(testCards.paid);
    await noScript.getByRole('button', { name: `Pay ${balance}` }).click();
    await answered(noScript.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(noScript.getByRole('status')).toContainText(
      `we received ${balance} for booking ${booking.reference}`,
    );
    await expect(noScript.getByText('Your stay is paid in full: nothing more is due.')).toBeVisible();
    await plain.close();
  });

  await test.step('the account page says the stay is paid in full', async () => {
    await page.reload();
    await hydrated(page);
    await answered(card.getByText(/^Paid in full: /)).toBeVisible();
    await expect(
      card.getByText('Booked: these dates are yours. Paid in full; nothing more is due.'),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: /^Pay the/ })).toHaveCount(0);
  });

  await test.step('each payment’s receipt on the account page answers its PDF', async () => {
    const receipts = card.getByRole('link', { name: /^Receipt \(PDF\)/ });
    await expect(receipts).toHaveCount(2);
    const download = await context.request.get((await receipts.last().getAttribute('href')) as string);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    // The balance's receipt has the number it was given when recorded, after the deposit's.
    const [{ receipt_number: number = '' } = {}] = await query<{ receipt_number: string }>(
      serverDatabaseUrl(),
      `select receipt_number from payments where booking_request_id = $1 and kind = 'balance'`,
      [booking.id],
    );
    expect(download.headers()['content-disposition']).toContain(`receipt-${number.replaceAll('/', '-')}.pdf`);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
  await context.close();
});
