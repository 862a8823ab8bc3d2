import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { openBookingRequestsList } from '../support/office.ts';
import { storePayment } from '../support/payment-rows.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * From booked to home again, one journey: on a confirmed booking the guest writes to the office from
 * their account and the office answers from the booking's detail; the office is emailed a link (never
 * the guest's words), the guest the answer's words and a link to it; each side sees how many messages
 * are new until it reads them. The office writes the home's arrival pack, which the guest's account (page and API) shows only once the deposit is recorded.
 */

const admin = {
  name: 'Stay Office',
  email: `stay.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
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

/** The villa's arrival pack, by the labels of the office's form. */
const pack = {
  Address: 'Poovar Estuary Villa\nPoovar Island Road, Thiruvananthapuram 695525',
  'Map pin: latitude (degrees north, e.g. 8.3988)': '8.3126',
  'Map pin: longitude (degrees east, e.g. 76.9784)': '77.0653',
  'From Kochi airport (COK)': 'Taxi south on NH 66, about five hours.',
  'From Thiruvananthapuram airport (TRV)': 'Taxi to Poovar jetty (40 minutes); the villa’s boat meets you.',
  'Check-in steps': 'Call the caretaker from the jetty.\nHe brings you across and hands over the keys.',
  'Caretaker’s phone': '+91 98470 44444',
  'Wi-Fi name': 'Poovar-Estuary',
  'Wi-Fi password': 'estuary-e2e-secret-2093',
  'House manual': 'The boat runs until 10 pm. Lock the river door at night.',
};

/** The newest email to `to` whose subject matches, once it is in the outbox. */
async function emailTo(to: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(e2eOutboxDir))
          .filter((message) => message.to.includes(to) && message.subject.includes(subject))
          .at(-1);
        return found;
      },
      { message: `an email to ${to} about "${subject}"`, timeout: 30_000 },
    )
    .toBeTruthy();
  return found as { subject: string; text: string };
}

test('guest and office talk on a confirmed booking, each emailed about it and shown what is new', async ({
  page,
  browser,
  playwright,
}) => {
  const guestApi = await playwright.request.newContext({ baseURL });
  const stay = await freeStay(guestApi, {
    property: 'poovar-estuary-villa',
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

  const guestContext = await browser.newContext({ baseURL });
  expect((await guestContext.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const guestPage = await guestContext.newPage();
  const card = guestPage.getByRole('article').filter({ hasText: booking.reference });
  const guestWords = 'We land at COK at 9 pm. Can the caretaker wait for us?';
  const officeWords = 'Of course: Suresh will wait at the gate with the keys.';

  await test.step('the guest writes to the office from their account', async () => {
    await guestPage.goto('/account');
    await hydrated(guestPage);
    await answered(card.getByRole('button', { name: `Messages about ${booking.reference}` })).toBeVisible();
    await card.getByRole('button', { name: `Messages about ${booking.reference}` }).click();
    const messages = card.getByRole('region', { name: 'Messages' });
    await answered(messages.getByText('No messages yet.', { exact: false })).toBeVisible();
    await messages.getByLabel('Write to the office').fill(guestWords);
    await messages.getByRole('button', { name: 'Send message' }).dblclick();
    await answered(messages.getByText('Message sent.')).toBeVisible();
    await expect(messages.getByRole('listitem')).toHaveCount(1);
    await expect(messages.getByRole('listitem')).toContainText(guestWords);
    await expectNoAxeViolations(guestPage, 'account with a message sent');
  });

  await test.step('the office is emailed a link, not the words', async () => {
    const email = await emailTo('@', `New message from the guest of ${booking.reference}`);
    expect(email.text).toContain('/admin');
    expect(email.text).not.toContain('caretaker');
  });

  const detail = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
  const row = page.getByRole('row').filter({ hasText: booking.reference });

  await test.step('the office writes the villa’s arrival pack', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    await page.getByRole('link', { name: 'Arrival packs' }).click();
    await answered(page.getByLabel('Property')).toBeVisible();
    await page.getByLabel('Property').selectOption({ label: 'Poovar Estuary Villa (no pack yet)' });
    for (const [label, value] of Object.entries(pack))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Save the arrival pack' }).click();
    await answered(page.getByText('Arrival pack saved.')).toBeVisible();
    await expectNoAxeViolations(page, 'arrival packs');
    await page.goto('/admin');
    await hydrated(page);
    await openBookingRequestsList(page);
  });

  await test.step('the office sees the new message in the list, reads it and answers', async () => {
    // The search waits for the first page of the list, which the dashboard loads once signed in.
    await answered(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
    await page.getByRole('searchbox', { name: 'Search booking requests' }).fill(booking.reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answered(row).toContainText('Confirmed, 1 new message');
    await row.getByRole('button', { name: guest.name, exact: true }).click();
    const messages = detail.getByRole('region', { name: 'Messages' });
    await answered(messages.getByRole('listitem').filter({ hasText: guestWords })).toContainText('New');
    await messages.getByLabel('Write to the guest').fill(officeWords);
    await messages.getByRole('button', { name: 'Send message' }).click();
    await answered(messages.getByText('Message sent.')).toBeVisible();
    await expect(messages.getByRole('listitem')).toHaveCount(2);
    await expect(detail.getByRole('region', { name: 'Arrival pack' })).toContainText('Not released yet');
    // The office's own notes stay apart, under their own heading.
    await expect(detail.getByRole('region', { name: 'Office notes' })).not.toContainText(guestWords);
    await expectNoAxeViolations(page, 'booking with its messages');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await answered(row.getByRole('cell', { name: 'Confirmed', exact: true })).toBeVisible();
  });

  await test.step('the guest is emailed the answer’s words and a link to it, and sees it as new, once', async () => {
    const email = await emailTo(guest.email, `about your booking ${booking.reference}`);
    expect(email.text).toContain(`> ${officeWords}`);
    expect(email.text).toContain(`/account?messages=${booking.id}`);
    await guestPage.goto('/account');
    // The page is printed with the card's buttons before React wakes (issue 50): awake first, as in the
    // first step, since this step is about what is new, not a tap before the scripts arrive.
    await hydrated(guestPage);
    const button = card.getByRole('button', { name: `Messages (1 new) about ${booking.reference}` });
    await answered(button).toBeVisible();
    // Shown, the conversation marks them read by a POST of its own (reading changes nothing).
    const markedRead = guestPage.waitForResponse(
      (response) => response.url().endsWith('/messages/read') && response.request().method() === 'POST',
    );
    await button.click();
    const messages = card.getByRole('region', { name: 'Messages' });
    await answered(messages.getByRole('listitem').filter({ hasText: officeWords })).toContainText('New');
    expect((await markedRead).status()).toBe(200);
    await guestPage.reload();
    await answered(card.getByRole('button', { name: `Messages about ${booking.reference}` })).toBeVisible();
  });

  await test.step('the arrival pack is absent before the deposit is recorded, and on the booking after', async () => {
    await expect(card.getByRole('region', { name: 'Your arrival pack' })).toHaveCount(0);
    const before = await (await guestContext.request.get('/api/account/booking-requests')).text();
    expect(before).not.toContain(pack['Wi-Fi password']);
    // Stored in the server's database as the office's form stores it (payments.spec walks that form).
    await storePayment((text, values) => query(serverDatabaseUrl(), text, values), booking.id, {
      kind: 'deposit',
      amountPence: booking.quote.depositPence,
      method: 'card',
    });
    await guestPage.reload();
    const arrivalPack = card.getByRole('region', { name: 'Your arrival pack' });
    await answered(arrivalPack).toContainText(pack['Wi-Fi password']);
    await expect(arrivalPack).toContainText(pack['From Kochi airport (COK)']);
    await expect(arrivalPack.getByRole('link', { name: /Open the map pin/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=8\.3126&mlon=77\.0653/,
    );
    await expectNoAxeViolations(guestPage, 'account with its arrival pack');
  });
  await guestContext.close();
});
