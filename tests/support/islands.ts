import type { Page } from '@playwright/test';

/**
 * True once every island on the page has hydrated. Islands that hydrate on interaction
 * (`client:interaction`) are woken first, as a person's first focus would wake them, so a test of the
 * hydrated island need not touch it before it waits; `hydrate-on-interaction.spec.ts` tests what
 * arrives before hydration. Self-contained: Playwright runs it in the page.
 */
export function everyIslandHydrated(): boolean {
  for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]'))
    island.dispatchEvent(new FocusEvent('focusin'));
  return !document.querySelector('astro-island[ssr]');
}

/** Resolves once every island on the page has hydrated (see `everyIslandHydrated`). */
export const islandsHydrated = (page: Page, timeout?: number) =>
  page.waitForFunction(everyIslandHydrated, null, timeout ? { timeout } : {});

/**
 * Resolves once every island on the page has hydrated, so a test (axe above all) sees what a visitor's
 * browser shows. Islands that wait to be seen (`client:visible`) are scrolled into view first, and those that wait for
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
