import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openSignedOut } from './support/pages.ts';

/**
 * No page scrolls sideways, from a small phone to a wide desktop. The pages come from the build
 * (every `dist/**\/index.html`), so a new page is held to this without editing the test.
 */

/**
 * Each page is opened at a phone's width and at a desktop's, the two the pages are made for, and each
 * opened page is then resized to the widths beside it, as a phone turned or a window dragged narrower
 * reaches them: the layout at those is the style sheet's answer to the new width, checked without
 * loading the page again. Loading it afresh at all five widths took 147 s of the suite's time.
 */
const openedAt = [
  { width: 360, resizedTo: [320] },
  { width: 1280, resizedTo: [768, 1440] },
];

function builtPages(): string[] {
  const dist = path.resolve('dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file).replaceAll(path.sep, '/')}`.replace(/^\/\.$/, '/'))
    .sort();
}

// One test an opening width, so the two workers share them and a slow machine runs out of no single
// test's time: walked as one test, all five widths took 96 s in a quiet CI and ran past their 300 s on
// a loaded machine.
for (const { width, resizedTo } of openedAt) {
  test(`no page is wider than the window at ${[width, ...resizedTo].join(', ')} px`, async ({ page }) => {
    test.setTimeout(180_000);
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(20);
    const tooWide: string[] = [];
    const check = async (pagePath: string, at: number) => {
      await page.setViewportSize({ width: at, height: 800 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > at) tooWide.push(`${pagePath} is ${scrollWidth} px wide at ${at} px`);
    };
    for (const pagePath of pages) {
      await page.setViewportSize({ width, height: 800 });
      await openSignedOut(page, pagePath);
      await check(pagePath, width);
      for (const other of resizedTo) await check(pagePath, other);
    }
    expect(tooWide).toEqual([]);
  });
}
