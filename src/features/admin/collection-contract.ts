import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The office inbox's collections: which lists the dashboard shows, what each offers (filters, sorts,
 * whether opening a row marks it read) and the summary of them all. The server adds only what the
 * browser must never see (tables, columns, SQL), in src/server/admin/collections.ts.
 */

export const adminCollectionNames = [
  'booking-requests',
  'career-applications',
  'contact-messages',
  'partner-enquiries',
  'buyer-enquiries',
] as const;
export const adminCollectionNameSchema = z.enum(adminCollectionNames);
export type AdminCollectionName = z.infer<typeof adminCollectionNameSchema>;

/**
 * Filters a list may take besides the date range of arrival at the office, which every list has:
 * a booking's status, a buyer's enquiry's sales stage, the property, a career application's position,
 * a booking's arrival preset (`arriving`, see `src/lib/arrival-window.ts`) and a booking's conversation
 * (`messages`: unread, or waiting for a reply).
 */
export const filterNames = ['status', 'stage', 'property', 'position', 'arriving', 'messages'] as const;
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
  /** Whether the office marks a row answered (and back), which stops it counting as new. */
  answerable?: true;
};

const formRowFacts = { sorts: ['newest', 'oldest'], marksReadOnOpen: true } as const;

/** Every collection the dashboard shows, in the order of its navigation. */
export const adminCollections = {
  'booking-requests': {
    label: 'Booking requests',
    noun: 'booking request',
    filters: ['status', 'property', 'arriving', 'messages'],
    sorts: ['newest', 'oldest', 'arrival'],
    marksReadOnOpen: false,
  },
  'career-applications': {
    label: 'Career applications',
    noun: 'career application',
    filters: ['position'],
    answerable: true,
    ...formRowFacts,
  },
  'contact-messages': {
    label: 'Contact messages',
    noun: 'contact message',
    filters: [],
    answerable: true,
    ...formRowFacts,
  },
  'partner-enquiries': {
    label: 'Partner enquiries',
    noun: 'partner enquiry',
    filters: [],
    answerable: true,
    ...formRowFacts,
  },
  'buyer-enquiries': {
    label: 'Buyers’ enquiries',
    noun: 'buyer’s enquiry',
    filters: ['stage', 'property'],
    ...formRowFacts,
  },
} as const satisfies Record<AdminCollectionName, AdminCollectionFacts>;

/** `GET /api/admin/summary`: the new, trashed and latest counts of every collection. */
export const summaryAnswerSchema = z.object({
  collections: z.array(
    z.object({
      name: adminCollectionNameSchema,
      label: z.string(),
      new: z.number(),
      /**
       * Rows waiting for the office: the new ones and those their domain says wait (a booking whose
       * guest wrote what the office has not read), each counted once. The navigation's badge.
       */
      waiting: z.number(),
      trash: z.number(),
      /** When the newest row in use arrived; null while there is none. */
      latestAt: z.string().nullable(),
    }),
  ),
});
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;
