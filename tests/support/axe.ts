import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { islandsHydrated } from './islands.ts';

/** The rules every page is held to: WCAG 2.2 AA and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Resolves once every island on the page has hydrated, so axe sees what a visitor's browser shows.
 * Islands that wait to be seen (`client:visible`) are scrolled into view first, and those that wait for
 * a touch (`client:interaction`) are woken.
 */
export async function waitForIslands(page: Page) {
  await page.evaluate(() => {
    // An island is `display: contents`, so its first child is what the browser can scroll to and see.
    for (const island of document.querySelectorAll('astro-island[client="visible"][ssr]'))
      (island.firstElementChild ?? island).scrollIntoView();
  });
  await islandsHydrated(page);
}

/**
 * Fails with one line per broken rule (`id: help`) when axe finds a violation on the page as it is now.
 * The label names the state in the failure message when one test checks several states.
 */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}
