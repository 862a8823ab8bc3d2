import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { listIslandModules } from './island-modules.ts';
import { externalizeIslandRuntime } from './island-runtime-file.ts';
import { hasPageCsp, narrowPageCsp } from './page-csp.ts';
import { combinePageStylesheets } from './page-stylesheet.ts';
import { preloadPriorityPicture } from './priority-picture.ts';

/** Every HTML file a build wrote under `dir`. */
async function builtHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * What each built page becomes before it is served, in one pass over the HTML files Astro wrote: the
 * island runtime moved to its own file, each island that wakes on interaction given the list of
 * modules to fetch for it at idle, the page's stylesheets made one, its priority picture preloaded, and last the CSP narrowed to the inline code the page still holds (so the runtime's hash and
 * those of the styles now in a file go from it). Each step is a pure function of the page; the files
 * they take out are written beside the build's other assets, under /_astro.
 */
export default function rewriteBuiltPages(): AstroIntegration {
  return {
    name: 'kayal:built-pages',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const assets = new Map<string, string>();
        // Read once each: every page of a template links the same files.
        const stylesheets = new Map<string, string>();
        const cssOf = (path: string) => {
          if (!stylesheets.has(path)) stylesheets.set(path, readFileSync(join(root, path), 'utf8'));
          return stylesheets.get(path) as string;
        };
        const modules = new Map<string, string>();
        const moduleOf = (path: string) => {
          if (!modules.has(path)) modules.set(path, readFileSync(join(root, path), 'utf8'));
          return modules.get(path) as string;
        };
        const counts = { runtime: 0, stylesheet: 0 };
        const cspLeftWhole: string[] = [];
        for (const file of await builtHtmlFiles(root)) {
          const original = await readFile(file, 'utf8');
          const withRuntimeFile = externalizeIslandRuntime(original);
          if (withRuntimeFile.file) {
            assets.set(withRuntimeFile.file.path, withRuntimeFile.file.text);
            counts.runtime += 1;
          }
          const withOneStylesheet = combinePageStylesheets(
            listIslandModules(withRuntimeFile.html, moduleOf),
            cssOf,
          );
          if (withOneStylesheet.stylesheet) {
            assets.set(withOneStylesheet.stylesheet.path, withOneStylesheet.stylesheet.css);
            counts.stylesheet += 1;
          }
          const { html, narrowed } = narrowPageCsp(preloadPriorityPicture(withOneStylesheet.html));
          if (!narrowed && hasPageCsp(html)) cspLeftWhole.push(file);
          if (html !== original) await writeFile(file, html);
        }
        for (const [path, text] of assets) await writeFile(join(root, path), text);
        logger.info(
          `${counts.runtime} pages load the island runtime from a file; ${counts.stylesheet} link one stylesheet instead of several`,
        );
        if (cspLeftWhole.length > 0)
          logger.warn(`CSP left whole (inline code with an unlisted hash): ${cspLeftWhole.join(', ')}`);
      },
    },
  };
}
