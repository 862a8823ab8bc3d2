import { paths } from '../../lib/paths.ts';
import { formSlotMarkers } from '../../lib/public-forms.ts';
import { pageSecurityHeaders, readBuiltPage } from '../forms/render-form-page.ts';

/** The name of the search page's slot: the search bar and the results between `<!--form:search-->` markers. */
export const searchSlot = 'search';

/**
 * The search page with `markup` (the search bar as the guest filled it, and the results or the
 * messages) in its slot. The page is the one the build wrote to `dist/search/index.html`, read from
 * disk and never fetched, as for the forms (src/server/forms/render-form-page.ts). Never indexed: its
 * answers change by the hour and by the address.
 */
export async function renderSearchPage(
  markup: string,
  status: number,
  root = process.cwd(),
): Promise<Response> {
  const page = await readBuiltPage(root, paths.search);
  const { start, end } = formSlotMarkers(searchSlot);
  const from = page?.indexOf(start) ?? -1;
  const to = page?.indexOf(end) ?? -1;
  const html =
    page && from >= 0 && to > from
      ? page.slice(0, from + start.length) + markup + page.slice(to)
      : fallbackPage(markup);
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...pageSecurityHeaders,
      'x-robots-tag': 'noindex',
    },
  });
}

function fallbackPage(markup: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Search by dates</title></head><body><main><h1>Search by dates</h1>${markup}</main></body></html>`;
}
