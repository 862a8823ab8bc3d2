import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { seedDemoData } from '../../scripts/demo-data.ts';
import { formatDay } from '../../src/features/admin/admin-fields.ts';
import { addDays, daysBetween, todayInKerala } from '../../src/lib/dates.ts';
import {
  listWindowDays,
  moveWindowStart,
  openingWindowStart,
  type WindowStep,
  windowLength,
} from '../../src/lib/occupancy-window.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { officeNavButton, openBookingRequestsList } from '../support/office.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * The office's day at the dashboard: a few hundred rows of every kind, the occupancy calendar walked
 * by keyboard, every width from a phone to a desktop with nothing too wide or broken, and the counts
 * that follow the admin's own actions at once instead of at the next poll. Tagged @alone: the demo rows
 * lay confirmed stays on every property's calendar, which another test's free dates could meet, and
 * the counts are the whole office's.
 */

const admin = {
  name: 'Office Calendar',
  email: `office.calendar.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};

/** Server answers: a function's first call starts its instance (0.3–0.6 s), and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 240_000 });

/** The month after next, so the stays below never meet a stay another test books near today. */
const month = addDays(`${todayInKerala().slice(0, 7)}-01`, 62).slice(0, 7);

/** A window's heading, which names its grid: "25 Nov 2026 to 25 Dec 2026". */
const describeWindow = (from: string) => {
  const days = listWindowDays(from);
  return `${formatDay(days[0] as string)} to ${formatDay(days.at(-1) as string)}`;
};

/**
 * The buttons that take the calendar from where it opens to a window holding the stays below (the
 * 10th to the 17th of `month`), with at least nine free days before them: a month on while the stays
 * end past the window, then a week back while they start fewer than ten days into it.
 */
function planMoves(): { presses: [WindowStep, -1 | 1][]; from: string } {
  const presses: [WindowStep, -1 | 1][] = [];
  let from = openingWindowStart(todayInKerala());
  while (addDays(from, windowLength) < `${month}-17`) {
    presses.push(['month', 1]);
    from = moveWindowStart(from, 'month', 1);
  }
  while (daysBetween(from, `${month}-10`) < 9) {
    presses.push(['week', -1]);
    from = moveWindowStart(from, 'week', -1);
  }
  return { presses, from };
}
const moveLabels = {
  'month:1': 'On a month',
  'month:-1': 'Back a month',
  'week:1': 'On a week',
  'week:-1': 'Back a week',
};
const moveButton = (page: Page, [step, direction]: [WindowStep, -1 | 1]) =>
  page.getByRole('button', { name: moveLabels[`${step}:${direction}`], exact: true });

const guestName = `Calendar Guest ${crypto.randomUUID().slice(0, 6)}`;

/** A booking request written as the owner, for a property and nights of this test's choosing. */
async function insertStay(fields: {
  property: string;
  arrival: string;
  nights: number;
  status: string;
  name: string;
}) {
  return insertBooking((text, values) => query(serverDatabaseUrl(), text, values), {
    name: fields.name,
    email: 'calendar@example.com',
    property: fields.property,
    arrival: fields.arrival,
    departure: addDays(fields.arrival, fields.nights),
    guests: 3,
    weeklyRatePence: 264286,
    subtotalPence: 264286,
    depositPence: 66100,
    status: fields.status,
  });
}

let confirmed: { reference: string; id: string };
let fresh: { reference: string; id: string };

test.beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
  // The demo's stays run from 540 days back to 300 ahead; they may hold nights of this month too.
  await seedDemoData(serverDatabaseUrl(), 300);
  // The demo may have booked this property in the window the test shows (a month and more around
  // this month): those go to Trash, so the row holds only ours.
  await query(
    serverDatabaseUrl(),
    `update booking_requests set deleted_at = now()
     where property = 'poovar-estuary-villa' and deleted_at is null
       and daterange(arrival, departure, '[)')
         && daterange(($1::date - interval '45 days')::date, ($1::date + interval '75 days')::date, '[)')`,
    [`${month}-01`],
  );
  confirmed = await insertStay({
    property: 'poovar-estuary-villa',
    arrival: `${month}-10`,
    nights: 7,
    status: 'confirmed',
    name: guestName,
  });
  fresh = await insertStay({
    property: 'poovar-estuary-villa',
    arrival: `${month}-12`,
    nights: 3,
    status: 'new',
    name: `${guestName} Junior`,
  });
});

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first sign-in starts the office's functions' instances; on a busy machine it took over 30 s.
  await expect(page).toHaveURL('/admin', { timeout: 90_000 });
  // The dashboard opens on the office's day; the list is one click away.
  await openBookingRequestsList(page);
  await answered(page.getByRole('region', { name: 'Booking requests', exact: true })).toBeVisible();
}

/** The row header of the focused grid cell's row, and the focused element's accessible text. */
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      // The property's name: the header's first words, before its occupancy of the window.
      property: active?.closest('tr')?.querySelector('th')?.firstChild?.textContent ?? '',
      text: active?.textContent ?? '',
      tag: active?.tagName ?? '',
    };
  });

test('an admin opens a confirmed stay from the occupancy calendar by keyboard and moves its window', {
  tag: '@alone',
}, async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signInAsAdmin(page);
  const { presses, from } = planMoves();
  const grid = page.getByRole('grid', { name: describeWindow(from) });
  const opening = openingWindowStart(todayInKerala());

  await test.step('opens the calendar a few days before today and moves to the stays by keyboard', async () => {
    await officeNavButton(page, 'Occupancy calendar').focus();
    await page.keyboard.press('Enter');
    await answered(page.getByRole('heading', { name: describeWindow(opening), level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to today', exact: true })).toBeDisabled();
    for (const press of presses) {
      await moveButton(page, press).focus();
      await page.keyboard.press('Enter');
    }
    await answered(page.getByRole('heading', { name: describeWindow(from), level: 3 })).toBeVisible();
    await answered(grid).toBeVisible();
    await expectNoAxeViolations(page, 'the occupancy calendar at 768 px');
  });

  await test.step('the grid is one Tab stop', async () => {
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await grid.locator('[tabindex="0"]').focus();
    expect((await focusedCell(page)).property).toBe('Kovalam Cliff Villa');
  });

  await test.step('moves by property and by day to the confirmed stay, and Enter opens it', async () => {
    for (
      let press = 0;
      press < 20 && (await focusedCell(page)).property !== 'Poovar Estuary Villa';
      press++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    expect((await focusedCell(page)).property).toBe('Poovar Estuary Villa');
    await page.keyboard.press('Home');
    // Free days from the window's first to the 9th, then the bar: one press of ArrowRight a day.
    for (let press = 0; press < daysBetween(from, `${month}-10`); press++)
      await page.keyboard.press('ArrowRight');
    const onBar = await focusedCell(page);
    expect(onBar.tag).toBe('BUTTON');
    // The bar names the guest; the reference is in its description.
    expect(onBar.text).toContain(`${guestName}, Confirmed`);
    expect(onBar.text).toContain(confirmed.reference);
    await expect(
      grid.getByRole('rowheader', { name: /^Poovar Estuary Villa 23% booked, 7 of 31 nights$/ }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: `Booking request from ${guestName}` });
    await answered(detail.getByText(confirmed.reference, { exact: true })).toBeVisible();
    await expect(detail.getByText('Poovar Estuary Villa', { exact: true })).toBeVisible();
    await expect(detail.getByText('poovar-estuary-villa')).toHaveCount(0);
    await expect(detail.getByText(/^(None|null)$/)).toHaveCount(0);
    await expect(detail.getByText('Record id')).toHaveCount(0);
    await expectNoAxeViolations(page, 'a stay opened from the calendar');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    expect((await focusedCell(page)).text).toContain(confirmed.reference);
  });

  await test.step('shows the new request beside it, told apart in words', async () => {
    // The request's nights are the 12th to the 14th: below the 10th is a free day, two steps short.
    await page.keyboard.press('ArrowDown');
    expect((await focusedCell(page)).tag).toBe('TD');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const below = await focusedCell(page);
    expect(below.property).toContain('Poovar Estuary Villa');
    expect(below.text).toContain(`${guestName} Junior, New request`);
    expect(below.text).toContain(fresh.reference);
    // One step right leaves the whole bar: a bar is one cell.
    await page.keyboard.press('ArrowRight');
    expect((await focusedCell(page)).tag).toBe('TD');
  });

  await test.step('declines the new request from its bar, and the bar goes', async () => {
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: `Booking request from ${guestName} Junior` });
    await answered(detail.getByRole('button', { name: 'Decline booking' })).toBeVisible();
    await detail.getByRole('button', { name: 'Decline booking' }).click();
    await detail.getByRole('button', { name: 'Yes, decline booking' }).click();
    await answered(detail.getByRole('status')).toHaveText('Booking declined.');
    await page.keyboard.press('Escape');
    await answered(grid.getByRole('button', { name: new RegExp(fresh.reference) })).toHaveCount(0);
    await expect(grid.getByRole('button', { name: new RegExp(`^${guestName}, Confirmed`) })).toBeVisible();
  });

  await test.step('goes back a week, and back to today', async () => {
    await page.getByRole('button', { name: 'Back a week', exact: true }).click();
    await answered(
      page.getByRole('heading', { name: describeWindow(moveWindowStart(from, 'week', -1)), level: 3 }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Back to today', exact: true }).click();
    await answered(page.getByRole('heading', { name: describeWindow(opening), level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to today', exact: true })).toBeDisabled();
  });

  await test.step('on a phone, lists the window’s stays per property instead', async () => {
    for (const press of presses) await moveButton(page, press).click();
    await answered(page.getByRole('heading', { name: describeWindow(from), level: 3 })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('grid')).toBeHidden();
    const poovar = page.getByRole('region', { name: 'Poovar Estuary Villa' });
    await poovar.getByRole('button', { name: new RegExp(`^${guestName}, Confirmed`) }).click();
    await answered(page.getByRole('dialog', { name: `Booking request from ${guestName}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page, 'the calendar as a list at 360 px');
  });
});

