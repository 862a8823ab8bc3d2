import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatDay } from '../../src/features/admin/admin-fields.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { listWindowDays, openingWindowStart } from '../../src/lib/occupancy-window.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  type BookingScenario,
  insertBooking,
  insertBookings,
  madeUpProperty,
  type RunQuery,
} from '../support/booking-scenario.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { officeNav } from '../support/office.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * The office's day: `/admin` opens on what to do today, everything actionable in the first screen of a
 * laptop and of a tablet without scrolling however busy the day, and the oldest request is confirmed
 * from there. Each size first makes the day busy itself (more requests, arrivals, departures, balances
 * and unread items of every list than the view shows, with long names), so what it proves does not
 * hang on what other specs left in the database. The two sizes run one after the other in one worker
 * (`mode: 'default'`): each puts the oldest request in, the first confirms it before the second puts
 * its own.
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

/** More than a block of the day shows (three rows): each block then has rows past its cap. */
const busy = 5;
/** A name longer than a row has room for, at both sizes. */
const longName = (mark: string, n: number) =>
  `Parvathy Lakshmi Thiruvananthapuram-Venkataraghavan Nair ${n} ${mark}`;

/**
 * Fills every block of today past what it shows: new requests (after the oldest), confirmed stays
 * arriving and leaving this week, with nothing paid of what was due in January (so balances overdue),
 * and unread items of every form list. Answers the ids of the bookings, to trash once the test is done.
 */
async function makeTheDayBusy(mark: string, today: string): Promise<string[]> {
  const stay = (n: number, fields: BookingScenario): BookingScenario => ({
    name: longName(mark, n),
    email: `a.very.long.address.for.a.guest.${n}.${mark}@backwaters-and-beaches.example.com`,
    property: madeUpProperty('a-heritage-villa-by-the-backwaters-of-kumarakom-with-a-long-name'),
    status: 'confirmed',
    statusChangedAt: '2026-01-05T06:00:00Z',
    ...fields,
  });
  const indexes = Array.from({ length: busy }, (_, n) => n);
  const bookings = await insertBookings(run, [
    ...indexes.map((n) => ({
      name: longName(mark, n),
      property: madeUpProperty('a-heritage-villa-by-the-backwaters-of-kumarakom-with-a-long-name'),
      arrival: addDays(today, 150 + n * 10),
      createdAt: `2000-01-02T0${n}:00:00Z`,
    })),
    ...indexes.map((n) => stay(n, { arrival: addDays(today, n % 5), departure: addDays(today, 10) })),
    ...indexes.map((n) => stay(n, { arrival: addDays(today, -5), departure: addDays(today, n % 5) })),
  ]);
  const person = (table: string, n: number) => [longName(mark, n), `${table}.${n}.${mark}@example.com`];
  for (const n of indexes) {
    for (const table of ['contact_messages', 'partner_enquiries']) {
      await run(`insert into public.${table} (name, email, phone, message) values ($1, $2, $3, $4)`, [
        ...person(table, n),
        '+91 98470 33333',
        'A question for the office on a busy day.',
      ]);
    }
    await run(
      `insert into public.career_applications (name, email, phone, qualification, position)
       values ($1, $2, $3, $4, $5)`,
      [...person('career', n), '+91 98470 33333', 'B.Com, 2019', 'guest-relations-executive'],
    );
    await run(
      `insert into public.buyer_enquiries (property, property_kind, intent, name, email, phone, country,
         budget, home_loan, paying_from_abroad, time_zone)
       values ('kovalam-cliff-villa', 'villas', 'buying', $1, $2, $3, 'India', '£500,000', false, true, 'Asia/Dubai')`,
      [...person('buyer', n), '+91 98470 33333'],
    );
  }
  return bookings.map(({ id }) => id);
}

/** Whether the whole of `locator` lies in the first screen, the page not scrolled. */
async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, `${what} is on the page`).not.toBeNull();
  expect(box && box.y + box.height, `${what} ends within the first ${height} px`).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
}

/** What the test running made for its busy day: its mark (the end of every name) and its bookings. */
let mine: { mark: string; bookings: string[] } | undefined;

// The busy day's rows are the test's own: they go to Trash once it is done, passed or not, out of the
// next size's way and of other specs'. The oldest request stays, confirmed.
test.afterEach(async () => {
  if (!mine) return;
  const { mark, bookings } = mine;
  mine = undefined;
  await run('update booking_requests set deleted_at = now() where id = any($1::uuid[])', [bookings]);
  for (const table of ['contact_messages', 'partner_enquiries', 'career_applications', 'buyer_enquiries']) {
    await run(`update public.${table} set deleted_at = now() where name like $1`, [`% ${mark}`]);
  }
});

