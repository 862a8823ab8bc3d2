import { describe, expect, it } from 'vitest';
import { isCurrentSection } from './paths.ts';

describe('isCurrentSection', () => {
  it.each([
    ['/', '/', true],
    ['/', '/villas', false],
    ['/villas', '/villas', true],
    ['/villas', '/villas/', true],
    ['/villas', '/villas/kovalam-cliff-villa', true],
    ['/villas', '/villas-old', false],
    ['/contact', '/contact/sent', true],
  ])('%s is current on %s: %s', (href, pathname, expected) => {
    expect(isCurrentSection(href, pathname)).toBe(expected);
  });
});
