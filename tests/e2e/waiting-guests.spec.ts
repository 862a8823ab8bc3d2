import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { accountMessagesRoute } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { insertBookings, madeUpProperty, type RunQuery } from '../support/booking-scenario.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { officeNav } from '../support/office.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { confirmStay, freeStay } from './support/stays.ts';

/**
 * The guests who wait for the office, on the office's first screens: a guest's message is on the day
 * with its booking and counted on the Bookings button until the office marks it read by its own act;
 * the booking list shows rows in the first screen of a laptop and a tablet however many there are, its
 * filters folded, and a row opens from its reference.
 */

const admin = {
  name: 'Waiting Office',
  email: `waiting.office.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

const run: RunQuery = (text, values) => query(serverDatabaseUrl(), text, values);

test.describe.configure({ timeout: 240_000 });

test.beforeAll(() => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.waitForFunction(everyIslandHydrated);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/admin', { timeout: 90_000 });
}

/** Whether the whole of `locator` lies in the first screen, the page not scrolled. */
async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, `${what} is on the page`).not.toBeNull();
  expect(box && box.y + box.height, `${what} ends within the first ${height} px`).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
}

test('a guest writes, and the office’s day lists the message with its booking until the office marks it read', async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
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
  const words = `Can we check in at noon? ${crypto.randomUUID().slice(0, 6)}`;

  await test.step('the guest writes to the office', async () => {
    const sent = await guestApi.post(accountMessagesRoute(booking.id), {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { body: words },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  });

  const messages = page.getByRole('region', { name: /^Messages from guests/ });
  const open = messages.getByRole('button', {
    name: new RegExp(`^${guest.name}\\W+${booking.reference}: read the message$`),
  });

  await test.step('the office’s day lists it first screen, with the booking, and Bookings counts it', async () => {
    await signInAsAdmin(page);
    await answered(open).toBeVisible();
    const row = messages.getByRole('listitem').filter({ hasText: words });
    await expect(
      row.getByRole('button', {
        name: new RegExp(`^${guest.name}\\W+${booking.reference}: read the message$`),
      }),
    ).toBeVisible();
    await expect(row).toContainText(booking.reference);
    await expect(row).toContainText('Poovar Estuary Villa');
    await expectInFirstScreen(page, messages, 'the guests’ messages');
    await expect(officeNav(page).getByRole('button', { name: /^Bookings\W+\d+ waiting$/ })).toBeVisible();
    await expectNoAxeViolations(page, 'the day with a guest’s message');
  });

  const dialog = page.getByRole('dialog', { name: `Booking request from ${guest.name}` });
  await test.step('opened, the message stays unread until the office marks it read', async () => {
    await open.click();
    const conversation = dialog.getByRole('region', { name: 'Messages' });
    await answered(conversation.getByRole('listitem').filter({ hasText: words })).toContainText('New');
    // By keyboard, the office's note box comes before the box that emails the guest.
    const boxes = await dialog
      .getByRole('textbox')
      .evaluateAll((fields) =>
        fields.map((field) => (field as HTMLTextAreaElement).labels?.[0]?.textContent ?? ''),
      );
    const note = boxes.findIndex((label) => label.startsWith('Add an office note'));
    const toGuest = boxes.findIndex((label) => label.startsWith('Write to the guest'));
    expect(note, `the boxes in order: ${boxes.join(' | ')}`).toBeGreaterThanOrEqual(0);
    expect(note).toBeLessThan(toGuest);
    await expect(dialog.getByLabel('Add an office note')).toHaveAccessibleDescription(
      /Only the office reads it: the guest never sees it/,
    );
    await expect(dialog.getByLabel('Write to the guest')).toHaveAccessibleDescription(/The guest reads it/);
    // Reading (the GET) marked nothing.
    const [unread] = await run<{ unread: number }>(
      `select count(*)::int as unread from booking_messages
       where booking_request_id = $1 and author = 'guest' and read_at is null`,
      [booking.id],
    );
    expect(unread?.unread).toBe(1);
    await expectNoAxeViolations(page, 'the booking with an unread message');
    const mark = conversation.getByRole('button', { name: 'Mark the new message as read' });
    await mark.focus();
    await page.keyboard.press('Enter');
    await answered(conversation.getByText('Marked as read.')).toBeVisible();
    await expect(conversation.getByRole('listitem').filter({ hasText: words })).not.toContainText('New');
    await expect(mark).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await answered(open).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width}×${viewport.height} the booking list shows rows in its first screen, filters folded`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const mark = crypto.randomUUID().slice(0, 6);
    const property = madeUpProperty('list-villa');
    const today = todayInKerala();
    // A few hundred rows, as a busy office has: newest first, this test's on top.
    const bookings = await insertBookings(
      run,
      Array.from({ length: 300 }, (_, n) => ({
        name: `Guest ${n} ${mark}`,
        property,
        arrival: addDays(today, 200 + n * 8),
        status: n % 3 === 0 ? 'confirmed' : 'new',
      })),
    );
    const written = bookings[3];
    if (!written) throw new Error('No booking to write on');
    await run(
      `insert into booking_messages (booking_request_id, author, author_id, body) values ($1, 'guest', gen_random_uuid(), $2)`,
      [written.id, `A question ${mark}`],
    );
    try {
      await signInAsAdmin(page);
      await officeNav(page)
        .getByRole('button', { name: /^Bookings/ })
        .click();
      const table = page.getByRole('table', { name: /^Booking requests/ });
      await answered(table.locator('tbody tr').first()).toBeVisible();
      const height = viewport.height;
      const boxes = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().bottom));
      const inFirstScreen = boxes.filter((bottom) => bottom <= height).length;
      test.info().annotations.push({ type: 'rows in the first screen', description: String(inFirstScreen) });
      expect(inFirstScreen, `rows whole in the first ${height} px`).toBeGreaterThanOrEqual(5);

      const search = page.getByRole('search', { name: 'Search booking requests' });
      const messagesFilter = search.getByRole('combobox', { name: 'Messages' });
      await expect(messagesFilter).toBeHidden();
      // By keyboard: the disclosure opens on Enter, and the filter is chosen and sent.
      await search.getByRole('button', { name: /^Filters and sort/ }).focus();
      await page.keyboard.press('Enter');
      await expect(messagesFilter).toBeVisible();
      await messagesFilter.selectOption({ label: 'Unread messages' });
      await search.getByRole('searchbox').fill(mark);
      await search.getByRole('searchbox').press('Enter');
      await answered(table.locator('tbody tr')).toHaveCount(1);
      await expect(search.getByRole('button', { name: 'Filters and sort, 1 set' })).toBeVisible();
      await expectNoAxeViolations(page, `the filtered list at ${viewport.width} px`);
      // The reference opens the booking as the name does.
      await table.getByRole('button', { name: written.reference, exact: true }).click();
      await answered(
        page.getByRole('dialog', { name: `Booking request from Guest 3 ${mark}` }),
      ).toBeVisible();
    } finally {
      await run('update booking_requests set deleted_at = now() where property = $1', [property]);
    }
  });
}
