import { expect, type Locator, type Page } from '@playwright/test';

/**
 * From the office's day, where `/admin` opens, to the list of booking requests: one click on its
 * button in the office's navigation, once the dashboard has drawn it (`timeout`: how long a busy
 * machine may take, the first sign-in starting the office's functions).
 */
export async function openBookingRequestsList(page: Page, timeout = 30_000) {
  const button = officeNavButton(page, /^Bookings/);
  await expect(button).toBeVisible({ timeout });
  await button.click();
}

/**
 * A screen's button in the dashboard's own navigation ("Occupancy calendar", "Balances due"), found
 * there: the office's day has buttons whose names hold the same words ("3 more arrivals this week, on
 * the occupancy calendar"), and a count of new items may follow a name.
 */
export function officeNavButton(page: Page, name: string | RegExp): Locator {
  return officeNav(page).getByRole('button', { name });
}

/** The dashboard's own navigation, whose buttons open its screens. */
export function officeNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Office' });
}
