import { z } from 'zod';
import { arrivalWindowLabels, arrivalWindows } from '../../lib/arrival-window.ts';
import { isIsoDate } from '../../lib/dates.ts';
import { listChoices } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { bookingStatuses } from '../booking/booking-contract.ts';
import { messageFilterLabels, messageFilters } from '../booking/booking-message-contract.ts';
import { salesStages } from '../buyer-enquiry/sales-stage-contract.ts';
import { adminViews, sortNames } from './collection-contract.ts';
import { adminRowSchema } from './item-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/** The rows a list page holds unless it asks for more, and the most it may ask for. */
export const defaultPageSize = 25;
export const maxPageSize = 100;
const maxSearchWords = 8;

export function splitSearchWords(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter(Boolean))];
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

/**
 * What a dashboard list asks for, from its URL's query string: search, filters, sort, the trash or
 * not, and where to continue. The same query (without cursor and limit) chooses a CSV export's rows.
 * Whether the collection offers a filter or sort is checked by the server against `adminCollections`.
 */
export const listQuerySchema = z
  .object({
    /** Words that must all appear, in any order, in the row's text. */
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
    /** A buyer's enquiry's sales stage. */
    stage: optional(z.enum(salesStages, { error: `Choose ${listChoices(salesStages)}` })),
    property: optional(slug('a property')),
    position: optional(slug('a position')),
    /** A booking's arrival day falls in this preset's days, counted from Kerala's today. */
    arriving: optional(
      z.enum(arrivalWindows, {
        error: `Choose arrivals ${listChoices(Object.values(arrivalWindowLabels).map((label) => label.toLowerCase()))}`,
      }),
    ),
    /** A booking's conversation: the guest wrote what the office has not read, or waits for a reply. */
    messages: optional(
      z.enum(messageFilters, {
        error: `Choose ${listChoices(Object.values(messageFilterLabels).map((label) => label.toLowerCase()))}`,
      }),
    ),
    /** Received on or after this day, in the office's time zone. */
    from: optional(day('from')),
    /** Received on or before this day, in the office's time zone. */
    to: optional(day('to')),
    sort: optional(z.enum(sortNames, { error: 'Sort by newest, oldest or arrival' })),
    /** `trash` lists the deleted rows, which Restore brings back. */
    view: optional(z.enum(adminViews, { error: 'Choose the inbox or the trash' })),
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

/** `GET /api/admin/:collection`: one page; `nextCursor` is null on the last one. */
export const listAnswerSchema = z.object({
  items: z.array(adminRowSchema),
  nextCursor: z.string().nullable(),
});
export type ListAnswer = z.infer<typeof listAnswerSchema>;
