import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { emailStatuses } from '../../lib/email-statuses.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { bookingStatusChanges, bookingStatuses } from '../booking/booking-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The office dashboard's vocabulary, shared by the island, the admin functions and their tests: the
 * collections and what each offers, the list query, the status change body and every answer of the
 * admin API. The server adds only what the browser must never see (tables, columns, SQL), in
 * src/server/admin/collections.ts.
 */

export const adminCollectionNames = [
  'booking-requests',
  'career-applications',
  'contact-messages',
  'partner-enquiries',
] as const;
export const adminCollectionNameSchema = z.enum(adminCollectionNames);
export type AdminCollectionName = z.infer<typeof adminCollectionNameSchema>;

/** Filters a list may take besides the date range of arrival at the office, which every list has. */
export const filterNames = ['status', 'property', 'position'] as const;
export type FilterName = (typeof filterNames)[number];
export const sortNames = ['newest', 'oldest', 'arrival'] as const;
export type SortName = (typeof sortNames)[number];
/** The inbox lists rows in use; the trash lists deleted ones, which Restore brings back. */
export const adminViews = ['inbox', 'trash'] as const;
export type AdminView = (typeof adminViews)[number];

export type AdminCollectionFacts = {
  /** For people: a tab's title, a CSV file's name. */
  label: string;
  /** The word for one row in messages: "booking request". */
  noun: string;
  filters: readonly FilterName[];
  sorts: readonly SortName[];
  /**
   * Form rows stop counting as new when an admin first opens one, so the dashboard marks them read as
   * it opens them; booking requests stop being new by their status instead.
   */
  marksReadOnOpen: boolean;
};

const formRowFacts = { sorts: ['newest', 'oldest'], marksReadOnOpen: true } as const;

/** Every collection the dashboard shows, in the order of its navigation. */
export const adminCollections = {
  'booking-requests': {
    label: 'Booking requests',
    noun: 'booking request',
    filters: ['status', 'property'],
    sorts: ['newest', 'oldest', 'arrival'],
    marksReadOnOpen: false,
  },
  'career-applications': {
    label: 'Career applications',
    noun: 'career application',
    filters: ['position'],
    ...formRowFacts,
  },
  'contact-messages': { label: 'Contact messages', noun: 'contact message', filters: [], ...formRowFacts },
  'partner-enquiries': { label: 'Partner enquiries', noun: 'partner enquiry', filters: [], ...formRowFacts },
} as const satisfies Record<AdminCollectionName, AdminCollectionFacts>;

/** The rows a list page holds unless it asks for more, and the most it may ask for. */
export const defaultPageSize = 25;
export const maxPageSize = 100;
const maxSearchWords = 8;

/** "new, confirmed, declined or cancelled": the words a refusal offers instead. */
export function listChoices(choices: readonly string[]): string {
  return choices.length < 2 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

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
    property: optional(slug('a property')),
    position: optional(slug('a position')),
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

/** `PATCH /api/admin/booking-requests/:id`: the status the office moves a request to. */
export const statusChangeSchema = z.object({
  status: z.enum(bookingStatusChanges, { error: `Choose ${listChoices(bookingStatusChanges)}` }),
});

/** A row as the API answers it: its id and named fields, which differ by collection and view. */
export const adminRowSchema = z.looseObject({ id: z.string() });
export type AdminRow = z.infer<typeof adminRowSchema>;

/** `GET /api/admin/summary`: the new, trashed and latest counts of every collection. */
export const summaryAnswerSchema = z.object({
  collections: z.array(
    z.object({
      name: adminCollectionNameSchema,
      label: z.string(),
      new: z.number(),
      trash: z.number(),
      /** When the newest row in use arrived; null while there is none. */
      latestAt: z.string().nullable(),
    }),
  ),
});
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;

/** `GET /api/admin/:collection`: one page; `nextCursor` is null on the last one. */
export const listAnswerSchema = z.object({
  items: z.array(adminRowSchema),
  nextCursor: z.string().nullable(),
});
export type ListAnswer = z.infer<typeof listAnswerSchema>;

/** One line of a row's audit log. */
export const historyEntrySchema = z.object({
  action: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  actorEmail: z.string().nullable(),
  at: z.string(),
  /** What a payment entry or note said (amount, kind, day, method), for the ledger's actions. */
  details: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** How delivery of one email about a booking request went, without its text. */
export const emailDeliverySchema = z.object({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** Only while the email is pending. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** `GET /api/admin/:collection/:id`: a row in full, its audit log, and for a booking its emails. */
export const detailAnswerSchema = z.object({
  item: adminRowSchema,
  history: z.array(historyEntrySchema),
  emails: z.array(emailDeliverySchema),
});
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;

/** The answer of every change to a row (read, status, trash, restore): the row as it now is. */
export const itemAnswerSchema = z.object({ item: adminRowSchema });
export type ItemAnswer = z.infer<typeof itemAnswerSchema>;

/** The requests a calendar shows: those that hold or ask for the dates, never declined or cancelled. */
export const occupancyStatuses = ['new', 'confirmed'] as const;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `GET /api/admin/occupancy?month=YYYY-MM`: the month a calendar shows. */
export const occupancyQuerySchema = z.object({
  month: z
    .string({ error: 'Choose a month, like 2027-03' })
    .regex(monthPattern, 'Choose a month as year and month, like 2027-03')
    // The years a booking can exist in; past them a month is a typo, not a question.
    .refine((month) => {
      const year = Number(month.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, 'Choose a month between 2000 and 2100'),
});
export type OccupancyQuery = z.infer<typeof occupancyQuerySchema>;

/** One booking request on the calendar: its nights run from `arrival` to the night before `departure`. */
export const occupancyStaySchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(occupancyStatuses),
  /** The guest's name, so the office knows the stay without opening it. */
  name: z.string(),
  guests: z.number(),
  arrival: z.string(),
  departure: z.string(),
});
export type OccupancyStay = z.infer<typeof occupancyStaySchema>;

/** Nights another platform has taken (imported from its iCal feed): `label` names it, e.g. "Airbnb". */
export const occupancyBlockSchema = z.object({
  id: z.string(),
  label: z.string(),
  arrival: z.string(),
  departure: z.string(),
});
export type OccupancyBlock = z.infer<typeof occupancyBlockSchema>;

/**
 * `GET /api/admin/occupancy`: every property of the catalogue (and any other a stay names), in the
 * catalogue's order, with the stays and the blocks that hold at least one night of the month, even
 * those that start before it or end after it. Each kind of bar has its own array, so a new kind adds a
 * field and changes no old one.
 */
export const occupancyAnswerSchema = z.object({
  month: z.string(),
  properties: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      stays: z.array(occupancyStaySchema),
      blocks: z.array(occupancyBlockSchema),
    }),
  ),
});
export type OccupancyAnswer = z.infer<typeof occupancyAnswerSchema>;
