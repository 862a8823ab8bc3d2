import { z } from 'zod';
import { type BookingStatus, bookingStatuses } from '../../features/booking/booking-contract.ts';
import { isIsoDate } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import type { Collection, FilterName, SortName } from './collections.ts';

/**
 * What a dashboard list asks for, from its URL's query string: search, filters, sort, the trash or
 * not, and where to continue. The same query (without cursor and limit) chooses a CSV export's rows.
 */

export const defaultPageSize = 25;
export const maxPageSize = 100;
const maxSearchWords = 8;

/** "new, confirmed, declined or cancelled": the words a refusal offers instead. */
export function listChoices(choices: readonly string[]): string {
  return choices.length < 2 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

const slug = (what: string) =>
  z
    .string()
    .max(100, `Choose ${what} from the list`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `Choose ${what} from the list`);

const day = (label: string) =>
  z.string().refine(isIsoDate, `Enter the ${label} date as a real date, like 2027-03-14`);

// A link or a form can send `?status=` for "any": empty means the parameter is not there.
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const listQuerySchema = z
  .object({
    /** Words that must all appear, in any order, in the row's text (see `searchText`). */
    q: optional(
      z
        .string()
        .trim()
        .max(200, 'Search for at most 200 characters')
        .refine((text) => !text.includes('\u0000'), 'Remove the invisible control character from the search')
        .refine(
          (text) => splitSearchWords(text).length <= maxSearchWords,
          `Search for at most ${maxSearchWords} words`,
        )
        // The trigram index needs three characters to look anything up; words of one or two can
        // only narrow a search down, or it would read the whole table.
        .refine(
          (text) => text === '' || splitSearchWords(text).some((word) => [...word].length >= 3),
          'Search for at least one word of 3 or more letters',
        ),
    ),
    status: optional(z.enum(bookingStatuses, { error: `Choose ${listChoices(bookingStatuses)}` })),
    property: optional(slug('a property')),
    position: optional(slug('a position')),
    /** Received on or after this day, in the office's time zone. */
    from: optional(day('from')),
    /** Received on or before this day, in the office's time zone. */
    to: optional(day('to')),
    sort: optional(z.enum(['newest', 'oldest', 'arrival'], { error: 'Sort by newest, oldest or arrival' })),
    /** `trash` lists the deleted rows, which Restore brings back. */
    view: optional(z.enum(['inbox', 'trash'], { error: 'Choose the inbox or the trash' })),
    cursor: optional(z.string().max(300, 'This page link is broken; start again from the first page')),
    limit: optional(
      z.coerce
        .number({ error: 'Ask for a number of rows' })
        .int('Ask for a whole number of rows')
        .min(1, 'Ask for at least 1 row')
        .max(maxPageSize, `Ask for at most ${maxPageSize} rows`),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The to date cannot be before the from date',
  });

export type ListQueryInput = z.infer<typeof listQuerySchema>;

/** Where a page ends: the sort key and id of its last row. */
export type CursorPosition = { key: string; id: string };

export type ListQuery = {
  searchWords: string[];
  status?: BookingStatus;
  property?: string;
  position?: string;
  from?: string;
  to?: string;
  sort: SortName;
  view: 'inbox' | 'trash';
  after?: CursorPosition;
  limit: number;
};

export function splitSearchWords(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))];
}

/** A query-string field a collection does not have, so a typo never silently lists everything. */
const filterNames: readonly FilterName[] = ['status', 'property', 'position'];

/**
 * Checks a list's query against what the collection offers. Answers the query, or the message for
 * each field at fault (for a 422).
 */
export function readListQuery(
  collection: Collection,
  input: ListQueryInput,
): { query: ListQuery } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
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
      property: input.property,
      position: input.position,
      from: input.from,
      to: input.to,
      sort,
      view: input.view ?? 'inbox',
      after,
      limit: input.limit ?? defaultPageSize,
    },
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The sort keys as the repository writes them: created_at to the microsecond (a JS Date would drop
// the microseconds, and rows within one millisecond would be skipped or repeated), arrival as a date.
const timestampKey = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function isUuid(text: string | undefined): text is string {
  return text !== undefined && uuidPattern.test(text);
}

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
