import { expect, type Page } from '@playwright/test';

/**
 * From the office's day, where `/admin` opens, to the list of booking requests: one click on its
 * button in the office's navigation, once the dashboard has drawn it (`timeout`: how long a busy
 * machine may take, the first sign-in starting the office's functions).
 */
export async function openBookingRequestsList(page: Page, timeout = 30_000) {
  const button = page.getByRole('navigation', { name: 'Office' }).getByRole('button', { name: /^Bookings/ });
  await expect(button).toBeVisible({ timeout });
  await button.click();
}
