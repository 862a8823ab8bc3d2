/**
 * What the dashboard asks the admin API for, as plain functions: a view's query string, its page and
 * CSV links, and the words a screen reader hears about new items. The server validates every query
 * again; these only build what the screen's controls say.
 */

import { adminCollectionRoute, adminCsvRoute } from '../../lib/api-contract.ts';
import { type AdminCollectionName, type AdminView, adminCollections } from './collection-contract.ts';

/** What the search form holds; an empty string means "any". */
export type ListFilters = {
  q: string;
  status: string;
  stage: string;
  property: string;
  position: string;
  arriving: string;
  messages: string;
  from: string;
  to: string;
  sort: string;
};

export const emptyFilters: ListFilters = {
  q: '',
  status: '',
  stage: '',
  property: '',
  position: '',
  arriving: '',
  messages: '',
  from: '',
  to: '',
  sort: 'newest',
};

/**
 * The query string of a list: only the filters that are set, so a link stays short and the server
 * never sees a filter a view does not offer. `newest` is the server's default sort and is left out.
 */
export function buildListQuery(
  filters: ListFilters,
  view: AdminView,
  { cursor, limit }: { cursor?: string | undefined; limit?: number | undefined } = {},
): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  for (const name of [
    'status',
    'stage',
    'property',
    'position',
    'arriving',
    'messages',
    'from',
    'to',
  ] as const) {
    if (filters[name]) params.set(name, filters[name]);
  }
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort);
  if (view === 'trash') params.set('view', 'trash');
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET` one page of a view. */
export function listUrl(
  collection: AdminCollectionName,
  filters: ListFilters,
  view: AdminView,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): string {
  return `${adminCollectionRoute(collection)}${buildListQuery(filters, view, page)}`;
}

/** The CSV of everything the view shows with these filters: every page, not just the loaded ones. */
export function csvUrl(collection: AdminCollectionName, filters: ListFilters, view: AdminView): string {
  return `${adminCsvRoute(collection)}${buildListQuery(filters, view)}`;
}

/** A view's name with its count of new items, as its navigation button reads: "Booking requests, 3 new". */
export function describeNewCount(label: string, count: number): string {
  return count > 0 ? `${label}, ${count} new` : label;
}

export type CollectionCount = { name: string; label: string; new: number; latestAt: string | null };

/**
 * What arrived between two polls of the summary, for the live region: "2 new booking requests
 * arrived." Only a later `latestAt` is an arrival (see `rememberLatest`); a count that falls, because
 * an admin dealt with an item, says nothing. The first poll has nothing to compare with.
 */
export function describeArrivals(
  before: readonly CollectionCount[] | undefined,
  after: readonly CollectionCount[],
): string | null {
  if (!before) return null;
  const parts: string[] = [];
  for (const now of after) {
    const then = before.find((count) => count.name === now.name);
    if (!then || !isLater(now.latestAt, then.latestAt)) continue;
    const arrived = Math.max(now.new - then.new, 1);
    parts.push(`${arrived} new ${arrived === 1 ? nounOf(now) : now.label.toLowerCase()}`);
  }
  if (parts.length === 0) return null;
  return `${joinWords(parts)} arrived.`;
}

// ISO timestamps in UTC with a fixed width compare as text; null is "nothing yet".
const isLater = (time: string | null, than: string | null) => time !== null && (than === null || time > than);

/**
 * The summary to compare the next poll with: its counts, but the latest arrival ever seen. Moving the
 * newest row to the trash makes `latestAt` go back; restoring it makes it go forward again, and that
 * is no arrival.
 */
export function rememberLatest<Count extends CollectionCount>(
  before: readonly Count[] | undefined,
  after: readonly Count[],
): Count[] {
  return after.map((now) => {
    const then = before?.find((count) => count.name === now.name);
    return then && isLater(then.latestAt, now.latestAt) ? { ...now, latestAt: then.latestAt } : now;
  });
}

/**
 * The collection's own word for one row: "partner enquiries" is no regular plural (cutting its "s" gave
 * "1 new partner enquirie").
 */
function nounOf(count: CollectionCount): string {
  const facts = (adminCollections as Record<string, { noun: string }>)[count.name];
  return facts?.noun ?? count.label.toLowerCase();
}

function joinWords(parts: string[]): string {
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Whether a poll means the open view's rows may have changed: something arrived, or the new or
 * trash counts moved (another admin confirmed, deleted or restored).
 */
export function hasViewChanged(
  before: (CollectionCount & { trash: number }) | undefined,
  after: (CollectionCount & { trash: number }) | undefined,
): boolean {
  if (!before || !after) return false;
  return before.latestAt !== after.latestAt || before.new !== after.new || before.trash !== after.trash;
}
