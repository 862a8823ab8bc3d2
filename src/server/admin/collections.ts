import {
  type AdminCollectionFacts,
  type AdminCollectionName,
  adminCollectionNames,
  adminCollections,
} from '../../features/admin/collection-contract.ts';
import type { EmailDelivery } from '../../features/admin/email-delivery-contract.ts';
import type { MessageFilter } from '../../features/booking/booking-message-contract.ts';
import { bookingRequestsInbox } from '../booking/booking-collection.ts';
import { buyerEnquiriesInbox } from '../buyer-enquiries/buyer-enquiry-collection.ts';
import type { Transaction } from '../db/database.ts';
import { isoTimestamp, officeTime } from '../db/sql-format.ts';
import type { Refusal } from '../refusal.ts';

/**
 * What the server adds to each collection of the admin contract: which table holds it, what its search
 * covers, when a row is new, and which columns its list, detail and CSV export carry. The repository
 * builds every query from this, so a collection cannot offer a filter its SQL does not know. A domain
 * with a folder of its own describes its table there and hands the inbox what only it knows (booking
 * requests: `booking/booking-collection.ts`); the inbox itself names no domain.
 *
 * Every SQL fragment here is a constant written by us, never text from a request.
 */

/**
 * A status change its domain has read and checked, made in the admin's transaction: answers the ids of
 * the emails it queued, to send once that commits, or undefined when there is no such row.
 */
export type StatusMove = (tx: Transaction, id: string) => Promise<string[] | undefined>;

/** Output field name → SQL expression over the table's columns. */
type Columns = Record<string, string>;

export type CollectionTables = {
  table: string;
  /**
   * The text `q` searches, written exactly as the trigram index of migration 20261122000700 is: the
   * planner uses the index only for an identical expression.
   */
  searchText: string;
  /**
   * A reference people quote (`KV-2027-0042`): a search word the domain reads as one finds the row with
   * exactly that reference, in any case, through the column's unique index; any other word also
   * matches part of a reference ("0016"), through the column's trigram index.
   */
  references?: { column: string; read: (word: string) => string | null };
  /** When a row counts as new to the office. */
  isNew: string;
  /**
   * A `select` of the ids of rows that wait for the office though not new (a booking whose guest wrote
   * what nobody read): with the new ones, the navigation's badge. Absent, only new rows wait.
   */
  waitingIds?: string;
  /** The SQL condition of each `messages` filter, for a collection that offers it. */
  messageFilters?: Record<MessageFilter, string>;
  listColumns: Columns;
  detailColumns: Columns;
  /** CSV header → SQL giving the cell's text. */
  csvColumns: Columns;
  /** The CSV header whose cells hold a property's slug, which the export writes as the property's name. */
  csvPropertyHeader?: string;
  /** Whether rows hold a property's slug (`property`), shown with the property's name beside it. */
  namesProperties?: boolean;
  /** The emails sent about a row, for its detail, in the admin's transaction. */
  listEmails?: (tx: Transaction, id: string) => Promise<EmailDelivery[]>;
  /**
   * Reads the body of a status change in the domain's words (refusing, as a 400, a status it does not
   * offer) into the move that makes it. A collection without it has no status to change.
   */
  readStatusMove?: (body: unknown) => StatusMove;
  /**
   * Why the database refused to bring a row back from the trash, in the domain's words; undefined
   * when the error is not one of the domain's rules.
   */
  explainRestoreRefusal?: (tx: Transaction, id: string, error: unknown) => Promise<Refusal | undefined>;
};

export type Collection = { name: AdminCollectionName } & AdminCollectionFacts & CollectionTables;

const commonColumns: Columns = {
  id: 'id',
  createdAt: isoTimestamp('created_at'),
  deletedAt: isoTimestamp('deleted_at'),
};

// A form row waits for the office until it is opened or marked answered (migration 20261130001110).
const awaitsOffice = 'read_at is null and answered_at is null';

const formRowColumns: Columns = {
  ...commonColumns,
  isNew: awaitsOffice,
  readAt: isoTimestamp('read_at'),
  answeredAt: isoTimestamp('answered_at'),
  answeredByEmail: 'answered_by_email',
  name: 'name',
  email: 'email',
  phone: 'phone',
};

const messageSearchText = `(name || ' ' || email || ' ' || phone || ' ' || message)`;
const messagePreview = 'left(message, 200)';

const careerApplications: CollectionTables = {
  table: 'career_applications',
  searchText: `(name || ' ' || email || ' ' || phone || ' ' || qualification || ' ' || position || ' ' || coalesce(cover_note, ''))`,
  isNew: awaitsOffice,
  listColumns: { ...formRowColumns, position: 'position', qualification: 'qualification' },
  detailColumns: {
    ...formRowColumns,
    position: 'position',
    qualification: 'qualification',
    coverNote: 'cover_note',
  },
  csvColumns: {
    'Received (IST)': officeTime('created_at'),
    Position: 'position',
    Name: 'name',
    Email: 'email',
    Phone: 'phone',
    Qualification: 'qualification',
    'Cover note': 'cover_note',
    'Read (IST)': officeTime('read_at'),
    'Deleted (IST)': officeTime('deleted_at'),
  },
};

const messageCsvColumns: Columns = {
  'Received (IST)': officeTime('created_at'),
  Name: 'name',
  Email: 'email',
  Phone: 'phone',
  Message: 'message',
  'Read (IST)': officeTime('read_at'),
  'Deleted (IST)': officeTime('deleted_at'),
};

const contactMessages: CollectionTables = {
  table: 'contact_messages',
  searchText: messageSearchText,
  isNew: awaitsOffice,
  listColumns: { ...formRowColumns, preview: messagePreview },
  detailColumns: { ...formRowColumns, message: 'message' },
  csvColumns: messageCsvColumns,
};

const partnerEnquiries: CollectionTables = { ...contactMessages, table: 'partner_enquiries' };

const tableFacts: Record<AdminCollectionName, CollectionTables> = {
  'booking-requests': bookingRequestsInbox,
  'career-applications': careerApplications,
  'contact-messages': contactMessages,
  'partner-enquiries': partnerEnquiries,
  'buyer-enquiries': buyerEnquiriesInbox,
};

/** Every collection, in the contract's order: its shared facts with the server's own. */
export const collections: readonly Collection[] = adminCollectionNames.map((name) => ({
  name,
  ...adminCollections[name],
  ...tableFacts[name],
}));

/** The collection a URL names, or undefined for any other text. */
export function findCollection(name: string | undefined): Collection | undefined {
  return collections.find((collection) => collection.name === name);
}

/** The `select` list for a set of columns, each aliased to its output name. */
export function selectList(columns: Columns): string {
  return Object.entries(columns)
    .map(([name, expression]) => `${expression} as "${name}"`)
    .join(', ');
}
