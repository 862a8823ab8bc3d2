/** The picture `step` places after `index` (negative: before), wrapping at both ends. */
export function stepPicture(index: number, count: number, step: number): number {
  return (((index + step) % count) + count) % count;
}

/** What the viewer announces for a picture: "Picture 2 of 5: A pool at dawn…". */
export function describePicture(index: number, count: number, alt: string): string {
  return `Picture ${index + 1} of ${count}: ${alt}`;
}

/** How far a finger must travel across the picture, in CSS pixels, before it counts as a swipe. */
export const swipeThresholdPx = 40;

/**
 * The step a finger's movement asks for: a swipe to the left shows the next picture (+1), to the right
 * the previous (-1); a short or mostly vertical movement (a tap, a scroll, a pinch) asks for none (0).
 */
export function stepForSwipe(dx: number, dy: number): number {
  if (Math.abs(dx) < swipeThresholdPx || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The step a key asks for in the viewer; other keys are left to the browser. */
export function stepForKey(key: string): number {
  if (key === 'ArrowRight') return 1;
  if (key === 'ArrowLeft') return -1;
  return 0;
}
