import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { insertBooking, madeUpProperty, type RunQuery } from '../support/booking-scenario.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * The office's day: `/admin` opens on what to do today, everything actionable in the first screen of a
 * laptop and of a tablet without scrolling, and the oldest request is confirmed from there. The two
 * sizes run one after the other in one worker (`mode: 'default'`): each puts the oldest request in,
 * the first confirms it before the second puts its own.
 */

test.describe.configure({ mode: 'default', timeout: 180_000 });

const admin = {
  name: 'Office Day',
  email: `office.day.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

const run: RunQuery = (text, values) => query(serverDatabaseUrl(), text, values);

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
  // The first sign-in starts the office's functions' instances; on a busy machine it took over 30 s.
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

for (const [index, viewport] of [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
].entries()) {
  test(`at ${viewport.width}×${viewport.height} the office sees its day without scrolling and confirms the oldest request`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const today = todayInKerala();
    const mark = crypto.randomUUID().slice(0, 6);
    // Older than any request another test sends, and than the size before's: the first to answer.
    const oldest = await insertBooking(run, {
      name: `Oldest Guest ${mark}`,
      property: madeUpProperty('office-day-villa'),
      arrival: addDays(today, 120),
      createdAt: `2000-01-01T0${6 - index}:00:00Z`,
    });
    const arriving = await insertBooking(run, {
      name: `Arriving Guest ${mark}`,
      email: `arriving.${mark}@example.com`,
      phone: '+91 98470 22222',
      property: madeUpProperty('office-day-villa'),
      arrival: today,
      departure: addDays(today, 4),
      status: 'confirmed',
      statusChangedAt: '2026-01-05T06:00:00Z',
    });

    await signInAsAdmin(page);
    const heading = page.getByRole('heading', { name: /^Today/, level: 2 });
    await answered(heading).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Office' });
    await expect(nav.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-current', 'true');

    const requests = page.getByRole('region', { name: /^Awaiting an answer/ });
    const moves = page.getByRole('region', { name: 'This week’s arrivals and departures' });
    const balances = page.getByRole('region', { name: /^Balances due/ });
    const unread = page.getByRole('region', { name: 'Unread messages and forms' });
    // The reference is read out after the name (a hidden part of the button), as "…, KV-2000-0001: answer".
    const answer = requests.getByRole('button', {
      name: new RegExp(`^Oldest Guest ${mark}\\W+${oldest.reference}: answer$`),
    });
    await answered(answer).toBeVisible();
    await expect(requests.getByRole('listitem').first()).toContainText(`Oldest Guest ${mark}`);
    await expect(requests.getByRole('listitem').first()).toContainText(/waiting \d+ days/);
    const arrival = moves
      .getByRole('list', { name: /^Arrivals/ })
      .getByRole('listitem')
      .filter({ hasText: `Arriving Guest ${mark}` });
    await expect(arrival).toContainText('Today');
    await expect(arrival.getByRole('link', { name: '+91 98470 22222' })).toHaveAttribute(
      'href',
      'tel:+919847022222',
    );
    await expect(arrival.getByRole('link', { name: `arriving.${mark}@example.com` })).toHaveAttribute(
      'href',
      `mailto:arriving.${mark}@example.com`,
    );
    // Everything was due on confirmation in January and nothing is received.
    await expect(arrival).toContainText('Overdue');
    await expect(balances).toContainText(/£[\d,.]+ outstanding on \d+ booking/);

    await expectInFirstScreen(page, requests, 'the requests awaiting an answer');
    await expectInFirstScreen(page, answer, 'the oldest request');
    await expectInFirstScreen(page, moves.getByRole('heading', { level: 3 }), 'the arrivals and departures');
    await expectInFirstScreen(page, arrival, 'today’s arrival');
    await expectInFirstScreen(page, balances.getByRole('heading', { level: 3 }), 'the balances due');
    await expectInFirstScreen(page, unread, 'the unread items');
    await expectNoAxeViolations(page, `the office’s day at ${viewport.width} px`);

    await answer.click();
    const dialog = page.getByRole('dialog', { name: `Booking request from Oldest Guest ${mark}` });
    await answered(dialog.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(dialog.getByRole('status')).toHaveText('Booking confirmed.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await answered(requests.getByRole('button', { name: new RegExp(oldest.reference) })).toHaveCount(0);
    const [row] = await run('select status from booking_requests where id = $1', [oldest.id]);
    expect(row?.status).toBe('confirmed');
    // The stay that arrived today is this test's own: it goes to Trash, out of the next size's way.
    await run('update booking_requests set deleted_at = now() where id = $1', [arriving.id]);
  });
}
