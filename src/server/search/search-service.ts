import {
  type FreeResult,
  type SearchAnswer,
  type SearchQuery,
  searchFields,
  searchQuerySchema,
  type UnavailableResult,
} from '../../features/search/search-contract.ts';
import { addDays, daysBetween, todayInKerala } from '../../lib/dates.ts';
import { type FieldErrors, firstErrorPerField } from '../../lib/form-fields.ts';
import { propertyPath } from '../../lib/paths.ts';
import { quoteStay } from '../../lib/pricing.ts';
import { seasonsInPence } from '../../lib/seasons.ts';
import { findSearchProblems, judgeStay, latestArrivalFrom, type TakenStay } from '../../lib/stay-search.ts';
import { listTakenStays } from '../booking/availability-service.ts';
import type { TakenStayOf } from '../booking/stay-repository.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import { loadSearchPictures } from './search-pictures.ts';

/** The search's fields as the address carried them, text as typed; absent fields are undefined. */
export type SearchValues = Partial<Record<(typeof searchFields)[number], string>>;

/** A search read from an address: nothing asked yet, fields to correct, or a stay to look for. */
export type ReadSearch =
  | { outcome: 'empty'; values: SearchValues }
  | { outcome: 'invalid'; values: SearchValues; errors: FieldErrors }
  | { outcome: 'valid'; values: SearchValues; query: SearchQuery };

/** The fields of a search in an address's query, the first of each name. */
export function readSearchValues(params: URLSearchParams): SearchValues {
  const values: SearchValues = {};
  for (const name of searchFields) {
    const value = params.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}

/**
 * Judges a search's fields with the booking form's messages: each field's schema, then the rules
 * across them (`findSearchProblems`). No dates at all is not an error: it is a search not yet made.
 */
export function readSearch(values: SearchValues, today: string = todayInKerala()): ReadSearch {
  if (values.arrival === undefined && values.departure === undefined) return { outcome: 'empty', values };
  const parsed = searchQuerySchema.safeParse(values);
  if (!parsed.success) return { outcome: 'invalid', values, errors: firstErrorPerField(parsed.error) };
  const errors = findSearchProblems(parsed.data, today);
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', values, errors };
  return { outcome: 'valid', values, query: parsed.data };
}

/**
 * Every villa and apartment for a stay that passed `readSearch`: those free with the price of that
 * stay (cheapest first), the rest with the reason and, when booked, the first later arrival with as
 * many nights free. One query reads the confirmed stays of all properties from the chosen arrival to
 * the end of the booking horizon; stays the office deleted to the trash hold no dates, as in the
 * overlap constraint. Runs as service_role, since anon may not read booking requests, and selects
 * nothing but dates.
 */
export async function searchStays(
  query: SearchQuery,
  today: string = todayInKerala(),
): Promise<SearchAnswer> {
  const nights = daysBetween(query.arrival, query.departure);
  const window = { from: query.arrival, through: addDays(latestArrivalFrom(today), nights) };
  const [catalogue, pictures, confirmed] = await Promise.all([
    loadCatalogue(),
    loadSearchPictures(),
    listTakenStays(window),
  ]);
  const takenBy = groupByProperty(confirmed);
  const free: FreeResult[] = [];
  const unavailable: UnavailableResult[] = [];
  for (const property of catalogue.properties) {
    // A home only for sale is never a stay, free or taken; asked for instant book only, neither is one booked by request.
    if (!property.forRent || (query.instant && !property.instantBook)) continue;
    if (query.home && property.slug !== query.home) continue;
    const shown = {
      slug: property.slug,
      name: property.name,
      kind: property.kind,
      path: propertyPath(property.kind, property.slug),
      picture: pictures.get(property.slug) ?? null,
      sleeps: property.sleeps,
      bedrooms: property.bedrooms,
      instantBook: property.instantBook,
    };
    const verdict = judgeStay(query, property, takenBy.get(property.slug) ?? [], today);
    switch (verdict.status) {
      case 'free':
        free.push({
          status: 'free',
          ...shown,
          quote: quoteStay({
            weeklyRatePence: property.weeklyRateGbp * 100,
            seasons: seasonsInPence(property.seasons),
            arrival: query.arrival,
            departure: query.departure,
            guests: query.guests,
            today,
          }),
        });
        break;
      case 'booked':
        unavailable.push({ status: 'booked', ...shown, freeFrom: verdict.freeFrom });
        break;
      case 'sleeps-fewer':
        unavailable.push({ status: 'sleeps-fewer', ...shown });
        break;
      case 'stay-too-short':
        unavailable.push({
          status: 'stay-too-short',
          ...shown,
          minNights: verdict.minNights,
          season: verdict.season,
        });
        break;
      case 'changeover-day':
        unavailable.push({ status: 'changeover-day', ...shown, season: verdict.season, day: verdict.day });
        break;
    }
  }
  // Stable, so properties of one price keep the catalogue's order.
  free.sort((a, b) => a.quote.totalPence - b.quote.totalPence);
  return { stay: { ...query, nights }, free, unavailable };
}

function groupByProperty(stays: TakenStayOf[]): Map<string, TakenStay[]> {
  const byProperty = new Map<string, TakenStay[]>();
  for (const { property, arrival, departure } of stays) {
    const list = byProperty.get(property) ?? [];
    list.push({ arrival, departure });
    byProperty.set(property, list);
  }
  return byProperty;
}
