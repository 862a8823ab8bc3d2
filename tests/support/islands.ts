import type { Page } from '@playwright/test';

/**
 * True once every island a visitor's browser would have hydrated by now has: islands that hydrate on
 * interaction (`client:interaction`) are woken first, as a person's first focus would wake them, so a
 * test of the hydrated island need not touch it before it waits (`hydrate-on-interaction.spec.ts`
 * tests what arrives before hydration); an island that waits to be seen (`client:visible`) counts only
 * once it is in the window, since out of it, a visitor's browser leaves it too (a property page's
 * reviews, far below its booking panel). `waitForIslands` scrolls those into view first.
 * Self-contained: Playwright runs it in the page.
 */
export function everyIslandHydrated(): boolean {
  // A page still being parsed may not hold its islands yet: "none asleep" then means nothing (CI,
  // 2026-12-02: asked just after a result's link was tapped, it answered for the villa page's empty
  // start, the booking panel was never woken, and the price never came).
  if (document.readyState === 'loading') return false;
  for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]'))
    island.dispatchEvent(new FocusEvent('focusin'));
  const inView = (island: Element) => {
    // An island is `display: contents`, so its first child is what takes room on the page.
    const box = (island.firstElementChild ?? island).getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
  };
  return [...document.querySelectorAll('astro-island[ssr]')].every(
    (island) => island.getAttribute('client') === 'visible' && !inView(island),
  );
}

/** Resolves once every island on the page has hydrated (see `everyIslandHydrated`). */
export const islandsHydrated = (page: Page, timeout?: number) =>
  page.waitForFunction(everyIslandHydrated, null, timeout ? { timeout } : {});

/**
 * Resolves once every island on the page has hydrated, so a test (axe above all) sees what a visitor's
 * browser shows. Islands that wait to be seen (`client:visible`) are brought into view one at a time,
 * each kept there until it has hydrated: its directive only starts to watch once the island runtime
 * (a file loaded `async`) has run, and an island scrolled past before that was never seen. Those that
 * wait for a touch (`client:interaction`) are woken, again on every check, for the same reason.
 */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(() => {
    if (document.readyState === 'loading') return false;
    for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]'))
      island.dispatchEvent(new FocusEvent('focusin'));
    // An island is `display: contents`, so its first child is what the browser can scroll to and see.
    const unseen = document.querySelector('astro-island[client="visible"][ssr]');
    if (unseen) (unseen.firstElementChild ?? unseen).scrollIntoView();
    return !document.querySelector('astro-island[ssr]');
  });
}

/**
 * Resolves once the island of `component` (its file name, `BookingPanel`) has hydrated, whatever the
 * others do: a property page's reviews wait to be scrolled into view, which a test of the booking panel
 * at 1280 px, like a guest looking at it, never does. One that waits for a touch is woken, as a
 * person's first focus would wake it, again on every check (its directive may not have run yet).
 */
export const islandHydrated = (page: Page, component: string) =>
  page.waitForFunction((name) => {
    const island = document.querySelector(`astro-island[component-url*="/${name}."]`);
    if (island?.matches('[client="interaction"][ssr]')) island.dispatchEvent(new FocusEvent('focusin'));
    return island !== null && !island.hasAttribute('ssr');
  }, component);
