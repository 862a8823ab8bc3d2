import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { addDays, formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { findStayProblems } from '../../src/lib/stay-rules.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { testCards } from '../../src/server/payments/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { readFactsOf } from '../support/seasons.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest } from './support/guests.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * The concierge's services, one journey: on a confirmed stay arriving tomorrow, the guest adds an
 * airport transfer from COK on `/account` (priced apart from the stay, added once for a double click),
 * is told in words what is wrong with a massage outside the staff's hours and adds one at a proper
 * time; the office's Today lists the transfer with its flight by time, and confirms both; the guest
 * pays the massage on its own through the payment stand-in (the stay's payment unchanged by it), comes
 * back to "Paid", gets its own receipt, cancels it before its cut-off and is refunded with a credit note.
 */

const admin = {
  name: 'Concierge Office',
  email: `concierge.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
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

// Homes whose guests may book a transfer and a massage, tried in turn for free nights from tomorrow.
const homes = [
  'panampilly-nagar-duplex',
  'kakkanad-skyline-apartment',
  'marine-drive-studio',
  'edappally-gated-residence',
];

test('a guest adds an airport transfer and a massage on /account, Today lists and confirms them, and the massage is paid on its own, cancelled and refunded', async ({
  page,
  browser,
  playwright,
}) => {
  const today = todayInKerala();
  const tomorrow = addDays(today, 1);
  const guestApi = await playwright.request.newContext({ baseURL });
  let stay: { property: string; arrival: string; departure: string } | undefined;
  for (const property of homes) {
    const facts = readFactsOf(property);
    const nights = Math.max(facts.minNights, 3);
    const candidate = { property, arrival: tomorrow, departure: addDays(tomorrow, nights) };
    const calendar = await guestApi.get(`/api/availability?${new URLSearchParams({ property })}`);
    const { confirmed } = (await calendar.json()) as { confirmed: { arrival: string; departure: string }[] };
    const free = confirmed.every(
      (taken) => candidate.departure <= taken.arrival || candidate.arrival >= taken.departure,
    );
    const allowed = Object.keys(findStayProblems({ ...candidate, guests: 2 }, facts, today)).length === 0;
    if (free && allowed) {
      stay = candidate;
      break;
    }
  }
  if (!stay) throw new Error('No home has free nights from tomorrow for this test');
  const guest = await confirmStay(guestApi, stay);
  const { bookingRequests } = (await (
    await guestApi.get('/api/account/booking-requests')
  ).json()) as AccountBookingRequestsAnswer;
  const booking = bookingRequests[0];
  if (!booking || !guest) throw new Error('The confirmed stay is not on the guest’s account');

  await test.step('the guest adds an airport transfer from COK, priced apart from the stay', async () => {
    const guestContext = await browser.newContext({ baseURL });
    expect((await guestContext.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
    const guestPage = await guestContext.newPage();
    await guestPage.goto('/account');
    await hydrated(guestPage);
    const card = guestPage.getByRole('article').filter({ hasText: booking.reference });
    const totalBefore = await card.locator('.quote__total').textContent();
    const open = card.getByRole('button', { name: `Concierge services on ${booking.reference}` });
    await answered(open).toBeVisible();
    await open.click();
    const panel = card.getByRole('region', { name: 'Concierge services' });
    await answered(panel.getByLabel('Service', { exact: true })).toBeEnabled();
    await panel
      .getByLabel('Service', { exact: true })
      .selectOption({ label: 'Airport transfers: £40 a trip' });
    await panel.getByLabel('Day', { exact: true }).selectOption({ label: formatStayDate(tomorrow) });
    await panel.getByLabel('When the flight lands or leaves (India time)').fill('23:45');
    await panel.getByLabel('Airport', { exact: true }).selectOption({ label: 'Kochi (COK)' });
    await panel.getByLabel('Car', { exact: true }).selectOption({ label: 'Saloon (up to 3, 3 cases)' });
    await panel.getByLabel('Flight number').fill('EK 532');
    await expect(panel.getByText('1 trip: £40, apart from the stay’s price.')).toBeVisible();
    await panel.getByRole('button', { name: 'Add the service' }).dblclick();
    await answered(panel.getByRole('status')).toHaveText(
      'Airport transfers is added. Its price is apart from the stay’s.',
    );
    const booked = panel.getByRole('list', { name: 'Booked services' });
    await expect(booked.getByRole('listitem')).toHaveCount(1);
    await expect(booked).toContainText('Airport: Kochi (COK)');
    await expect(booked).toContainText('flight EK 532');
    await expect(booked).toContainText('£40');
    // The stay's own price is as it was.
    expect(await card.locator('.quote__total').textContent()).toBe(totalBefore);

    await test.step('a massage before the staff start is refused in words, keeping what was typed', async () => {
      await panel
        .getByLabel('Service', { exact: true })
        .selectOption({ label: 'Ayurvedic massage: £45 a person' });
      await panel.getByLabel('Day', { exact: true }).selectOption({ label: formatStayDate(tomorrow) });
      await panel.getByLabel('Time (India time, 24-hour clock)').fill('07:00');
      await panel.getByLabel('Treatment').selectOption({ label: 'Abhyanga (60 minutes)' });
      await panel.getByLabel('Where', { exact: true }).selectOption({ label: 'At the centre' });
      await panel.getByRole('button', { name: 'Add the service' }).click();
      await answered(
        panel.getByText('Choose a time within the staff’s hours, 08:00–20:00 India time.'),
      ).toBeVisible();
      await expect(panel.getByLabel('Time (India time, 24-hour clock)')).toHaveValue('07:00');
      await expect(panel.getByLabel('Time (India time, 24-hour clock)')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    });

    await test.step('at a proper time it is added, waiting for the concierge before it can be paid', async () => {
      await panel.getByLabel('Time (India time, 24-hour clock)').fill('18:00');
      await panel.getByRole('button', { name: 'Add the service' }).click();
      await answered(panel.getByRole('status')).toHaveText(
        'Ayurvedic massage is added. Its price is apart from the stay’s.',
      );
      await expect(booked.getByRole('listitem')).toHaveCount(2);
      const massage = booked.getByRole('listitem').filter({ hasText: 'Ayurvedic massage' });
      await expect(massage).toContainText('Free to cancel until');
      await expect(massage).toContainText('the concierge will confirm it, and then it can be paid');
      // Nothing can be paid before the concierge confirms it: no pay button says otherwise.
      await expect(panel.getByRole('link', { name: /^Pay £/ })).toHaveCount(0);
      await expectNoAxeViolations(guestPage, 'account with concierge services');
    });
    await guestContext.close();
  });

  await test.step('the database holds the transfer and the massage, both asked for', async () => {
    const rows = await query<{ service: string; status: string; flight: string | null }>(
      serverDatabaseUrl(),
      'select service, status, flight from booking_services where booking_request_id = $1 order by starts_at',
      [booking.id],
    );
    expect(rows).toEqual([
      { service: 'ayurvedic-massage', status: 'requested', flight: null },
      { service: 'airport-transfers', status: 'requested', flight: 'EK 532' },
    ]);
  });

  await test.step('the office’s Today lists the transfer on its day with its flight, and confirms it', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    const services = page.getByRole('region', { name: /Services today and tomorrow/ });
    const rows = services.getByRole('listitem').filter({ hasText: booking.reference });
    const row = rows.filter({ hasText: 'Airport transfers' });
    await answered(row).toContainText('23:45 Airport transfers, flight EK 532');
    await expect(row).toContainText('Kochi (COK)');
    await expect(row).not.toContainText('Ayurvedic massage');
    await expectNoAxeViolations(page, 'Today with services');
    await row.getByRole('button', { name: /^Confirm Airport transfers/ }).click();
    await answered(row).toContainText('confirmed');
    const massage = rows.filter({ hasText: 'Ayurvedic massage' });
    await massage.getByRole('button', { name: /^Confirm Ayurvedic massage/ }).click();
    await answered(massage).toContainText('confirmed');
  });

  const guestContext = await browser.newContext({ baseURL });
  expect((await guestContext.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const guestPage = await guestContext.newPage();
  const card = guestPage.getByRole('article').filter({ hasText: booking.reference });
  const panel = card.getByRole('region', { name: 'Concierge services' });
  const openPanel = async () => {
    await hydrated(guestPage);
    const open = card.getByRole('button', { name: `Concierge services on ${booking.reference}` });
    await answered(open).toBeVisible();
    await open.click();
  };
  const massage = panel.getByRole('listitem').filter({ hasText: 'Ayurvedic massage' });

  await test.step('confirmed, each service is paid on its own, and the stay’s payment leaves them out', async () => {
    await guestPage.goto('/account');
    await openPanel();
    await expect(panel).toContainText('never inside its deposit or balance');
    const transfer = panel.getByRole('listitem').filter({ hasText: 'Airport transfers' });
    await answered(transfer).toContainText('Confirmed, £40 to pay.');
    await expect(transfer.getByRole('link', { name: /^Pay £40 for Airport transfers/ })).toBeVisible();
    await expect(massage).toContainText('Confirmed, £45 to pay.');
    // The stay's own payment is its quote's, whatever its services cost.
    const stayPay = card.getByRole('link', { name: /^Pay the (deposit|total)/ });
    await expect(stayPay).toBeVisible();
    await expect(stayPay).not.toContainText('£85');
    const due = booking.quote.balanceDueDate === null ? booking.quote.totalPence : booking.quote.depositPence;
    await expect(stayPay).toContainText(formatPence(due));
    await expectNoAxeViolations(guestPage, 'account with services to pay');
  });

  await test.step('the stay’s own payment and receipt leave the services out', async () => {
    const stayPay = card.getByRole('link', { name: /^Pay the (deposit|total)/ });
    const due = booking.quote.balanceDueDate === null ? booking.quote.totalPence : booking.quote.depositPence;
    const amount = formatPence(due);
    await stayPay.click();
    await answered(guestPage.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
    await guestPage.getByLabel('Card number').fill(testCards.paid);
    await guestPage.getByRole('button', { name: `Pay ${amount}` }).click();
    await answered(guestPage.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await expect(guestPage.getByRole('status')).toContainText(
      `we received ${amount} for booking ${booking.reference}`,
    );
    const receipt = await emailTo(guest.email, `Payment received: ${amount}`);
    expect(receipt.text).toContain(`Total: ${formatPence(booking.quote.totalPence)}`);
    expect(receipt.text).not.toContain('Airport transfers');
    await guestPage.goto('/account');
    await openPanel();
    // The transfer is still its own to pay, after the stay's money.
    await answered(panel.getByRole('link', { name: /^Pay £40 for Airport transfers/ })).toBeVisible();
  });

  await test.step('the guest pays the massage on the stand-in’s page and comes back to it paid', async () => {
    await massage.getByRole('link', { name: /^Pay £45 for Ayurvedic massage/ }).click();
    await answered(guestPage.getByRole('heading', { name: 'Pay £45' })).toBeVisible();
    await guestPage.getByLabel('Card number').fill(testCards.paid);
    await guestPage.getByRole('button', { name: 'Pay £45' }).click();
    await answered(guestPage.getByRole('heading', { name: /^Paid: Ayurvedic massage on / })).toBeVisible();
    await expect(guestPage.getByRole('status')).toContainText(
      `we received £45 for Ayurvedic massage on ${formatStayDate(tomorrow)}, 18:00 India time`,
    );
    await expectNoAxeViolations(guestPage, 'a service paid');
    await guestPage.getByRole('link', { name: 'Your bookings on your account page' }).click();
    await openPanel();
    await answered(massage).toContainText('Confirmed. Paid £45.');
    await expect(
      massage.getByRole('link', { name: /^Its receipt \(PDF\) for Ayurvedic massage/ }),
    ).toBeVisible();
    await expect(massage).not.toContainText('to pay');
    await expect(massage.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    const receipt = await emailTo(guest.email, 'Payment received: £45 for Ayurvedic massage');
    expect(receipt.text).toContain('paid on its own, apart from the stay');
    expect(receipt.attachments[0]?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('cancelled before its cut-off, the massage is refunded in full, with a credit note', async () => {
    await expect(massage).toContainText('refunded in full');
    await massage.getByRole('button', { name: /^Cancel Ayurvedic massage/ }).click();
    await answered(massage).toContainText('Cancelled and refunded £45.');
    await expect(massage.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    const note = await emailTo(guest.email, 'Refunded: £45 for Ayurvedic massage');
    expect(note.attachments[0]?.filename).toMatch(/^credit-note-/);
    const refunds = await query<{ amount_pence: number; status: string }>(
      serverDatabaseUrl(),
      'select amount_pence, status from payment_refunds where booking_request_id = $1',
      [booking.id],
    );
    expect(refunds).toEqual([{ amount_pence: 4500, status: 'refunded' }]);
  });
  await guestContext.close();

  await test.step('the office’s booking page shows the massage’s payment and refund apart from the stay’s', async () => {
    await page.goto('/admin');
    await hydrated(page);
    const services = page.getByRole('region', { name: /Services today and tomorrow/ });
    const row = services
      .getByRole('listitem')
      .filter({ hasText: booking.reference })
      .filter({ hasText: 'Airport transfers' });
    await answered(row.getByRole('button', { name: /open the booking/ })).toBeVisible();
    await row.getByRole('button', { name: /open the booking/ }).click();
    const lines = page.getByRole('region', { name: 'Concierge services' });
    const massageLine = lines.getByRole('listitem').filter({ hasText: 'Ayurvedic massage' });
    await answered(massageLine).toContainText('cancelled and refunded. Paid £45 on');
    await expect(massageLine).toContainText('£45 refunded.');
    await expect(lines.getByRole('listitem').filter({ hasText: 'Airport transfers' })).toContainText(
      'confirmed. Not paid yet.',
    );
    await expectNoAxeViolations(page, 'office booking with services');
  });
});

test('a guest adds an airport transfer from COK with the booking request, shown apart from the stay’s price', async ({
  browser,
  playwright,
}) => {
  const guestApi = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(guestApi, {
    property: 'kakkanad-skyline-apartment',
    today: todayInKerala(),
    from: 200,
    to: 400,
  });
  const guest = {
    name: 'Anjali Nair',
    email: `anjali.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
  await createConfirmedGuest(guestApi, guest);
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`/booking?${new URLSearchParams({ property: stay.property })}`);
  await hydrated(page);
  await answered(page.getByLabel('Villa or apartment')).toHaveValue(stay.property);
  await page.getByLabel('Arrival', { exact: true }).fill(stay.arrival);
  await page.getByLabel('Departure', { exact: true }).fill(stay.departure);
  await page.getByLabel('Guests').fill('2');
  const summary = page.getByText(/^7 nights for 2 guests:/);
  await answered(summary).toBeVisible();
  const quoted = await summary.textContent();

  const extras = page.getByRole('group', { name: 'Concierge services (optional)' });
  await extras
    .getByLabel('Service', { exact: true })
    .selectOption({ label: 'Airport transfers: £40 a trip' });
  await extras.getByLabel('Day', { exact: true }).selectOption({ label: formatStayDate(stay.arrival) });
  await extras.getByLabel('When the flight lands or leaves (India time)').fill('10:35');
  await extras.getByLabel('Airport', { exact: true }).selectOption({ label: 'Kochi (COK)' });
  await extras.getByLabel('Car', { exact: true }).selectOption({ label: 'SUV (up to 6, 5 cases) (+£15)' });
  await extras.getByLabel('Flight number').fill('QR 516');
  await expect(extras.getByText('1 trip: £55, apart from the stay’s price.')).toBeVisible();
  // The stay's price is the same with the optional line as without it.
  await expect(summary).toHaveText(quoted ?? '');

  await page.getByLabel('Phone', { exact: true }).fill('+91 98470 55555');
  await page.getByLabel('Town or city').fill('Kochi');
  await expectNoAxeViolations(page, 'booking form with a concierge service');
  await page.getByRole('button', { name: 'Send booking request' }).click();
  await answered(
    page.getByText('Airport transfers is added to your request, priced apart from the stay.'),
  ).toBeVisible();
  const rows = await query<{ service: string; price_pence: number; flight: string; total_pence: number }>(
    serverDatabaseUrl(),
    `select service.service, service.price_pence, service.flight, request.total_pence
     from booking_services service join booking_requests request on request.id = service.booking_request_id
     where request.email = $1`,
    [guest.email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ service: 'airport-transfers', price_pence: 5_500, flight: 'QR 516' });
  await context.close();
});
