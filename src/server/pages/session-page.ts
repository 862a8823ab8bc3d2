import { pageStateElementId, type SessionPageState } from '../../features/auth/page-state-contract.ts';
import { pageSecurityHeaders, readBuiltPage } from '../forms/render-form-page.ts';

/** One island of a built page as the build printed it: where it is, its props and its `useId` prefix. */
export type BuiltIsland = { start: number; end: number; openTag: string; props: unknown; prefix: string };

/**
 * Finds the island of `component` (its file's name, e.g. "BookingForm") in a built page. Its props are
 * read back from Astro's attribute (each value `[0, value]`, each array `[1, [...]]`: all these islands
 * take), so the server renders it with exactly the props the browser hydrates it with.
 */
export function findIsland(page: string, component: string): BuiltIsland | undefined {
  const tag = new RegExp(`<astro-island\\b[^>]*component-url="[^"]*/${component}\\.[^"]*"[^>]*>`).exec(page);
  if (!tag) return undefined;
  const start = tag.index + tag[0].length;
  const end = page.indexOf('</astro-island>', start);
  if (end < 0) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag[0])?.[1];
  const props = JSON.parse(unescapeAttribute(attribute('props') ?? '{}')) as Record<string, unknown>;
  return {
    start,
    end,
    openTag: tag[0],
    props: Object.fromEntries(Object.entries(props).map(([key, value]) => [key, fromAstroValue(value)])),
    prefix: attribute('prefix') ?? '',
  };
}

function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function fromAstroValue(value: unknown): unknown {
  if (!Array.isArray(value)) throw new Error('not an Astro-serialised value');
  const [type, inner] = value as [number, unknown];
  if (type === 0) {
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, fromAstroValue(item)]));
    return inner;
  }
  if (type === 1) return (inner as unknown[]).map(fromAstroValue);
  throw new Error(`an island prop of Astro's type ${type} is not read back here`);
}

/** The state as JSON a page can hold in a data block: `<` escaped so that no text ends the element. */
export function pageStateScript(state: SessionPageState): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${pageStateElementId}">${json}</script>`;
}

/**
 * The built page with its island printed for this visitor: `markup` in place of the build's inner
 * HTML ("Checking whether you are signed in…") and `state` beside it, so that the island's first
 * render in the browser is the same, and its `wakeAtOnce` taken out, so that it sleeps until reached
 * for (unless `wakeAtOnce`: the page has work to do at once). The build marks the island to wake at once (`client:interaction={{ wakeAtOnce: true }}`), so a
 * page answered as built (`null`: the server could not tell who is signed in) asks the server itself.
 */
export function printIsland(
  page: string,
  island: BuiltIsland,
  printed: { markup: string; state: SessionPageState; wakeAtOnce?: boolean } | null,
): string {
  if (!printed) return page;
  const openTag = printed.wakeAtOnce
    ? island.openTag
    : island.openTag.replace(
        /\sopts="([^"]*)"/,
        (_, opts: string) => ` opts="${sleepingOpts(unescapeAttribute(opts))}"`,
      );
  const close = '</astro-island>';
  return (
    page.slice(0, island.start - island.openTag.length) +
    openTag +
    printed.markup +
    close +
    pageStateScript(printed.state) +
    page.slice(island.end + close.length)
  );
}

function sleepingOpts(opts: string): string {
  const parsed = JSON.parse(opts) as { value?: unknown };
  const { wakeAtOnce: _, ...value } = (
    typeof parsed.value === 'object' && parsed.value ? parsed.value : {}
  ) as Record<string, unknown>;
  return JSON.stringify({ ...parsed, value }).replaceAll('"', '&quot;');
}

/** The built page at `pagePath`, read from disk as the forms' pages are (render-form-page.ts). */
export function readSessionPage(pagePath: string, root = process.cwd()): Promise<string | undefined> {
  return readBuiltPage(root, pagePath);
}

/**
 * A printed page's answer: one visitor's, never cached (`no-store`). Whether it is indexed is the page's
 * own word (`/account` says noindex in its head; `/booking`, printed for a crawler as for anyone signed
 * out, is a page to find).
 */
export function sessionPageResponse(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...pageSecurityHeaders },
  });
}
