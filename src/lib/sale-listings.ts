import { z } from 'zod';
import type { SaleStatus } from './sale-law.ts';

/**
 * The homes-for-sale list and its filters (type, price band, status), written once for the built
 * page and for the function that answers the filter form without JavaScript (a plain GET form):
 * the page is built with every home, each card between markers that carry its facets, and the
 * function keeps the cards that match. Pure, so a unit test holds the filtering and the markup.
 */

/** What a buyer can look for; the list says each as its `saleTypeLabels`. */
export const saleTypes = ['villa', 'apartment', 'project'] as const;
export type SaleType = (typeof saleTypes)[number];

export const saleTypeLabels: Record<SaleType, string> = {
  villa: 'Villa',
  apartment: 'Apartment',
  project: 'New project',
};

/**
 * The price bands a buyer filters by, in whole rupees: `from` inclusive, `below` exclusive. Chosen
 * round the homes the office sells (villas under a crore, apartments and projects above).
 */
export const priceBands = [
  { id: 'under-1-crore', label: 'Under ₹1 crore', from: 0, below: 10_000_000 },
  { id: '1-to-2-crore', label: '₹1 crore to ₹2 crore', from: 10_000_000, below: 20_000_000 },
  { id: 'over-2-crore', label: 'Over ₹2 crore', from: 20_000_000, below: Number.POSITIVE_INFINITY },
] as const;
export type PriceBandId = (typeof priceBands)[number]['id'];
const priceBandIds = priceBands.map((band) => band.id) as [PriceBandId, ...PriceBandId[]];

/** The statuses a listed home can have; `sold` only where the content setting shows sold homes. */
export const listedStatuses = ['available', 'under-offer', 'sold'] as const;
export type ListedStatus = (typeof listedStatuses)[number];

/** Whether sold homes stay on the list, marked sold, or leave it (site.json: `sales.soldHomes`). */
export const soldHomesSettings = ['show', 'hide'] as const;

/** The band a price falls in; none for a price on request. */
export function findPriceBand(rupees: number | undefined): PriceBandId | undefined {
  if (rupees === undefined) return undefined;
  return priceBands.find((band) => rupees >= band.from && rupees < band.below)?.id;
}

/** The statuses the list shows under the content setting: a home not for sale is never listed. */
export function isListed(status: SaleStatus, soldHomes: (typeof soldHomesSettings)[number]): boolean {
  if (status === 'available' || status === 'under-offer') return true;
  return status === 'sold' && soldHomes === 'show';
}

const choose = (field: string) => ({ error: `Choose a ${field} from the list` });

/** The filter form's query, as the GET form sends it; a missing field means any. */
export const saleFiltersSchema = z.object({
  type: z.enum(['any', ...saleTypes], choose('type')).default('any'),
  price: z.enum(['any', ...priceBandIds], choose('price band')).default('any'),
  status: z.enum(['any', ...listedStatuses], choose('status')).default('any'),
});
export type SaleFilters = z.output<typeof saleFiltersSchema>;
export const noSaleFilters: SaleFilters = { type: 'any', price: 'any', status: 'any' };