/** The elements whose visible text runs over more than one line. */
const wrappedTexts = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const wrapped: string[] = [];
    for (const element of document.querySelectorAll(css)) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      // The visible text only: a visually hidden part sits apart by design.
      const lines = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden') || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) lines.add(Math.round(rect.top));
      }
      if (lines.size > 1) wrapped.push(element.textContent ?? '');
    }
    return wrapped;
  }, selector);

// Fails in whole runs since 2026-12-02 (two of two, 394 px at 360 px): what reaches past the window is
// the office's navigation once a badge reaches two digits ("87 new"), though its row scrolls in its own
// box. A real fault of the dashboard on a phone on a busy day, left to mend (closing note, session 53).
test('the dashboard fits every width with a few hundred rows: no page wider than the window, no broken numbers or buttons, cards on a phone', {
  tag: '@alone',
}, async ({ page }) => {
  await signInAsAdmin(page);
  const table = page.getByRole('region', { name: 'Booking requests', exact: true });
  await page.getByRole('button', { name: 'Load more booking requests' }).click();
  await answered(table.getByRole('row')).toHaveCount(51);
  for (const width of [1280, 768, 360]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // Should the page be wider, the message names what reaches past the window (the rows are other
      // specs' too: a long word one of them typed has been the cause).
      await expectNoWiderThanWindow(page, width, 'the booking requests');
      // A tablet (768 px) keeps the table, so its first screen shows rows (issue #46); where its columns
      // need more room than the screen, the table scrolls sideways in its own box, which takes the
      // keyboard's focus (arrows scroll it), never the page. A phone gets cards.
      if (width >= 768) {
        expect(await wrappedTexts(page, '.admin-table__whole, .admin-table__actions button')).toEqual([]);
        const box = page.locator('.admin-table');
        expect(await box.getAttribute('tabindex')).toBe('0');
        expect(await box.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(
          width,
        );
      } else {
        // One card per row: a row is a block as wide as the screen allows, every value labelled.
        const row = table.getByRole('row').nth(1);
        expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe('block');
        expect((await row.boundingBox())?.width).toBeLessThanOrEqual(width);
        expect(
          await row
            .locator('td[data-label="Total"]')
            .evaluate((cell) => getComputedStyle(cell, '::before').content),
        ).toBe('"Total"');
      }
      await expectNoAxeViolations(page, `the booking requests at ${width} px`);
    });
  }
  // Every other screen on a phone, with the counts a busy office has (badges of two digits and more).
  await page.setViewportSize({ width: 360, height: 900 });
  for (const screen of ['Today', 'Balances due', 'Numbers', 'Messages and forms']) {
    await officeNavButton(page, screen).click();
    await answered(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoWiderThanWindow(page, 360, screen);
  }
  for (const list of ['Career applications', 'Contact messages', 'Partner enquiries', 'Buyers’ enquiries']) {
    await page
      .getByRole('navigation', { name: 'Messages and forms' })
      .getByRole('button', { name: new RegExp(`^${list}`) })
      .click();
    await answered(page.getByRole('heading', { level: 2, name: list })).toBeVisible();
    await expectNoWiderThanWindow(page, 360, list);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await officeNavButton(page, 'Occupancy calendar').click();
  await answered(page.getByRole('grid')).toBeVisible();
  for (const width of [1280, 768, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `calendar at ${width} px`).toBe(
      width,
    );
  }
});

/**
 * Fails when the page is wider than the window, naming what widens it: an element past the window
 * whose parent is not, with no ancestor that scrolls or clips it (a table in its own scroller reaches
 * past the window rightly). The rows are other specs' too: a long word one of them typed has been the
 * cause, and so has a row of buttons that did not wrap once a count had two digits.
 */
async function expectNoWiderThanWindow(page: Page, width: number, what: string) {
  const past = await page.evaluate((limit) => {
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          return up !== document.body && up !== document.documentElement;
        }
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > limit + 0.5 &&
          (element.parentElement?.getBoundingClientRect().right ?? 0) <= limit + 0.5 &&
          !clipped(element),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px): ${element.textContent?.slice(0, 80)}`,
      );
  }, width);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${what} at ${width} px: ${past.join('\n')}`,
  ).toBe(width);
}

