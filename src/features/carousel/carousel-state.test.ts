import { describe, expect, it } from 'vitest';
import { isRotating, nextSlide, previousSlide, slideLabel } from './carousel-state.ts';

describe('moving between slides', () => {
  it.each([
    [0, 4, 1, 3],
    [2, 4, 3, 1],
    [3, 4, 0, 2],
    [0, 1, 0, 0],
  ])('from slide %d of %d the next is %d and the previous %d', (index, count, next, previous) => {
    expect(nextSlide(index, count)).toBe(next);
    expect(previousSlide(index, count)).toBe(previous);
  });
});

describe('slideLabel', () => {
  it.each([
    [0, 4, '1 of 4'],
    [3, 4, '4 of 4'],
  ])('slide %d of %d is read as %s', (index, count, expected) => {
    expect(slideLabel(index, count)).toBe(expected);
  });
});

describe('isRotating', () => {
  it.each([
    [{ playing: true, hovered: false, focused: false }, true],
    [{ playing: false, hovered: false, focused: false }, false],
    [{ playing: true, hovered: true, focused: false }, false],
    [{ playing: true, hovered: false, focused: true }, false],
  ])('%o rotates: %s', (state, expected) => {
    expect(isRotating(state)).toBe(expected);
  });
});
