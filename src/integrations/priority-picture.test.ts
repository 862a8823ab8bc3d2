import { describe, expect, it } from 'vitest';
import { preloadPriorityPicture } from './priority-picture.ts';

const head =
  '<head><title>Villa</title><link rel="stylesheet" href="/_astro/page-styles.0123456789.css"><style>p{margin:0}</style></head>';
const page = (body: string, pageHead = head) => `<html>${pageHead}<body>${body}</body></html>`;

describe('the priority picture, asked for from the head', () => {
  it('preloads the <img fetchpriority="high"> right after the stylesheet when a classic script stops the parser before it', () => {
    const body =
      '<h1>Villa</h1><script>(self.Astro||(self.Astro={})).idle=()=>{};</script><img src="/_astro/hero.svg" alt="" width="1600" height="1000" fetchpriority="high">';
    expect(preloadPriorityPicture(page(body))).toBe(
      page(
        body,
        head.replace(
          '.css">',
          '.css"><link rel="preload" as="image" href="/_astro/hero.svg" fetchpriority="high">',
        ),
      ),
    );
  });

  it('carries the picture’s srcset and sizes, as React writes them, so the file preloaded is the one used', () => {
    const body =
      '<script>directive()</script><picture><img src="/_astro/a.svg" srcSet="/_astro/a.svg 1600w" sizes="100vw" alt="" fetchPriority="high"/></picture>';
    expect(preloadPriorityPicture(page(body))).toContain(
      '<link rel="preload" as="image" href="/_astro/a.svg" imagesrcset="/_astro/a.svg 1600w" imagesizes="100vw" fetchpriority="high">',
    );
  });

  it('leaves a page without a priority picture, with one no script comes before, or with one a <source> may replace', () => {
    for (const body of [
      '<script>directive()</script><img src="/_astro/a.svg" alt="" loading="lazy">',
      '<img src="/_astro/a.svg" alt="" fetchpriority="high"><script>directive()</script>',
      '<script type="module">directive()</script><img src="/_astro/a.svg" alt="" fetchpriority="high">',
      '<script>directive()</script><picture><source type="image/avif" srcset="/_astro/a.avif"><img src="/_astro/a.jpg" alt="" fetchpriority="high"></picture>',
    ])
      expect(preloadPriorityPicture(page(body))).toBe(page(body));
  });

  it('puts the preload at the end of the head of a page without a stylesheet', () => {
    const body = '<script>directive()</script><img src="/_astro/hero.svg" alt="" fetchpriority="high">';
    expect(preloadPriorityPicture(page(body, '<head><title>T</title></head>'))).toBe(
      page(
        body,
        '<head><title>T</title><link rel="preload" as="image" href="/_astro/hero.svg" fetchpriority="high"></head>',
      ),
    );
  });
});
