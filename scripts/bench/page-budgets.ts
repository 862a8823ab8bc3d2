/**
 * The pages the benchmarks hold to a budget, and how much JavaScript (KB, gzip) each may ship: before a
 * person's first interaction, and on it (the `client:interaction` islands' own code, fetched at idle).
 *
 * A page without islands ships none. A page with islands may ship what they need, and no more than
 * written here: a budget only moves with a reason in the commit that moves it. Today's figures are
 * React 19's runtime (React DOM and Astro's renderer, one shared chunk of 64 KB, and React itself, 3 KB)
 * plus the island, and on the form pages zod (about 25 KB, shared with the server so a field is judged
 * the same on both sides); the inline island loader and directives are about 2 KB. Each budget leaves
 * about 10–15% room. (On Preact's compat layer, before issue #31, a form page shipped 43–45 KB, all of it
 * before interaction, the home page 13 KB and a villa 24.5 KB.) `lighthouse: true` pages are the ones `npm run bench:lighthouse` runs (every
 * public template and every island page); a pattern covers every page of a template, e.g. each villa.
 */
export const pageBudgets: {
  page: string;
  pattern?: RegExp;
  /** What the page loads and runs before a person touches it. */
  jsKb: number;
  /** What only its `client:interaction` islands need: fetched at idle, run on the first touch. */
  interactionJsKb?: number;
  lighthouse: boolean;
}[] = [
  // The carousel wakes on a touch, or when its first slide has had its time (#50): React and the
  // carousel, 69.3 KB, fetched at idle; before, it hydrated at idle, all 71.3 KB before interaction.
  { page: '/', jsKb: 4, interactionJsKb: 78, lighthouse: true },
  { page: '/villas', jsKb: 0, lighthouse: true },
  // The booking panel (the calendar a stay is chosen on, the pricing and the quote, no zod) and the
  // gallery's full-screen viewer (1.1 KB of its own) wake on a touch (#50); the reviews, far below,
  // hydrate when seen, and bench:bundle counts their React (72.9 KB) before interaction, the panel's
  // and the viewer's own 12.9 KB on it. Before #50 the panel hydrated at idle: 85.0 KB before.
  {
    page: '/villas/kovalam-cliff-villa',
    pattern: /^\/(villas|apartments)\/[^/]+$/,
    jsKb: 82,
    interactionJsKb: 15,
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
    pattern: /^\/(cancellation-policy|privacy|house-rules|review-policy)$/,
    jsKb: 0,
    lighthouse: true,
  },
  { page: '/contact', jsKb: 4, interactionJsKb: 112, lighthouse: true },
  { page: '/careers', jsKb: 4, interactionJsKb: 112, lighthouse: true },
  { page: '/partner', jsKb: 4, interactionJsKb: 112, lighthouse: true },
  // A buyer's enquiry, one page per home open to buyers and per intent; the form hydrates on interaction.
  {
    page: '/buy/villas/kovalam-cliff-villa/viewing',
    pattern: /^\/buy\/(villas|apartments|projects)\/[^/]+\/(viewing|buying)$/,
    jsKb: 4,
    interactionJsKb: 114,
    lighthouse: true,
  },
  // The forms below hydrate on interaction (98–101 KB then). /booking and /account are printed per
  // request for the visitor and wake on a touch too (#50): 124.8 and 126.6 KB then, the form and the
  // signed-in account no longer lazy (a press on a lazy part still the server's markup is lost); before,
  // they loaded at once (128 KB measured on /booking against a budget of 118, 112 on /account).
  { page: '/booking', jsKb: 4, interactionJsKb: 138, lighthouse: true },
  { page: '/account', jsKb: 4, interactionJsKb: 138, lighthouse: true },
  { page: '/login', jsKb: 4, interactionJsKb: 114, lighthouse: true },
  { page: '/register', jsKb: 4, interactionJsKb: 114, lighthouse: true },
  { page: '/forgot-password', jsKb: 4, interactionJsKb: 112, lighthouse: false },
  { page: '/reset-password', jsKb: 4, interactionJsKb: 114, lighthouse: false },
  { page: '/verify-email', jsKb: 112, lighthouse: false },
  // A stay's review from the invitation's link: nothing to show before the server says which stay.
  { page: '/review', jsKb: 112, lighthouse: false },
  { page: '/admin/login', jsKb: 4, interactionJsKb: 114, lighthouse: false },
  // The office's dashboard: a desktop tool behind a sign-in, held to a budget all the same. 133.4 KB on
  // 2026-12-03, past the 130 KB it had, as the office's day grew: a stay's concierge services and their
  // payments (#49), a refund that asks first in the words that record it, the waiting guests (#46).
  { page: '/admin', jsKb: 147, lighthouse: false },
  { page: '/admin/calendars', jsKb: 112, lighthouse: false },
  // The office's arrival packs' editor: 99.8 KB at first (2026-11-27).
  { page: '/admin/arrival-packs', jsKb: 112, lighthouse: false },
  // The office's Form C page (a day's foreign arrivals, printable, with their CSV): 101.1 KB at first (2026-11-27).
  { page: '/admin/form-c', jsKb: 112, lighthouse: false },
  { page: '/admin/reviews', jsKb: 112, lighthouse: false },
  // The content editor (Decap CMS 3.16.3, src/integrations/content-editor.ts): one 1,478 KB script for
  // office staff on /cms only, never on a public page nor run by Lighthouse; held so an upgrade that
  // grows it is noticed.
  { page: '/cms', jsKb: 1700, lighthouse: false },
];

/** A page's JS budgets in KB gzip: before the first interaction, and on it. */
export type JsBudget = { beforeInteraction: number; onInteraction: number };

/** The JS budgets of a built page: its own entry's, its template's, or none at all. */
export function jsBudgetKb(page: string): JsBudget {
  const entry =
    pageBudgets.find((budget) => budget.page === page) ??
    pageBudgets.find((budget) => budget.pattern?.test(page));
  return { beforeInteraction: entry?.jsKb ?? 0, onInteraction: entry?.interactionJsKb ?? 0 };
}

/** The pages Lighthouse runs on. */
export const lighthousePages = pageBudgets.filter((budget) => budget.lighthouse).map((budget) => budget.page);
