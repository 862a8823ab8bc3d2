import type { ClientDirective } from 'astro';
import { heldPress, type IslandOptions, modulesToPrefetch } from './interaction-wake.ts';

/** What says a person has started to use the page: the islands' modules are fetched then. */
const engagingEvents = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
/** How long after load an island's modules wait for the page to settle when nobody touches it. */
const settledAfterLoadMs = 2500;

/**
 * Resolves once the page has settled after load (null), or at the visitor's first scroll, touch or
 * key (that event), whichever comes first: one timer and one set of listeners for the whole page,
 * started by the first island's directive, which runs once the page has loaded.
 */
let settled: Promise<Event | null> | undefined;
function pageSettled(): Promise<Event | null> {
  settled ??= new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), settledAfterLoadMs);
    const engaged = (event: Event) => {
      clearTimeout(timer);
      for (const type of engagingEvents) window.removeEventListener(type, engaged, true);
      resolve(event);
    };
    for (const type of engagingEvents)
      window.addEventListener(type, engaged, { capture: true, passive: true });
  });
  return settled;
}

/** What says a person has started to use an island: each wakes it. */
const wakingEvents = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/**
 * Islands a person touched before their directive was called. This module runs inline, as the page is
 * parsed, but Astro calls the directive for an island only once the island runtime has defined
 * `<astro-island>`, and that runtime is a file loaded `async` (island-runtime-file.ts): a box ticked
 * or a name typed before it arrived would otherwise wake nothing until the next touch.
 */
const touchedEarly = new WeakSet<Element>();
for (const type of wakingEvents) {
  document.addEventListener(
    type,
    (event) => {
      const island = event.target instanceof Element ? event.target.closest('astro-island') : null;
      if (island) touchedEarly.add(island);
    },
    { capture: true, passive: true },
  );
}

/**
 * The press on a sleeping island that its server HTML cannot answer (a carousel's Next, a gallery's
 * picture), held until the island has woken and then pressed again, so the first tap is never lost:
 * React answers only the events that come once it has hydrated. One per island, the latest.
 */
const pressedEarly = new WeakMap<Element, HTMLElement>();
/** A press being given back: it must pass, not be held again. */
let replaying: EventTarget | null = null;
document.addEventListener(
  'click',
  (event) => {
    if (event.target === replaying) return;
    const pressed = heldPress(event);
    if (!pressed) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressedEarly.set(pressed.island, pressed.target);
  },
  { capture: true },
);

/** Resolves after one task of the browser's: in between, it paints the frame an input asked for. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Resolves once the pointer pressed last has been let go (its click given, or the press taken over by a
 * scroll). A tap's down, up and click are one interaction: React's start, one long task, must not hold
 * back the release nor the frame that shows it (the tap's INP), so an island waits for it to wake.
 */
let pressEnded: Promise<void> = Promise.resolve();
document.addEventListener(
  'pointerdown',
  () => {
    pressEnded = new Promise((resolve) => {
      const ends = ['pointerup', 'pointercancel', 'click'];
      const end = async (event: Event) => {
        for (const type of ends) document.removeEventListener(type, end, true);
        // A touch's click comes as an input of its own after its pointer up: let it come first.
        if (event.type === 'pointerup') await nextTask();
        resolve();
      };
      for (const type of ends) document.addEventListener(type, end, { capture: true, passive: true });
    });
  },
  { capture: true, passive: true },
);

/** Presses the island's held press again: answered by React once awake, by the browser if not. */
function pressAgain(island: Element) {
  const target = pressedEarly.get(island);
  pressedEarly.delete(island);
  if (!target?.isConnected) return;
  replaying = target;
  try {
    target.click();
  } finally {
    replaying = null;
  }
}

/**
 * The browser half of `client:interaction` (registered in hydrate-on-interaction.ts). Nothing of
 * React runs until a person reaches for the island: once the page has settled after load (2.5 s, then
 * when the browser is idle) or the visitor starts to use the page (a scroll, a touch, a key), the island's
 * modules (React DOM and the component, listed by the build in `data-modules`) are fetched into the
 * cache by `<link rel="prefetch">`, neither compiled nor run (a modulepreload compiled them, a long
 * task Lighthouse counted: `/contact`'s TBT 65 ms against 0 without scripts, 5 ms with prefetch),
 * so the first touch compiles, evaluates and hydrates without
 * waiting for a download. The island's server HTML must work on its own, or say what it will do,
 * since a touch can come before the code has: a field keeps what is typed (the islands read it as they
 * hydrate, src/features/forms/typed-before-hydration.ts, and React 19 replays a change event for a
 * field or checkbox changed before hydration), a submit posts the form as it would without JavaScript,
 * for the server to answer, and a press on a button that does nothing asleep (or a link marked
 * `data-press-when-awake`) is held and given again once the island has woken (interaction-wake.ts).
 *
 * `client:interaction={{ movesAfterMs }}` is for an island that moves on its own (the carousel): it
 * wakes then at the latest, after its first view has had its time, unless the visitor prefers reduced
 * motion, for whom it would not move.
 */
const hydrateOnInteraction: ClientDirective = (load, options, island) => {
  const { movesAfterMs, wakeAtOnce } = (
    typeof options.value === 'object' ? options.value : {}
  ) as IslandOptions;
  let loaded: ReturnType<typeof load> | undefined;
  let waking = false;

  const loadOnce = () => {
    loaded ??= load().catch((error: unknown) => {
      // Offline for the moment: the next touch tries again.
      loaded = undefined;
      throw error;
    });
    return loaded;
  };

  const listen = (on: boolean) => {
    for (const type of wakingEvents) {
      if (on) island.addEventListener(type, wake, { capture: true, passive: true });
      else island.removeEventListener(type, wake, true);
    }
  };

  async function wake() {
    if (waking) return;
    waking = true;
    listen(false);
    try {
      // The touch is answered on screen first (a pressed button, a focused field), then React starts:
      // a task posted from a frame's callback runs once that frame is painted. A hidden tab paints no
      // frame, and wakes when shown.
      await pressEnded;
      await new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
      const hydrate = await loadOnce();
      await hydrate();
    } catch {
      waking = false;
      listen(true);
    } finally {
      // Awake, React answers it; asleep for good (offline), the browser does what the HTML says.
      pressAgain(island);
    }
  }

  listen(true);
  if (wakeAtOnce) void wake();
  if (touchedEarly.has(island) || pressedEarly.has(island) || island.contains(document.activeElement))
    void wake();
  const prefetch = () => {
    for (const href of modulesToPrefetch(island)) {
      if (document.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.append(link);
    }
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 200);
  };
  // Once the page has settled, or as soon as the visitor starts to use it (a scroll, a touch, a key):
  // the directive runs once the page has loaded, but asked for before its largest picture was painted
  // the modules (70–80 KB) shared its slow connection in Lighthouse's estimate (the home page's LCP at
  // 1.3× its script-free copy's), and asked for in the page's first second after load they kept the
  // load going, so the work the browser (and a test of it) does at the end of a load fell inside it.
  void pageSettled().then((event) => {
    if (!event) whenIdle();
    // A touch on this island wakes it, and its waking fetches the same modules at once.
    else if (!(event.target instanceof Node && island.contains(event.target))) prefetch();
  });
  if (movesAfterMs !== undefined && !window.matchMedia('(prefers-reduced-motion: reduce)').matches)
    setTimeout(() => void wake(), movesAfterMs);
};

export default hydrateOnInteraction;
