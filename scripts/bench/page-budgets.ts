/**
 * The pages the benchmarks hold to a budget, and how much JavaScript (KB, gzip) each may ship.
 *
 * A page without islands ships none. A page with islands may ship what they need, and no more than
 * written here: a budget only moves with a reason in the commit that moves it. Today's figures are
 * the Preact runtime (about 13 KB with Astro's island loader) plus the island, and on the form pages
 * zod (about 25 KB, shared with the server so a field is judged the same on both sides); each budget
 * leaves about 15% room. `lighthouse: true` pages are the ones `npm run bench:lighthouse` runs (every
 * public template and every island page); a pattern covers every page of a template, e.g. each villa.
 */
export const pageBudgets: { page: string; pattern?: RegExp; jsKb: number; lighthouse: boolean }[] = [
  { page: '/', jsKb: 16, lighthouse: true },
  { page: '/villas', jsKb: 0, lighthouse: true },
  // The booking panel (the calendar a stay is chosen on, the pricing and the quote, no zod) and the
  // gallery's full-screen viewer (1.1 KB of its own) share one Preact runtime: 22.1 KB, the read-only
  // calendar before was 14.8 KB; with rate seasons (the rules and the quote's lines) 23.7 KB; the budget
  // holds with about 10% room.
  {
    page: '/villas/kovalam-cliff-villa',
    pattern: /^\/(villas|apartments)\/[^/]+$/,
    jsKb: 26,
    lighthouse: true,
  },
  { page: '/apartments', jsKb: 0, lighthouse: true },
  // Search by dates: a plain GET form and its answer, rendered by a function; no script at all.
  { page: '/search', jsKb: 0, lighthouse: true },
  // What an online payment came to: rendered by the pay functions, no script (a guest may have none).
  { page: '/payment', jsKb: 0, lighthouse: false },
  { page: '/about', jsKb: 0, lighthouse: true },
  { page: '/projects', jsKb: 0, lighthouse: true },
  { page: '/blog', jsKb: 0, lighthouse: true },
  { page: '/blog/a-day-on-the-backwaters', pattern: /^\/blog\/[^/]+$/, jsKb: 0, lighthouse: true },
  {
    page: '/cancellation-policy',
    pattern: /^\/(cancellation-policy|privacy|house-rules)$/,
    jsKb: 0,
    lighthouse: true,
  },
  { page: '/contact', jsKb: 48, lighthouse: true },
  { page: '/careers', jsKb: 48, lighthouse: true },
  { page: '/partner', jsKb: 48, lighthouse: true },
  { page: '/booking', jsKb: 58, lighthouse: true },
  { page: '/account', jsKb: 52, lighthouse: true },
  { page: '/login', jsKb: 48, lighthouse: true },
  { page: '/register', jsKb: 50, lighthouse: true },
  { page: '/forgot-password', jsKb: 48, lighthouse: false },
  { page: '/reset-password', jsKb: 50, lighthouse: false },
  { page: '/verify-email', jsKb: 48, lighthouse: false },
  { page: '/admin/login', jsKb: 48, lighthouse: false },
  // The office's dashboard: a desktop tool behind a sign-in, held to a budget all the same.
  { page: '/admin', jsKb: 60, lighthouse: false },
  { page: '/admin/calendars', jsKb: 46, lighthouse: false },
  // The content editor (Decap CMS 3.16.3, src/integrations/content-editor.ts): one 1,478 KB script for
  // office staff on /cms only, never on a public page nor run by Lighthouse; held so an upgrade that
  // grows it is noticed.
  { page: '/cms', jsKb: 1700, lighthouse: false },
];

/** The JS budget of a built page, in KB gzip: its own entry, its template's, or none at all. */
export function jsBudgetKb(page: string): number {
  const entry =
    pageBudgets.find((budget) => budget.page === page) ??
    pageBudgets.find((budget) => budget.pattern?.test(page));
  return entry?.jsKb ?? 0;
}

/** The pages Lighthouse runs on. */
export const lighthousePages = pageBudgets.filter((budget) => budget.lighthouse).map((budget) => budget.page);
