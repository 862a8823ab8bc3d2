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
