/**
 * The yardstick `bench:lighthouse` measures each page against: the same page, as served, with every
 * script taken out. On a shared 2-core machine Lighthouse's TBT and LCP follow the load more than the
 * code (a villa without any script measured 81–95 ms of TBT), so a page is judged by how far its
 * scripts take it from its own HTML, measured alternately in the same run.
 */

/** Script types a browser runs; any other (`application/ld+json`, `importmap`…) is data and stays. */
const runnableTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const scriptElement = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const typeAttribute = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const modulePreload = /<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>/gi;

/** The page's HTML with every script a browser would run, and every module it would preload, taken out. */
export function withoutScripts(html: string): string {
  return html
    .replace(scriptElement, (element, attributes: string) => {
      const [, double, single, bare] = attributes.match(typeAttribute) ?? [];
      const type = (double ?? single ?? bare ?? '').trim().toLowerCase();
      return runnableTypes.has(type) ? '' : element;
    })
    .replace(modulePreload, '');
}

/** Where the script-free copy of `page` is served from, beside the build's own pages. */
export const withoutScriptsFolder = 'bench-without-scripts';
export function withoutScriptsPath(page: string): string {
  return `/${withoutScriptsFolder}${page === '/' ? '' : page}/`;
}
