import { createHash } from 'node:crypto';

const cspMeta = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const inlineStyle = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** Whether the page carries its CSP in a `<meta>`, as Astro writes it. */
export function hasPageCsp(html: string): boolean {
  return cspMeta.test(html);
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The hashes a page's own inline code needs: each executable `<script>` without `src`, each `<style>`. */
function hashesInPage(html: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    scripts.add(sha256(body));
  }
  const styles = new Set([...html.matchAll(inlineStyle)].map(([, body = '']) => sha256(body)));
  return { scripts, styles };
}

/**
 * Narrows a built page's `<meta>` CSP to the hashes of the scripts and styles that page holds. Astro
 * lists the hashes of every inline script and style in the whole build on every page: 30 base64 hashes,
 * 1.3 KB gzip that does not compress, which pushed a villa's HTML past a slow connection's first round
 * trip. Only hashes are taken away, never added: a page whose inline code has a hash Astro did not list
 * is left as it is (and reported), so the policy can only get stricter.
 */
export function narrowPageCsp(html: string): { html: string; narrowed: boolean } {
  const meta = cspMeta.exec(html);
  if (!meta?.[1]) return { html, narrowed: false };
  const { scripts, styles } = hashesInPage(html);
  const listed = new Set(meta[1].match(/'sha256-[^']+'/g) ?? []);
  if (![...scripts, ...styles].every((hash) => listed.has(hash))) return { html, narrowed: false };
  const directives = meta[1].split(';').map((directive) => {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    const needed = name === 'script-src' ? scripts : name === 'style-src' ? styles : null;
    if (!needed) return directive.trim();
    return [name, ...sources.filter((source) => !source.startsWith("'sha256-") || needed.has(source))].join(
      ' ',
    );
  });
  const content = directives.filter(Boolean).join('; ');
  return {
    html: html.replace(meta[0], `<meta http-equiv="content-security-policy" content="${content}">`),
    narrowed: true,
  };
}

/**
 * Adds one inline script of our own build's making to the page's `<meta>` CSP (its hash in
 * `script-src`), for a script the build writes into the page after Astro listed the hashes (the island
 * runtime's loader, island-runtime-file.ts). A page without a `<meta>` CSP is left as it is.
 */
export function allowInlineScript(html: string, body: string): string {
  const meta = cspMeta.exec(html);
  if (!meta?.[1]) return html;
  const hash = sha256(body);
  const content = meta[1]
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.split(/\s+/)[0] === 'script-src' && !trimmed.includes(hash)
        ? `${trimmed} ${hash}`
        : trimmed;
    })
    .join('; ');
  return html.replace(meta[0], `<meta http-equiv="content-security-policy" content="${content}">`);
}
