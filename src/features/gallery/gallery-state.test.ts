import { describe, expect, it } from 'vitest';
import { describePicture, stepForKey, stepForSwipe, stepPicture } from './gallery-state.ts';

describe('stepPicture', () => {
  it.each([
    [0, 5, 1, 1],
    [4, 5, 1, 0],
    [0, 5, -1, 4],
    [2, 5, -1, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
  ])('from picture %i of %i, a step of %i shows %i', (index, count, step, expected) => {
    expect(stepPicture(index, count, step)).toBe(expected);
  });
});

describe('describePicture', () => {
  it('counts from one and names the picture by its description', () => {
    expect(describePicture(1, 5, 'An infinity pool at midday.')).toBe(
      'Picture 2 of 5: An infinity pool at midday.',
    );
  });
});

describe('stepForSwipe', () => {
  it.each([
    ['a swipe to the left', -120, 10, 1],
    ['a swipe to the right', 120, -10, -1],
    ['a tap', 3, 2, 0],
    ['a short drag', -39, 0, 0],
    ['a vertical scroll with some sideways drift', -60, 200, 0],
    ['a diagonal exactly as tall as wide', -80, 80, 0],
  ])('%s (dx %i, dy %i) asks for a step of %i', (_case, dx, dy, step) => {
    expect(stepForSwipe(dx, dy)).toBe(step);
  });
});

describe('stepForKey', () => {
  it.each([
    ['ArrowRight', 1],
    ['ArrowLeft', -1],
    ['ArrowUp', 0],
    ['Enter', 0],
  ])('%s asks for a step of %i', (key, step) => {
    expect(stepForKey(key)).toBe(step);
  });
});
