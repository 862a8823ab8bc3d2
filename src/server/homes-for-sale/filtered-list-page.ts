import { paths } from '../../lib/paths.ts';
import { filterSaleListPage, readSaleFilters, renderSaleFilters } from '../../lib/sale-listings.ts';
import { pageSecurityHeaders, readBuiltPage } from '../forms/render-form-page.ts';

/**
 * The homes-for-sale list filtered by the query its GET form sent: the page the build wrote, with
 * the cards that do not match taken out and the form showing what was chosen. An unknown filter
 * word answers 400 on the same page, every home listed and the field's message under it.
 */
export async function renderFilteredSaleList(
  query: URLSearchParams,
  root = process.cwd(),
): Promise<Response> {
  const page = await readBuiltPage(root, paths.homesForSale);
  if (!page) return new Response('The list of homes for sale is not built.', { status: 503 });
  // The built form says whether sold homes are listed: its status select offers "Sold" only then.
  const showSold = page.includes('<option value="sold"');
  const read = readSaleFilters(query);
  const filters = read.ok ? read.filters : ({ type: 'any', price: 'any', status: 'any' } as const);
  const html = filterSaleListPage(page, filters, (count) =>
    renderSaleFilters({
      action: paths.homesForSaleFiltered,
      resetHref: paths.homesForSale,
      filters,
      count,
      showSold,
      ...(read.ok ? {} : { errors: read.errors }),
    }),
  );
  return new Response(html, {
    status: read.ok ? 200 : 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...pageSecurityHeaders,
      'x-robots-tag': 'noindex',
    },
  });
}
