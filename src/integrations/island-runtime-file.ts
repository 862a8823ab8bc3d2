import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { builtHtmlFiles } from './built-html-files.ts';

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

/**
 * Runs `externalizeIslandRuntime` over every page the build wrote and writes each runtime it took out
 * (one, unless Astro itself changes between pages) beside the build's other scripts. Listed before the
 * CSP's narrowing, which then drops the runtime's hash from each page's policy: `'self'` allows the file.
 */
export default function islandRuntimeFile(): AstroIntegration {
  return {
    name: 'kayal:island-runtime-file',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const runtimes = new Set<string>();
        let pages = 0;
        for (const file of await builtHtmlFiles(root)) {
          const { html, runtime } = externalizeIslandRuntime(await readFile(file, 'utf8'));
          if (runtime === null) continue;
          runtimes.add(runtime);
          pages += 1;
          await writeFile(file, html);
        }
        for (const runtime of runtimes) await writeFile(join(root, islandRuntimePath(runtime)), runtime);
        if (pages > 0) logger.info(`the island runtime is one file for ${pages} pages`);
      },
    },
  };
}