/** Whether `list` is one line high: no taller than `item`, one of its items, with a little room. */
async function expectOneLine(list: Locator, item: Locator, what: string) {
  const [listBox, itemBox] = [await list.boundingBox(), await item.boundingBox()];
  expect(listBox && itemBox && listBox.height, `${what} are one line`).toBeLessThanOrEqual(
    (itemBox?.height ?? 0) + 4,
  );
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

    mine = { mark, bookings: [arriving.id, ...(await makeTheDayBusy(mark, today))] };

    await signInAsAdmin(page);
    const heading = page.getByRole('heading', { name: /^Today/, level: 2 });
    await answered(heading).toBeVisible();
    const nav = officeNav(page);
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

    // Every block is past what it shows: three rows, and a link to the rest.
    for (const [block, more] of [
      [requests, /^\d+ more booking requests awaiting an answer$/],
      [moves, /^\d+ more arrivals this week/],
      [moves, /^\d+ more departures this week/],
      [balances, /^\d+ more balances due$/],
    ] as const) {
      await expect(block.getByRole('button', { name: more })).toBeVisible();
    }
    await expect(requests.getByRole('listitem')).toHaveCount(3);
    await expect(moves.getByRole('list', { name: /^Arrivals/ }).getByRole('listitem')).toHaveCount(3);
    await expect(moves.getByRole('list', { name: /^Departures/ }).getByRole('listitem')).toHaveCount(3);
    await expect(balances.getByRole('listitem')).toHaveCount(3);
    for (const list of [
      'Career applications',
      'Contact messages',
      'Partner enquiries',
      'Buyers’ enquiries',
    ]) {
      await expect(
        unread.getByRole('button', { name: new RegExp(`^${list}\\W+\\d+ unread$`) }),
      ).toBeVisible();
    }

    await expectInFirstScreen(page, requests, 'the requests awaiting an answer');
    await expectInFirstScreen(page, answer, 'the oldest request');
    await expectInFirstScreen(page, moves, 'the arrivals and departures');
    await expectInFirstScreen(page, arrival, 'today’s arrival');
    await expectInFirstScreen(page, balances, 'the balances due');
    await expectInFirstScreen(page, unread, 'the unread items');
    await expectOneLine(unread.getByRole('list'), unread.getByRole('button').first(), 'the unread counts');
    await expectOneLine(nav.getByRole('list'), nav.getByRole('button', { name: 'Today' }), 'the navigation');
    // One row, with nothing of it hidden behind a sideways scroll.
    const navList = nav.getByRole('list');
    expect(
      await navList.evaluate((list) => list.scrollWidth <= list.clientWidth),
      'the navigation shows all of its items',
    ).toBe(true);
    // The season's occupancy as a small chart in the first screen, an image named by what it shows.
    const glance = page.getByRole('region', { name: /^Occupancy, season \d{4}–\d{2}$/ });
    const chart = glance.getByRole('img', { name: /^Occupancy by month, \d{4}–\d{2} against \d{4}–\d{2}/ });
    await answered(chart).toBeVisible();
    await expectInFirstScreen(page, chart, 'the occupancy chart');
    await expectNoAxeViolations(page, `the office’s day at ${viewport.width} px`);

    await test.step('the chart’s table is the next Tab stop after the requests, and Enter opens it', async () => {
      await requests.getByRole('button', { name: /more booking requests awaiting an answer$/ }).focus();
      await page.keyboard.press('Tab');
      const summary = glance.locator('summary');
      await expect(summary).toBeFocused();
      await page.keyboard.press('Enter');
      const table = glance.getByRole('table', { name: 'Occupancy by month' });
      await expect(table).toBeVisible();
      // A header row and the season's twelve months, October first, each this season beside the last.
      await expect(table.getByRole('row')).toHaveCount(13);
      await expect(table.getByRole('row').nth(1)).toContainText(/^Oct\d+%\d+%$/);
      await page.keyboard.press('Enter');
      await expect(table).toBeHidden();
    });

    await answer.click();
    const dialog = page.getByRole('dialog', { name: `Booking request from Oldest Guest ${mark}` });
    await answered(dialog.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await answered(dialog.getByRole('status')).toHaveText('Booking confirmed.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await answered(requests.getByRole('button', { name: new RegExp(oldest.reference) })).toHaveCount(0);
    const [row] = await run('select status from booking_requests where id = $1', [oldest.id]);
    expect(row?.status).toBe('confirmed');

    await test.step('the calendar opens on today, the arriving guest named on their bar', async () => {
      await nav.getByRole('button', { name: 'Occupancy calendar' }).click();
      const grid = page.getByRole('grid');
      const bar = grid.getByRole('button', {
        name: new RegExp(`^Arriving Guest ${mark}, Confirmed ?, .*: ${arriving.reference},`),
      });
      await answered(bar).toBeVisible();
      const scroller = await grid.locator('xpath=..').boundingBox();
      const todayColumn = await grid.locator('thead th.occupancy__today').boundingBox();
      const barBox = await bar.boundingBox();
      for (const [what, box] of [
        ['today’s column', todayColumn],
        ['the arriving guest’s bar', barBox],
      ] as const) {
        expect(
          box && scroller && box.x >= scroller.x && box.x < scroller.x + scroller.width,
          `${what} is in view`,
        ).toBe(true);
      }
      await nav.getByRole('button', { name: 'Today' }).click();
      await answered(heading).toBeVisible();
    });

    // The rows' own actions, once, at the laptop's size: the tablet's walk adds nothing to them.
    if (index === 0) await walkTheRows(page, { mark, arriving });

    // The same busy day on a phone: long names and addresses are cut, nothing widens the page. The
    // buttons' visually hidden words once hung outside the navigation's scroller (647 px at 360).
    await page.setViewportSize({ width: 360, height: 740 });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth(), 'the day at 360 px is no wider than the phone').toBe(360);
    await nav.getByRole('button', { name: /^Balances/ }).click();
    await answered(page.getByRole('heading', { name: 'Balances due' })).toBeVisible();
    expect(await pageWidth(), 'the balances due at 360 px are no wider than the phone').toBe(360);
  });
}

