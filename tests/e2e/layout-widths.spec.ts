import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openSignedOut } from './support/pages.ts';

/**
 * No page scrolls sideways, from a small phone to a wide desktop. The pages come from the build
 * (every `dist/**\/index.html`), so a new page is held to this without editing the test.
 */

const widths = [320, 360, 768, 1280, 1440];

function builtPages(): string[] {
  const dist = path.resolve('dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file).replaceAll(path.sep, '/')}`.replace(/^\/\.$/, '/'))
    .sort();
}

// One test a width, so the two workers share the widths and a slow machine runs out of no single
// test's time: walked as one test, all five took 96 s in a quiet CI and ran past their 300 s on a loaded machine.
for (const width of widths) {
  test(`no page is wider than the window at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(20);
    const tooWide: string[] = [];
    await page.setViewportSize({ width, height: 800 });
    for (const pagePath of pages) {
      await openSignedOut(page, pagePath);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) tooWide.push(`${pagePath} is ${scrollWidth} px wide`);
    }
    expect(tooWide).toEqual([]);
  });
}
