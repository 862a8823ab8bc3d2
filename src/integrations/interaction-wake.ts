/** `client:interaction`'s value, when it has one. */
export type IslandOptions = {
  /** The island moves on its own this long after it is shown (the carousel): it wakes then at the latest. */
  movesAfterMs?: number;
  /**
   * Wakes as soon as the runtime starts it, as `client:load` would: the build marks so an island whose
   * HTML cannot know the visitor's state ("Checking whether you are signed in…"); the server that
   * prints that state into the page per request takes the mark out (src/server/pages/session-page.ts).
   */
  wakeAtOnce?: boolean;
};

/** A link that an awake island answers itself (a gallery's picture opens its viewer): held, not followed. */
export const pressWhenAwake = 'data-press-when-awake';

/**
 * What a click on a sleeping `client:interaction` island presses that its server HTML cannot answer:
 * a plain button (`type="button"` does nothing without a script), a link marked `data-press-when-awake`
 * or a submit so marked (a JSON form printed to be used asleep: /booking). None for another submit,
 * which posts the form without JavaScript as designed, for
 * an unmarked link, which goes where it says, for a click with a modifier or another button (a new
 * tab is the visitor's choice), and for an island that has hydrated.
 */
export function heldPress(event: MouseEvent): { island: Element; target: HTMLElement } | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (!(event.target instanceof Element)) return null;
  const island = event.target.closest('astro-island[client="interaction"][ssr]');
  const target = event.target.closest<HTMLElement>(
    `button[type="button"], button[type="submit"][${pressWhenAwake}], a[href][${pressWhenAwake}]`,
  );
  return island && target && island.contains(target) ? { island, target } : null;
}

/**
 * The modules an island runs when it wakes, to be fetched while the browser is idle: the build lists
 * them, followed through their static imports, in `data-modules` (built-pages.ts); without that list
 * (`astro dev`), its component and renderer.
 */
export function modulesToPrefetch(island: Element): string[] {
  const listed = island.getAttribute('data-modules');
  if (listed) return listed.split(' ').filter(Boolean);
  return ['component-url', 'renderer-url']
    .map((name) => island.getAttribute(name))
    .filter((url): url is string => Boolean(url));
}
