import { describe, expect, it } from 'vitest';
import { withoutScripts, withoutScriptsPath } from '../../scripts/bench/without-scripts.ts';

describe('withoutScripts', () => {
  it.each([
    ['an inline script', '<p>a</p><script>run()</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['a module with a source', '<script type="module" src="/_astro/x.js"></script><p>b</p>', '<p>b</p>'],
    ['an async classic file', '<script src="/_astro/island-runtime.1.js" async></script>', ''],
    ['a module preload', '<link rel="modulepreload" href="/_astro/client.js"><p>b</p>', '<p>b</p>'],
    ['text/javascript, any case', "<SCRIPT type='Text/JavaScript'>x()</SCRIPT>", ''],
  ])('takes out %s', (_, html, expected) => {
    expect(withoutScripts(html)).toBe(expected);
  });

  it.each([
    ['structured data', '<script type="application/ld+json">{"@type":"Place"}</script>'],
    ['a stylesheet link', '<link rel="stylesheet" href="/_astro/page-styles.1.css">'],
    ['a preloaded picture', '<link rel="preload" as="image" href="/hero.avif">'],
    ['an island, which is markup', '<astro-island ssr client="idle"><p>panel</p></astro-island>'],
  ])('keeps %s', (_, html) => {
    expect(withoutScripts(html)).toBe(html);
  });
});

describe('withoutScriptsPath', () => {
  it.each([
    ['/', '/bench-without-scripts/'],
    ['/villas/kovalam-cliff-villa', '/bench-without-scripts/villas/kovalam-cliff-villa/'],
  ])('serves the copy of %s from %s', (page, path) => {
    expect(withoutScriptsPath(page)).toBe(path);
  });
});
