import { posix } from 'node:path';

const islandTag = /<astro-island\b[^>]*>/g;
const attributeOf = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** A built module's static imports (`import … from "./x.js"`, `import "./x.js"`), as site paths. */
export function staticImportsOf(code: string, from: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map((match) =>
    posix.join(posix.dirname(from), match[1] as string),
  );
}

/** Every module `entries` load before they run, followed through static imports; dynamic ones load later. */
export function moduleClosure(entries: string[], readModule: (path: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const next of staticImportsOf(readModule(path), path)) visit(next);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/**
 * Each `client:interaction` island with the modules it runs when it wakes listed in `data-modules`
 * (its renderer and component, followed through their static imports), for the directive to fetch
 * while the browser is idle without running them (interaction-directive.ts): the browser can follow
 * a module's imports only by running it. Other islands are left as they are.
 */
export function listIslandModules(html: string, readModule: (path: string) => string): string {
  return html.replace(islandTag, (tag) => {
    if (!tag.includes('client="interaction"') || tag.includes(' data-modules=')) return tag;
    const entries = ['renderer-url', 'component-url', 'before-hydration-url']
      .map((name) => attributeOf(tag, name))
      .filter((url): url is string => Boolean(url?.startsWith('/')));
    if (entries.length === 0) return tag;
    return tag.replace(/>$/, ` data-modules="${moduleClosure(entries, readModule).join(' ')}">`);
  });
}
