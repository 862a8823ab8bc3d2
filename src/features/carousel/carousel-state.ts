/** The slide after `index`, wrapping from the last back to the first. */
export function nextSlide(index: number, count: number): number {
  return (index + 1) % count;
}

/** The slide before `index`, wrapping from the first to the last. */
export function previousSlide(index: number, count: number): number {
  return (index - 1 + count) % count;
}

/** What a screen reader announces for a slide: "2 of 4". */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/**
 * Whether the slides move on their own: only while playing and while the visitor is neither pointing
 * at nor working inside the carousel (WCAG 2.2.2 asks for both pauses).
 */
export function isRotating(state: { playing: boolean; hovered: boolean; focused: boolean }): boolean {
  return state.playing && !state.hovered && !state.focused;
}
