import { createHash } from 'node:crypto';

const inlineScript = /<script>([\s\S]*?)<\/script>/g;
const definesIsland = 'customElements.define("astro-island"';

/** Where the runtime's one file is served from: under /_astro, cached for good (netlify.toml). */
export function islandRuntimePath(runtime: string): string {
  return `/_astro/island-runtime.${createHash('sha256').update(runtime).digest('hex').slice(0, 10)}.js`;
}

/**
 * Astro's island runtime, the script that defines `<astro-island>`, as a file every page shares
 * instead of inline in each: 4.4 KB, 1.7 KB gzip of every page with an island, which put each villa's
 * HTML 100–400 bytes past a slow connection's first round trip (14,000 bytes gzip). Astro inlines it on
 * purpose, so a `client:load` island can hydrate the moment it is parsed; none of ours needs that
 * moment (their HTML works before they hydrate, and a field typed before hydration is kept), while
 * every page's first paint waits for its HTML. The file loads `async`: it never holds up the parser,
 * and an island whose directive runs first waits for the element to be defined, as Astro's own
 * directives do. Answers the page with its runtime (if any) taken out, and the runtime's text.
 */
export function externalizeIslandRuntime(html: string): { html: string; runtime: string | null } {
  for (const [script, body = ''] of html.matchAll(inlineScript)) {
    if (!body.includes(definesIsland)) continue;
    const tag = `<script src="${islandRuntimePath(body)}" async></script>`;
    return { html: html.replace(script, tag), runtime: body };
  }
  return { html, runtime: null };
}
