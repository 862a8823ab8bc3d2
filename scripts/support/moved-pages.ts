/**
 * The old addresses netlify.toml moves for good (`[[redirects]]` with a 301 or 302 from a plain
 * address, no splat or placeholder, matched by its query where the rule names one), answered here
 * before Netlify's local emulation sees the request, in the file's order, the first match winning.
 *
 * A runtime patch: `@netlify/dev` 4.x matches a redirect's target against the functions' paths first
 * and, when one matches, runs that function at the old address instead of redirecting (its `main.js`
 * calls the function before the redirect's status is looked at), so `/dashboard` answered `/account`'s
 * printed page with a 200 once `/account` became a function's path; and the redirects it does answer
 * carry none of the headers netlify.toml gives every answer. Netlify itself answers the 301. As on
 * Netlify, a rule whose `from` is a file of the build is shadowed by that file unless it says
 * `force = true`, and the query goes on to the new address unless the rule matched on it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

type Rule = {
  from: string;
  to: string;
  status?: number;
  force?: boolean;
  query?: Record<string, string>;
  conditions?: unknown;
};
export type MovedPage = { to: string; status: number };

/** The rules that move a page, read from `netlifyToml`; `dist` shadows them. */
export function readMovedPages(
  netlifyToml: string,
  dist: string,
): (pathname: string, search: URLSearchParams) => MovedPage | undefined {
  const { redirects = [] } = parse(readFileSync(netlifyToml, 'utf8')) as { redirects?: Rule[] };
  const rules = redirects.filter((rule) => {
    const status = rule.status ?? 301;
    if (status !== 301 && status !== 302) return false;
    if (rule.conditions !== undefined || /[*:]/.test(rule.from)) return false;
    if (Object.values(rule.query ?? {}).some((value) => value.startsWith(':'))) return false;
    const shadowed = [rule.from, `${rule.from}.html`, path.join(rule.from, 'index.html')].some((file) =>
      existsSync(path.join(dist, file)),
    );
    return !shadowed || rule.force === true;
  });
  return (pathname, search) => {
    for (const rule of rules) {
      if (rule.from !== pathname) continue;
      const query = Object.entries(rule.query ?? {});
      if (!query.every(([name, value]) => search.get(name) === value)) continue;
      const kept = query.length === 0 && search.size > 0 ? `?${search}` : '';
      return { to: `${rule.to}${kept}`, status: rule.status ?? 301 };
    }
    return undefined;
  };
}