/** The filters a query asks for, or the message of each field it got wrong (an unknown word). */
export function readSaleFilters(
  query: URLSearchParams,
): { ok: true; filters: SaleFilters } | { ok: false; errors: Partial<Record<keyof SaleFilters, string>> } {
  const values = Object.fromEntries(
    (['type', 'price', 'status'] as const).flatMap((name) => {
      const value = query.get(name);
      return value === null || value === '' ? [] : [[name, value]];
    }),
  );
  const parsed = saleFiltersSchema.safeParse(values);
  if (parsed.success) return { ok: true, filters: parsed.data };
  const errors: Partial<Record<keyof SaleFilters, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SaleFilters;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** What the filters look at on a home. */
export type SaleFacets = { type: SaleType; rupees: number | undefined; status: ListedStatus };

/** Whether a home passes every filter; a price on request passes only "any price". */
export function matchesSaleFilters(facets: SaleFacets, filters: SaleFilters): boolean {
  if (filters.type !== 'any' && facets.type !== filters.type) return false;
  if (filters.status !== 'any' && facets.status !== filters.status) return false;
  if (filters.price !== 'any' && findPriceBand(facets.rupees) !== filters.price) return false;
  return true;
}

const facetsPattern = /^type=([a-z]+);price=([0-9]+|on-request);status=([a-z-]+)$/;

/** The markers a card sits between on the built list, carrying its facets for the filter function. */
export function saleCardMarkers(facets: SaleFacets): { start: string; end: string } {
  const price = facets.rupees === undefined ? 'on-request' : String(facets.rupees);
  return {
    start: `<!--sale-home:type=${facets.type};price=${price};status=${facets.status}-->`,
    end: '<!--/sale-home-->',
  };
}

function readFacets(text: string): SaleFacets | undefined {
  const match = facetsPattern.exec(text);
  if (!match) return undefined;
  const [, type, price, status] = match;
  const knownType = saleTypes.find((candidate) => candidate === type);
  const knownStatus = listedStatuses.find((candidate) => candidate === status);
  if (!knownType || !knownStatus) return undefined;
  return { type: knownType, rupees: price === 'on-request' ? undefined : Number(price), status: knownStatus };
}

/** The markers of the filter form and the count above the list, which the function writes again. */
export const saleFilterSlot = { start: '<!--sale-filters-->', end: '<!--/sale-filters-->' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** "3 homes for sale", "1 home for sale", "No home matches these filters". */
export function describeListCount(count: number, filtered: boolean): string {
  if (count === 0) return filtered ? 'No home matches these filters' : 'No home is for sale just now';
  const homes = `${count} ${count === 1 ? 'home' : 'homes'}`;
  return filtered ? `${homes} match these filters` : `${homes} for sale or under offer`;
}

const statusFilterLabels: Record<ListedStatus, string> = {
  available: 'For sale',
  'under-offer': 'Under offer',
  sold: 'Sold',
};

/**
 * The filter form and the count, as HTML: a plain GET form to `action` whose selects show `filters`,
 * with a message under a field the query got wrong. The built page and the function both print it.
 */
export function renderSaleFilters(options: {
  action: string;
  resetHref: string;
  filters: SaleFilters;
  count: number;
  showSold: boolean;
  errors?: Partial<Record<keyof SaleFilters, string>>;
}): string {
  const { action, resetHref, filters, count, showSold, errors = {} } = options;
  const select = (name: keyof SaleFilters, label: string, choices: [string, string][]) => {
    const id = `sale-filter-${name}`;
    const error = errors[name];
    const optionsHtml = [['any', `Any ${label.toLowerCase()}`] as [string, string], ...choices]
      .map(
        ([value, words]) =>
          `<option value="${value}"${filters[name] === value ? ' selected' : ''}>${escapeHtml(words)}</option>`,
      )
      .join('');
    const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const message = error ? `<p class="field__error" id="${id}-error">${escapeHtml(error)}</p>` : '';
    return `<div class="${error ? 'field field--invalid' : 'field'}"><label class="field__label" for="${id}">${label}</label><select class="field__control" id="${id}" name="${name}"${described}>${optionsHtml}</select>${message}</div>`;
  };
  const statuses = listedStatuses.filter((status) => status !== 'sold' || showSold);
  const filtered = filters.type !== 'any' || filters.price !== 'any' || filters.status !== 'any';
  return [
    `<form class="sale-filters" method="get" action="${action}" aria-label="Filter the homes for sale">`,
    select(
      'type',
      'Type',
      saleTypes.map((type) => [type, saleTypeLabels[type]]),
    ),
    select(
      'price',
      'Price',
      priceBands.map((band) => [band.id, band.label]),
    ),
    select(
      'status',
      'Status',
      statuses.map((status) => [status, statusFilterLabels[status]]),
    ),
    '<div class="sale-filters__actions"><button class="button" type="submit">Show homes</button>',
    filtered ? ` <a href="${resetHref}">Show every home</a>` : '',
    '</div></form>',
    `<p class="sale-filters__count" role="status">${describeListCount(count, filtered)}</p>`,
  ].join('');
}

/**
 * The built list page with only the cards that match `filters` and the form written again for them.
 * A card whose markers are unreadable is kept: the build wrote them, so that is a bug to see, not hide.
 */
export function filterSaleListPage(
  page: string,
  filters: SaleFilters,
  render: (count: number) => string,
): string {
  let count = 0;
  const kept = page.replace(
    /<!--sale-home:([^>]*?)-->([\s\S]*?)<!--\/sale-home-->/g,
    (card, facetsText: string) => {
      const facets = readFacets(facetsText);
      if (facets && !matchesSaleFilters(facets, filters)) return '';
      count += 1;
      return card;
    },
  );
  const from = kept.indexOf(saleFilterSlot.start);
  const to = kept.indexOf(saleFilterSlot.end);
  if (from < 0 || to < from) return kept;
  return kept.slice(0, from + saleFilterSlot.start.length) + render(count) + kept.slice(to);
}
