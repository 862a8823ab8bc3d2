import { describe, expect, it } from 'vitest';
import drawing from '../../assets/brand/wordmark.svg?raw';
import { wordmarkFileName, wordmarkHref, wordmarkSymbolFile, wordmarkViewBox } from './wordmark-drawing.ts';

describe('the wordmark file the pages draw from', () => {
  it('holds a symbol with the id the pages point at', () => {
    const [file, id] = wordmarkHref.split('#');
    expect(file).toBe(`/brand/${wordmarkFileName}`);
    expect(wordmarkSymbolFile).toContain(`<symbol id="${id}" viewBox="${wordmarkViewBox}">`);
  });

  it('keeps every path of the drawing', () => {
    const paths = drawing.match(/<path[^>]*>/g) ?? [];
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) expect(wordmarkSymbolFile).toContain(path);
  });

  it('is named after its content, so a cached copy is never stale', () => {
    expect(wordmarkFileName).toMatch(/^wordmark\.[0-9a-f]{10}\.svg$/);
  });
});
