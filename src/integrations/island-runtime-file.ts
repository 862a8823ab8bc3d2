import { createHash } from 'node:crypto';
import { allowInlineScript } from './page-csp.ts';

const inlineScript = /<script>([\s\S]*?)<\/script>/g;
const definesIsland = 'customElements.define("astro-island"';
/** Islands start anyway this long after the page began, should its `load` be held up. */
const longestWaitForLoadMs = 3000;

/** Where the runtime's one file is served from: under /_astro, cached for good (netlify.toml). */
export function islandRuntimePath(fileText: string): string {
  return `/_astro/island-runtime.${createHash('sha256').update(fileText).digest('hex').slice(0, 10)}.js`;
}

/**
 * The page's few lines that ask for the runtime's file once the page has loaded and its first
 * contentful paint is on the screen (or 3 s after the page began, should its `load` be held up). The
 * runtime starts the islands, and each island's code, 70–110 KB gzip of React and the component, is
 * fetched the moment its directive lets it: started before the page's first paint, it took the slow
 * connection from the stylesheet and the hero picture (a sign-up page measured 915 ms LCP on four runs
 * and 1,711 ms on the fifth, where the form's code was fetched before the first paint). The runtime's
 * own file, 1.7 KB gzip, did the same while the page named it in a `<script src async>`: a request
 * the parser finds shares the first paint's connection, and Lighthouse put every form page's LCP
 * 7–15 % past its script-free copy's (`/careers` 1,039 against 936 ms; with the tag taken out, 924
 * against 927: 2026-12-02, a quiet machine). Asked for by script after the paint, it is not.
 * No island needs to start sooner: their HTML works before they hydrate, and `client:interaction`
 * remembers a touch made before then (interaction-directive.ts).
 */
export function islandRuntimeLoader(path: string): string {
  return [
    '(()=>{',
    `let asked=false;const ask=()=>{if(asked)return;asked=true;const file=document.createElement("script");file.src=${JSON.stringify(path)};document.head.append(file)};`,
    'const afterLoad=(then)=>document.readyState==="complete"?then():addEventListener("load",then,{once:true});',
    // The first contentful paint's entry exists only once that frame is on the screen.
    'const afterFirstPaint=(then)=>{if(!self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return then();',
    'const seen=new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length){seen.disconnect();then()}});',
    'seen.observe({type:"paint",buffered:true})};',
    // No timer on this path: a page whose clock stands still (a test's, a frozen tab's) still starts.
    'afterLoad(()=>afterFirstPaint(ask));',
    `setTimeout(ask,${longestWaitForLoadMs})`,
    '})();',
  ].join('');
}

/** The runtime's file: Astro's runtime as it was inline, run as it arrives (it is asked for late). */
export function islandRuntimeFileText(runtime: string): string {
  return `${runtime}\n`;
}

/**
 * Astro's island runtime, the script that defines `<astro-island>`, as a file every page shares
 * instead of inline in each: 4.4 KB, 1.7 KB gzip of every page with an island, which put each villa's
 * HTML 100–400 bytes past a slow connection's first round trip (14,000 bytes gzip). Astro inlines it on
 * purpose, so a `client:load` island can hydrate the moment it is parsed; none of ours needs that
 * moment (their HTML works before they hydrate, and a field typed before hydration is kept), while
 * every page's first paint waits for its HTML. In its place the page keeps the loader above (0.5 KB),
 * whose hash joins the page's CSP; an island whose directive runs first waits for the element to be
 * defined, as Astro's own directives do. Answers the page with its runtime (if any) taken out, and
 * the file that replaces it.
 */
export function externalizeIslandRuntime(html: string): {
  html: string;
  file: { path: string; text: string } | null;
} {
  for (const [script, body = ''] of html.matchAll(inlineScript)) {
    if (!body.includes(definesIsland)) continue;
    const text = islandRuntimeFileText(body);
    const path = islandRuntimePath(text);
    const loader = islandRuntimeLoader(path);
    return {
      html: allowInlineScript(html.replace(script, `<script>${loader}</script>`), loader),
      file: { path, text },
    };
  }
  return { html, file: null };
}
