/**
 * The pages the benchmarks hold to a budget, and how much JavaScript (KB, gzip) each may ship.
 *
 * A page without islands ships none. A page with islands may ship what they need, and no more than
 * written here: a budget only moves with a reason in the commit that moves it. `lighthouse: true`
 * pages are the ones `npm run bench:lighthouse` runs (every public template and every island page);
 * a pattern covers every page of a template, e.g. each villa.
 */
export const pageBudgets: { page: string; pattern?: RegExp; jsKb: number; lighthouse: boolean }[] = [
  { page: '/', jsKb: 70, lighthouse: true },
  { page: '/villas', jsKb: 0, lighthouse: true },
  {
    page: '/villas/kovalam-cliff-villa',
    pattern: /^\/(villas|apartments)\/[^/]+$/,
    jsKb: 70,
    lighthouse: true,
  },
  { page: '/apartments', jsKb: 0, lighthouse: true },
  { page: '/about', jsKb: 0, lighthouse: true },
  { page: '/projects', jsKb: 0, lighthouse: true },
  { page: '/blog', jsKb: 0, lighthouse: true },
  { page: '/blog/a-day-on-the-backwaters', pattern: /^\/blog\/[^/]+$/, jsKb: 0, lighthouse: true },
  { page: '/contact', jsKb: 100, lighthouse: true },
  { page: '/careers', jsKb: 100, lighthouse: true },
  { page: '/partner', jsKb: 100, lighthouse: true },
  { page: '/booking', jsKb: 110, lighthouse: true },
  { page: '/account', jsKb: 110, lighthouse: true },
  { page: '/login', jsKb: 100, lighthouse: true },
  { page: '/register', jsKb: 130, lighthouse: true },
  { page: '/forgot-password', jsKb: 100, lighthouse: false },
  { page: '/reset-password', jsKb: 130, lighthouse: false },
  { page: '/verify-email', jsKb: 100, lighthouse: false },
  { page: '/admin/login', jsKb: 100, lighthouse: false },
  // The office's dashboard: a desktop tool behind a sign-in, held to a budget all the same.
  { page: '/admin', jsKb: 150, lighthouse: false },
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