/**
 * The office's rows (#28 item 5) and the calendar's window (item 4): today's confirmed arrivals found
 * with the arrival preset beside the status filter, a balance reminder sent from the balances due, a
 * contact message marked answered, and the calendar moved a week on and back to today.
 */
async function walkTheRows(
  page: Page,
  { mark, arriving }: { mark: string; arriving: { id: string; reference: string } },
) {
  const nav = officeNav(page);

  await test.step('filters the bookings to today’s confirmed arrivals', async () => {
    await nav.getByRole('button', { name: /^Bookings/ }).click();
    const filters = page.getByRole('search', { name: 'Search booking requests' });
    await answered(filters.getByRole('searchbox')).toBeVisible();
    await filters.getByRole('searchbox').fill(mark);
    await filters.getByRole('button', { name: /^Filters and sort/ }).click();
    await filters.getByRole('combobox', { name: 'Arriving' }).selectOption({ label: 'Today' });
    await filters.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Confirmed' });
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Booking requests' });
    // The busy day's first stay arrives today too; the others later this week or before today.
    await answered(table.getByRole('button', { name: `Arriving Guest ${mark}`, exact: true })).toBeVisible();
    await expect(table.getByRole('button', { name: longName(mark, 0), exact: true })).toHaveCount(1);
    await expect(table.getByRole('button', { name: longName(mark, 1), exact: true })).toHaveCount(0);
    await expect(table.locator('tbody tr')).toHaveCount(2);
  });

  await test.step('sends the arriving guest a balance reminder, once', async () => {
    await nav.getByRole('button', { name: /^Balances/ }).click();
    const send = page.getByRole('button', {
      name: `Send reminder to Arriving Guest ${mark} (${arriving.reference})`,
    });
    await answered(send).toBeVisible();
    const row = page.getByRole('row').filter({ has: send });
    await expect(row).toContainText('No reminder sent yet');
    await send.click();
    await answered(row.getByRole('status')).toHaveText('Reminder sent.');
    await expect(row).toContainText(/Last reminder \d+ \w+ \d{4}, \d{2}:\d{2} IST/);
    const reminders = await run(
      `select count(*)::int as count from email_outbox where booking_request_id = $1 and kind = 'balance_reminder'`,
      [arriving.id],
    );
    expect(reminders[0]?.count).toBe(1);
  });

  await test.step('marks a contact message answered, and the list says so', async () => {
    await nav.getByRole('button', { name: /^Messages and forms/ }).click();
    await page
      .getByRole('navigation', { name: 'Messages and forms' })
      .getByRole('button', { name: /^Contact messages/ })
      .click();
    const filters = page.getByRole('search', { name: 'Search contact messages' });
    await answered(filters.getByRole('searchbox')).toBeVisible();
    await filters.getByRole('searchbox').fill(mark);
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Contact messages' });
    const name = longName(mark, 0);
    await answered(table.getByRole('button', { name, exact: true })).toBeVisible();
    await table.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Contact message from ${name}` });
    await answered(dialog.getByRole('button', { name: 'Mark answered' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark answered' }).click();
    await answered(dialog.getByRole('button', { name: 'Mark not answered' })).toBeVisible();
    await expect(dialog.getByText(admin.email, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Answered');
  });

  await test.step('moves the calendar a week on, and back to today', async () => {
    await nav.getByRole('button', { name: 'Occupancy calendar' }).click();
    const opening = openingWindowStart(todayInKerala());
    const heading = (from: string) => {
      const days = listWindowDays(from);
      return page.getByRole('heading', {
        level: 3,
        name: `${formatDay(days[0] as string)} to ${formatDay(days.at(-1) as string)}`,
      });
    };
    await answered(heading(opening)).toBeVisible();
    await page.getByRole('button', { name: 'On a week', exact: true }).click();
    await answered(heading(addDays(opening, 7))).toBeVisible();
    await expect(page.getByRole('grid').locator('thead th.occupancy__today')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to today', exact: true }).click();
    await answered(heading(opening)).toBeVisible();
    await nav.getByRole('button', { name: 'Today' }).click();
  });
}
