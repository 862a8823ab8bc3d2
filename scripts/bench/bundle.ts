/**
 * `npm run bench:bundle`: what script each built page ships, read from `dist/` (build first).
 *
 * For every page: its islands with the moment each hydrates (`client:load`, `idle`, `visible`,
 * `interaction`…), and the JavaScript it can load, gzipped as the CDN sends it, in two parts. Before the
 * first interaction: the inline island runtime and directives plus every module an island that hydrates
 * on its own or a `<script>` imports, followed through static imports (the browser fetches those
 * together). On interaction: what only the `client:interaction` islands need (React DOM and the form,
 * say), fetched when the browser is idle and run on a person's first touch. A dynamic `import()` loads
 * later, on demand, and is listed apart. Each page is held to the two JS budgets written beside it in
 * `page-budgets.ts`; pages not listed there may ship none.
 * Each page's HTML is held to the first round trip too: a slow connection's first flight carries
 * about 14 KB (ten TCP segments), and a document one byte longer waits a whole round trip more before
 * the page can paint (measured: a villa's LCP went from 915 to 1,122 ms when its HTML grew from 13.9 to
 * 17.4 KB gzip). Exits 1 when a page is over a budget.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { jsBudgetKb } from './page-budgets.ts';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');

type PageScripts = {
  page: string;
  islands: string[];
  files: Set<string>;
  /** Modules only the islands that hydrate on interaction need. */
  onInteraction: Set<string>;
  inlineBytes: number;
  lazy: Set<string>;
  /** The HTML itself, gzipped as the server sends it. */
  htmlBytes: number;
};

/** The first flight of a new connection (ten segments of 1,460 bytes), less room for the headers. */
const firstRoundTripBytes = 14_000;

async function builtPages(dir = dist): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function pagePath(file: string): string {
  const relative = path.relative(dist, file).replaceAll(path.sep, '/');
  if (relative === 'index.html') return '/';
  return `/${relative.replace(/\/?index\.html$/, '').replace(/\.html$/, '')}`;
}

const moduleText = new Map<string, Promise<string>>();
function readModule(url: string): Promise<string> {
  if (!moduleText.has(url)) moduleText.set(url, readFile(path.join(dist, url), 'utf8'));
  return moduleText.get(url) as Promise<string>;
}

/** The module's static imports (`import … from "./x.js"`, `import "./x.js"`) and its dynamic ones. */
function importsOf(code: string, from: string) {
  const resolve = (specifier: string) => path.posix.join(path.posix.dirname(from), specifier);
  const staticImports = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => resolve(match[1] as string),
  );
  const dynamicImports = [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g)].map((match) =>
    resolve(match[1] as string),
  );
  return { staticImports, dynamicImports };
}

async function follow(url: string, files: Set<string>, lazy: Set<string>): Promise<void> {
  if (files.has(url)) return;
  files.add(url);
  lazy.delete(url);
  const { staticImports, dynamicImports } = importsOf(await readModule(url), url);
  for (const next of staticImports) await follow(next, files, lazy);
  for (const next of dynamicImports) if (!files.has(next)) lazy.add(next);
}

async function scriptsOf(file: string): Promise<PageScripts> {
  const html = await readFile(file, 'utf8');
  const page: PageScripts = {
    page: pagePath(file),
    islands: [],
    files: new Set(),
    onInteraction: new Set(),
    inlineBytes: 0,
    lazy: new Set(),
    htmlBytes: gzipSync(html, { level: 6 }).byteLength,
  };
  for (const island of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = island[0];
    const attribute = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    const component = path.posix.basename(attribute('component-url') ?? '?').replace(/\..*$/, '');
    const client = attribute('client') ?? '?';
    page.islands.push(`${component} (${client})`);
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attribute(name);
      if (url) await follow(url, client === 'interaction' ? page.onInteraction : page.files, page.lazy);
    }
  }
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = script;
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    const src = attributes.match(/\ssrc="([^"]+)"/)?.[1];
    if (src?.startsWith('/')) await follow(src, page.files, page.lazy);
    else if (!src) page.inlineBytes += gzipSync(body).byteLength;
  }
  for (const url of page.files) page.onInteraction.delete(url);
  return page;
}

const gzipped = new Map<string, number>();
async function gzippedSize(url: string): Promise<number> {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(await readModule(url)).byteLength);
  return gzipped.get(url) as number;
}

const sum = (numbers: number[]) => numbers.reduce((total, size) => total + size, 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const pages = await Promise.all((await builtPages()).map(scriptsOf));
pages.sort((a, b) => a.page.localeCompare(b.page));
const missed: string[] = [];
console.log('\nJavaScript per page, gzip (from dist/)\n');
console.log(
  '| page | HTML KB gzip | islands (hydrates) | JS before interaction KB gzip | budget KB | JS on interaction KB gzip | budget KB | later, on demand KB |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const page of pages) {
  const bytes = page.inlineBytes + sum(await Promise.all([...page.files].map(gzippedSize)));
  const touchBytes = sum(await Promise.all([...page.onInteraction].map(gzippedSize)));
  const lazyBytes = sum(await Promise.all([...page.lazy].map(gzippedSize)));
  const budget = jsBudgetKb(page.page);
  if (bytes / 1024 > budget.beforeInteraction) {
    missed.push(`${page.page}: ${kb(bytes)} KB before interaction > ${budget.beforeInteraction} KB`);
  }
  if (touchBytes / 1024 > budget.onInteraction) {
    missed.push(`${page.page}: ${kb(touchBytes)} KB on interaction > ${budget.onInteraction} KB`);
  }
  if (page.htmlBytes > firstRoundTripBytes) {
    missed.push(`${page.page}: HTML ${page.htmlBytes} bytes gzip > ${firstRoundTripBytes} (one round trip)`);
  }
  console.log(
    `| ${page.page} | ${kb(page.htmlBytes)} | ${page.islands.join(', ') || '–'} | ${kb(bytes)} | ${budget.beforeInteraction} | ${touchBytes ? kb(touchBytes) : '–'} | ${budget.onInteraction || '–'} | ${lazyBytes ? kb(lazyBytes) : '–'} |`,
  );
}
console.log(
  missed.length > 0
    ? `\nOver budget:\n- ${missed.join('\n- ')}`
    : '\nEvery page within its HTML and JS budgets.',
);
process.exitCode = missed.length > 0 ? 1 : 0;
