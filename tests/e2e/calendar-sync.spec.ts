import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { addDays, formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated, islandHydrated } from '../support/islands.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { serveOtherPlatformFeed } from './support/ical-platform.ts';

/**
 * Calendar sync as the office uses it: the admin adds another platform's iCal link for a villa (served
 * by a local HTTP server this spec starts), presses Import now, sees the nights "Blocked by Airbnb"
 * and when it last synced, and a guest can no longer ask for those nights.
 */

const villa = { id: 'kovalam-samudra-villa', name: 'Kovalam Samudra Villa' };
const admin = {
  name: 'Office Calendars',
  email: `calendars.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
};
// Next week, as the platform has it; and, closed on the platform from near our horizon to year 9999,
// the nights up to the last one a stay can take (two years of arrivals, then the longest stay).
const blocked = { start: addDays(todayInKerala(), 8), end: addDays(todayInKerala(), 15) };
const endless = { start: addDays(todayInKerala(), 800), cutAt: addDays(todayInKerala(), 730 + 90) };

const answered = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });
const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

let platform: Awaited<ReturnType<typeof serveOtherPlatformFeed>>;
let feedUrl = '';

test.beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
  platform = await serveOtherPlatformFeed(blocked, { endlessFrom: endless.start });
  feedUrl = platform.url;
});

test.afterAll(() => platform.close());

test('the admin imports a feed that blocks next week, and a guest can no longer ask for it', async ({
  page,
  browser,
  baseURL,
}) => {
  await test.step('the admin adds the feed and imports it', async () => {
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The first call of each function starts its worker; on a loaded machine that takes a while.
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    await page.getByRole('link', { name: 'Calendar sync' }).click();
    await answered(page).toHaveURL('/admin/calendars');
    await hydrated(page);
    const section = page.getByRole('region', { name: villa.name });
    await answered(section.getByText('None yet.').first()).toBeVisible();
    await section.getByLabel('Platform').fill('Airbnb');
    await section.getByLabel('iCal link').fill(feedUrl);
    await section.getByRole('button', { name: `Add calendar to ${villa.name}` }).click();
    await answered(section.getByText(feedUrl)).toBeVisible();
    await expect(section.getByText('Last synced: never')).toBeVisible();
    // By keyboard, as an office admin might.
    await section.getByRole('button', { name: `Import now for ${villa.name}` }).focus();
    await page.keyboard.press('Enter');
    await answered(
      section.getByText(
        `Blocked by Airbnb: ${formatStayDate(blocked.start)} to ${formatStayDate(blocked.end)}`,
      ),
    ).toBeVisible();
    await expect(section.getByText(/Last synced: \d{1,2} \w{3} \d{4}/)).toBeVisible();
    await expect(
      section.getByText(
        `Imported with a change: 1 event ran past ${formatStayDate(endless.cutAt)}, the last night a stay can take, and was cut there.`,
      ),
    ).toBeVisible();
    await expect(
      section.getByText(
        `Blocked by Airbnb: ${formatStayDate(endless.start)} to ${formatStayDate(endless.cutAt)}`,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a guest sees the nights taken on the property page', async () => {
    // A separate browser context: the guest is not the signed-in admin.
    const guestPage = await browser.newPage({ baseURL });
    await guestPage.goto(`/villas/${villa.id}`);
    await islandHydrated(guestPage, 'BookingPanel');
    const panel = guestPage.getByRole('complementary', { name: `Book ${villa.name}` });
    await panel.getByLabel('Guests').selectOption('3');
    await panel.getByLabel('Arrival', { exact: true }).fill(addDays(blocked.start, 1));
    await panel.getByLabel('Departure', { exact: true }).fill(addDays(blocked.start, 7));
    await answered(panel.getByText('These dates overlap a booked stay')).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Your price' })).not.toContainText('in total');
    await panel.getByRole('button', { name: 'Book now' }).click();
    await expect(panel.getByLabel('Arrival', { exact: true })).toBeFocused();
    expect(new URL(guestPage.url()).pathname).toBe(`/villas/${villa.id}`);
    await guestPage.close();
  });
});
