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

test('no page is wider than the window at any width from 320 to 1440 px', async ({ page }) => {
  test.setTimeout(300_000);
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(20);
  const tooWide: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const pagePath of pages) {
      await openSignedOut(page, pagePath);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) tooWide.push(`${pagePath} at ${width} px is ${scrollWidth} px wide`);
    }
  }
  expect(tooWide).toEqual([]);
});
