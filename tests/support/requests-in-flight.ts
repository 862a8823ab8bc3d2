import type { Page } from '@playwright/test';

const twoFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * Counts the requests a page has in flight from now on. `settled()` resolves once none is, and none
 * starts in the two frames after (time for an island to render what its last answer brought, and to
 * ask for more): what a test means by `waitForLoadState('networkidle')`, which waits a fixed 500 ms
 * with nothing in flight, most of an axe check's time at 360 px. A redirect ends its request and starts
 * the next; a request cut off by a navigation fails, so the count comes back to nought.
 */
export function countRequestsInFlight(page: Page) {
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
  });
  const end = () => {
    inFlight -= 1;
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled(): Promise<void> {
      for (;;) {
        while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        await page.evaluate(twoFrames);
        if (inFlight === 0) return;
      }
    },
  };
}
