import { type AdminView, filterNames, type SortName } from '../../features/admin/collection-contract.ts';
import {
  defaultPageSize,
  type ListQueryInput,
  splitSearchWords,
} from '../../features/admin/list-query-contract.ts';
import { arrivalRange } from '../../lib/arrival-window.ts';
import { isIsoDate, todayInKerala } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { isUuid } from '../http/uuid.ts';
import type { Collection } from './collections.ts';

/**
 * A dashboard list's query (parsed by `listQuerySchema` of the admin contract) checked against what its
 * collection offers, and the opaque cursors that continue a list where a page ended.
 */

/** Where a page ends: the sort key and id of its last row. */
export type CursorPosition = { key: string; id: string };

export type ListQuery = {
  searchWords: string[];
  status?: ListQueryInput['status'];
  stage?: ListQueryInput['stage'];
  property?: string;
  position?: string;
  /** Arrival days, both included: the `arriving` preset as of the day the query was read. */
  arriving?: { from: string; through: string };
  messages?: ListQueryInput['messages'];
  from?: string;
  to?: string;
  sort: SortName;
  view: AdminView;
  after?: CursorPosition;
  limit: number;
};

/**
 * Checks a list's query against what the collection offers. Answers the query, or the message for
 * each field at fault (for a 422).
 */
export function readListQuery(
  collection: Collection,
  input: ListQueryInput,
): { query: ListQuery } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  // A filter the collection does not have is refused, so a typo never silently lists everything.
  for (const filter of filterNames) {
    if (input[filter] !== undefined && !collection.filters.includes(filter)) {
      errors[filter] = `${collection.label} cannot be filtered by ${filter}`;
    }
  }
  const sort = input.sort ?? 'newest';
  if (!collection.sorts.includes(sort)) errors.sort = `${collection.label} cannot be sorted by ${sort}`;
  let after: CursorPosition | undefined;
  if (input.cursor !== undefined) {
    after = decodeCursor(input.cursor, sort);
    if (!after)
      errors.cursor = 'This page link is broken or belongs to another sort; start again from the first page';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    query: {
      searchWords: splitSearchWords(input.q ?? ''),
      status: input.status,
      stage: input.stage,
      property: input.property,
      position: input.position,
      arriving: input.arriving && arrivalRange(input.arriving, todayInKerala()),
      messages: input.messages,
      from: input.from,
      to: input.to,
      sort,
      view: input.view ?? 'inbox',
      after,
      limit: input.limit ?? defaultPageSize,
    },
  };
}

// The sort keys as the repository writes them: created_at to the microsecond (a JS Date would drop
// the microseconds, and rows within one millisecond would be skipped or repeated), arrival as a date.
const timestampKey = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function isSortKey(sort: SortName, key: string): boolean {
  if (sort === 'arrival') return isIsoDate(key);
  return timestampKey.test(key) && !Number.isNaN(Date.parse(key)) && isIsoDate(key.slice(0, 10));
}

/**
 * An opaque page token: the sort it belongs to and the last row's sort key and id. Opaque so clients
 * never build one; base64url so it sits in a URL as it is.
 */
export function encodeCursor(sort: SortName, position: CursorPosition): string {
  return Buffer.from(JSON.stringify([sort, position.key, position.id])).toString('base64url');
}

/** The position a cursor names, or undefined when it is malformed or made for another sort. */
export function decodeCursor(cursor: string, sort: SortName): CursorPosition | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) return undefined;
  const [madeFor, key, id] = decoded as unknown[];
  if (madeFor !== sort || typeof key !== 'string' || typeof id !== 'string') return undefined;
  if (!isSortKey(sort, key) || !isUuid(id)) return undefined;
  return { key, id };
}