/** The new-item count on the nav's booking requests button, and the Trash count of the open list. */
async function readCounts(page: Page) {
  const nav = await page.getByRole('button', { name: /^Bookings/ }).textContent();
  const trash = await page.getByRole('button', { name: /^Trash/ }).textContent();
  return {
    fresh: Number(/(\d+) waiting/.exec(nav ?? '')?.[1] ?? 0),
    trash: Number(/Trash, (\d+)/.exec(trash ?? '')?.[1] ?? 0),
  };
}

test('the counts follow a delete, a restore and a status change at once, not at the next poll', {
  tag: '@alone',
}, async ({ page }) => {
  const name = `Counted ${crypto.randomUUID().slice(0, 6)}`;
  await insertStay({
    property: 'fort-kochi-heritage-villa',
    arrival: addDays(todayInKerala(), 900),
    nights: 5,
    status: 'new',
    name,
  });
  // When the page asked for the counts. The poll asks every 5 s; the admin's own action must ask at
  // once, so a request within a second of the action's answer proves it (a poll falls there 1 time in 5,
  // in all three actions 1 in 125). The counts may then take as long as the server does.
  const countsAsked: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin/summary') countsAsked.push(Date.now());
  });
  async function expectCountsAtOnce(
    method: string,
    act: () => Promise<void>,
    expected: Awaited<ReturnType<typeof readCounts>>,
  ) {
    const actionAnswered = page.waitForResponse(
      (response) =>
        response.request().method() === method &&
        new URL(response.url()).pathname.startsWith('/api/admin/booking-requests/'),
      { timeout: 30_000 },
    );
    await act();
    await actionAnswered;
    const at = Date.now();
    await expect
      .poll(() => countsAsked.some((asked) => asked >= at - 200 && asked <= at + 1000), { timeout: 2000 })
      .toBe(true);
    await answered.poll(() => readCounts(page)).toEqual(expected);
  }

  await signInAsAdmin(page);
  const search = page.getByRole('searchbox', { name: 'Search booking requests' });
  await search.fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await answered(row).toBeVisible();
  await answered(page.getByRole('button', { name: /^Bookings\W+\d+ waiting$/ })).toBeVisible();

  const before = await readCounts(page);
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expectCountsAtOnce(
    'DELETE',
    () =>
      page
        .getByRole('dialog', { name: 'Move this booking request to Trash?' })
        .getByRole('button', { name: 'Move to Trash' })
        .click(),
    { fresh: before.fresh - 1, trash: before.trash + 1 },
  );
  await expect(row).toHaveCount(0);

  await page.getByRole('button', { name: /^Trash/ }).click();
  await answered(row.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
  await expectCountsAtOnce(
    'POST',
    () => row.getByRole('button', { name: `Restore ${name}` }).click(),
    before,
  );
  await answered(row).toHaveCount(0);
  await expectNoAxeViolations(page, 'the trash after a restore');

  await page.getByRole('button', { name: /^Inbox/ }).click();
  await answered(row).toBeVisible();
  await row.getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: `Booking request from ${name}` });
  await answered(detail.getByRole('button', { name: 'Decline booking' })).toBeVisible();
  await detail.getByRole('button', { name: 'Decline booking' }).click();
  await expectCountsAtOnce(
    'PATCH',
    () => detail.getByRole('button', { name: 'Yes, decline booking' }).click(),
    {
      fresh: before.fresh - 1,
      trash: before.trash,
    },
  );
  await expect(detail.getByRole('status')).toHaveText('Booking declined.');
  await page.keyboard.press('Escape');
});
