import type { ClientDirective } from 'astro';

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
 * The browser half of `client:interaction` (registered in hydrate-on-interaction.ts). When the browser
 * is idle it loads the island's modules (React DOM and the component, evaluated, not rendered), so the
 * first touch only hydrates and never waits for a download. The island's server HTML must work on its
 * own, since a touch can come before the code has: a field keeps what is typed (the islands read it as
 * they hydrate, src/features/forms/typed-before-hydration.ts, and React 19 replays a change event for a
 * field or checkbox changed before hydration), and a submit posts the form as it would without
 * JavaScript, for the server to answer.
 */
const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let loaded: ReturnType<typeof load> | undefined;
  let hydrating = false;

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
    if (hydrating) return;
    hydrating = true;
    listen(false);
    try {
      const hydrate = await loadOnce();
      await hydrate();
    } catch {
      hydrating = false;
      listen(true);
    }
  }

  listen(true);
  if (touchedEarly.has(island) || island.contains(document.activeElement)) void wake();
  const prefetch = () => void loadOnce().catch(() => {});
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 200);
};

export default hydrateOnInteraction;
