import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import content from '../../src/content/site.json' with { type: 'json' };
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * Cancelling from the account page, as a guest does it on `npm start`'s stand-in provider: the deposit
 * paid on the provider's page, the account page says what cancelling today refunds and asks before it
 * cancels; then the booking is cancelled, the account says what was refunded, the guest's email and the
 * office's alert are in the outbox, and the provider's page of the payment lists the refund.
 */

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
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

test('a guest pays the deposit, cancels from the account page by the policy and is refunded on the provider', async ({
  browser,
  playwright,
}) => {
  const today = todayInKerala();
  const guestApi = await playwright.request.newContext({ baseURL });
  // Over 60 days ahead, on a property no other spec here pays for: cancelled within 48 hours of the
  // deposit, the policy refunds all of it.
  const stay = await freeStay(guestApi, { property: 'kovalam-cliff-villa', today, from: 150, to: 400 });
  const guest = await confirmStay(guestApi, stay);
  if (!guest) throw new Error('A fresh stay for this run was already there');
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking) throw new Error('The confirmed stay is not on the guest’s account');
  const deposit = formatPence(booking.quote.depositPence);

  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const page = await context.newPage();
  const card = page.getByRole('article').filter({ hasText: booking.reference });
  let providerPage = '';

  await test.step('the deposit is paid on the provider’s page', async () => {
    await page.goto('/account');
    await hydrated(page);
    await answered(card.getByRole('link', { name: `Pay the deposit (${deposit})` })).toBeVisible();
    await card.getByRole('link', { name: `Pay the deposit (${deposit})` }).click();
    await answered(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible();
    providerPage = page.url();
    await page.getByLabel('Card number').fill(testCards.paid);
    await page.getByRole('button', { name: `Pay ${deposit}` }).click();
    await answered(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  });

  await test.step('the account page says what cancelling today refunds, by the policy', async () => {
    await page.goto('/account');
    await hydrated(page);
    await answered(
      card.getByText(`If you cancel today, we refund ${deposit} of the ${deposit} you paid`),
    ).toBeVisible();
    await expect(
      card.getByText(/Within 48 hours of paying the deposit, if arrival is at least 60 days away/),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'account with a booking that can be cancelled');
  });

  await test.step('Cancel asks first, and "Keep my booking" keeps it', async () => {
    await card.getByRole('button', { name: 'Cancel this booking…' }).click();
    await expect(
      card.getByText(`Cancel ${booking.reference} and refund ${deposit}? This cannot be undone.`),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Yes, cancel this booking' })).toBeFocused();
    await card.getByRole('button', { name: 'Keep my booking' }).click();
    await expect(card.getByRole('button', { name: 'Yes, cancel this booking' })).toHaveCount(0);
  });

  await test.step('confirmed, the booking is cancelled and the account says what was refunded', async () => {
    await card.getByRole('button', { name: 'Cancel this booking…' }).click();
    await card.getByRole('button', { name: 'Yes, cancel this booking' }).click();
    await answered(card.getByText(`Refunded ${deposit} to your card.`)).toBeVisible();
    await expect(card.getByText('Status: Cancelled')).toBeAttached();
    await expect(card.getByRole('button', { name: /Cancel this booking/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Pay the/ })).toHaveCount(0);
  });

  await test.step('the guest’s email and the office’s alert say what went back', async () => {
    const email = await emailTo(guest.email, `Cancelled: `);
    expect(email.subject).toContain(`(${booking.reference}), refund ${deposit}`);
    expect(email.text).toContain(`Refunded to your card: ${deposit}.`);
    const alert = await emailTo(content.site.office.email, `${booking.reference} cancelled by the guest`);
    expect(alert.text).toContain(`Refunded online: ${deposit}`);
  });

  await test.step('the provider holds the refund, the one the ledger recorded', async () => {
    const [refund] = await query<{ provider_refund_id: string; amount_pence: number; status: string }>(
      serverDatabaseUrl(),
      'select provider_refund_id, amount_pence, status from payment_refunds where booking_request_id = $1',
      [booking.id],
    );
    expect(refund).toMatchObject({ amount_pence: booking.quote.depositPence, status: 'refunded' });
    await page.goto(providerPage);
    await expect(page.getByRole('listitem')).toHaveText([
      `Refunded ${deposit} (${refund?.provider_refund_id})`,
    ]);
  });
  await context.close();
});
