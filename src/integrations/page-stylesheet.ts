import { createHash } from 'node:crypto';

const headStyle = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)">|<style>([\s\S]*?)<\/style>/g;
/** A `url()` that is not absolute would resolve against another folder once moved out of the page. */
const relativeUrl = /url\(\s*(?!['"]?(?:\/|data:|https?:|#))/;

/** Where a page's one stylesheet is served from: under /_astro, cached for good (netlify.toml). */
export function pageStylesheetPath(css: string): string {
  return `/_astro/page-styles.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
}

/**
 * One stylesheet for a page that links several. Vite splits the CSS by component, so a villa's page
 * linked three files (its sections, the booking panel, the site's layout) and the home page two: each a
 * request the first paint waits for, and over HTTP/1.1 each past the first a new connection's round trip
 * (Lighthouse's simulation counts 150 ms for it). Gzipped apart they were 7.4 KB; together 4.4 KB.
 *
 * The links and the inline `<style>` blocks between the first and the last link become one file, their
 * texts joined in the page's order, so the cascade is what it was; a style before the first link or
 * after the last stays inline. The file is named after its text, so pages that link the same files share
 * it. A page with one stylesheet or none is left as it is, and so is one whose styles between links hold
 * a relative `url()`. `cssOf` reads a built stylesheet by its path.
 */
export function combinePageStylesheets(
  html: string,
  cssOf: (path: string) => string,
): { html: string; stylesheet: { path: string; css: string } | null } {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return { html, stylesheet: null };
  const blocks = [...html.slice(0, headEnd).matchAll(headStyle)].map((match) => ({
    tag: match[0],
    start: match.index,
    linkedPath: match[1],
    inlineCss: match[2],
  }));
  const links = blocks.filter((block) => block.linkedPath !== undefined);
  const first = links[0];
  const last = links.at(-1);
  if (!first || !last || links.length < 2) return { html, stylesheet: null };
  const combined = blocks.filter((block) => block.start >= first.start && block.start <= last.start);
  if (combined.some((block) => block.inlineCss !== undefined && relativeUrl.test(block.inlineCss)))
    return { html, stylesheet: null };
  const css = combined
    .map((block) => (block.linkedPath === undefined ? (block.inlineCss ?? '') : cssOf(block.linkedPath)))
    .map((text) => text.trim())
    .join('\n');
  const path = pageStylesheetPath(css);
  // Only the combined blocks go; whatever else sits between them in the head stays where it was.
  let rewritten = html;
  for (const block of combined.toReversed()) {
    const replacement = block === first ? `<link rel="stylesheet" href="${path}">` : '';
    rewritten =
      rewritten.slice(0, block.start) + replacement + rewritten.slice(block.start + block.tag.length);
  }
  return { html: rewritten, stylesheet: { path, css: `${css}\n` } };
}
