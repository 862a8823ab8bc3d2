import type { Page } from '@playwright/test';
import { paths } from '../../../src/lib/paths.ts';

/**
 * The office's pages, whose island sends a signed-out visitor on to the office sign-in as soon as the
 * session answers. A test that reads such a page reads the one the visitor lands on, once there: read
 * while the island leaves, the page is destroyed under it, and the next `goto` is aborted by the
 * island's own navigation.
 */
const sentOnWhenSignedOut = new Map<string, string>([
  [paths.admin, paths.adminLogin],
  [paths.adminCalendars, paths.adminLogin],
  [paths.adminArrivalPacks, paths.adminLogin],
  [paths.adminFormC, paths.adminLogin],
  [paths.adminReviews, paths.adminLogin],
]);

/** Opens `path` as a signed-out visitor and waits until it is where the visitor stays. */
export async function openSignedOut(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const landing = sentOnWhenSignedOut.get(path);
  if (landing) await page.waitForURL(`**${landing}`);
}
