import {
  type AdminCollectionFacts,
  type AdminCollectionName,
  adminCollectionNames,
  adminCollections,
} from '../../features/admin/admin-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';

/**
 * What the server adds to each collection of the admin contract: which table holds it, what its search
 * covers, when a row is new, and which columns its list, detail and CSV export carry. The repository
 * builds every query from this, so a collection cannot offer a filter its SQL does not know.
 *
 * Every SQL fragment here is a constant written by us, never text from a request.
 */

/** Output field name → SQL expression over the table's columns. */
type Columns = Record<string, string>;

type CollectionTables = {
  table: 'booking_requests' | 'career_applications' | 'contact_messages' | 'partner_enquiries';
  /**
   * The text `q` searches, written exactly as the trigram index of migration 20261122000700 is: the
   * planner uses the index only for an identical expression.
   */
  searchText: string;
  /**
   * The column of a reference people quote (`KV-2027-0042`): a search word that is one finds the row
   * with exactly that reference, in any case, through the column's unique index.
   */
  referenceColumn?: string;
  /** When a row counts as new to the office (the dashboard's badge). */
  isNew: string;
  listColumns: Columns;
  detailColumns: Columns;
  /** CSV header → SQL giving the cell's text. */
  csvColumns: Columns;
  /** The CSV header whose cells hold a property's slug, which the export writes as the property's name. */
  csvPropertyHeader?: string;
};

export type Collection = { name: AdminCollectionName } & AdminCollectionFacts & CollectionTables;

/** A timestamp as ISO 8601 in UTC with milliseconds, the way `Date.toJSON` writes one. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A calendar date as `YYYY-MM-DD`: pg would make a JS Date at local midnight, which can shift it. */
export const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
// The office is in Kerala: a CSV opened there should show its own clock, not UTC.
const officeTime = (column: string) =>
  `to_char(${column} at time zone '${officeTimeZone}', 'YYYY-MM-DD HH24:MI')`;
const pounds = (column: string) => `to_char(${column} / 100.0, 'FM999999990.00')`;

const commonColumns: Columns = {
  id: 'id',
  createdAt: isoTimestamp('created_at'),
  deletedAt: isoTimestamp('deleted_at'),
};

const formRowColumns: Columns = {
  ...commonColumns,
  isNew: 'read_at is null',
  readAt: isoTimestamp('read_at'),
  name: 'name',
  email: 'email',
  phone: 'phone',
};

const messageSearchText = `(name || ' ' || email || ' ' || phone || ' ' || message)`;
const messagePreview = 'left(message, 200)';

const bookingRequests: CollectionTables = {
  table: 'booking_requests',
  searchText: `(name || ' ' || email || ' ' || phone || ' ' || city || ' ' || property || ' ' || coalesce(message, ''))`,
  referenceColumn: 'reference',
  isNew: `status = 'new'`,
  listColumns: {
    ...commonColumns,
    reference: 'reference',
    isNew: `status = 'new'`,
    status: 'status',
    statusChangedAt: isoTimestamp('status_changed_at'),
    property: 'property',
    arrival: isoDate('arrival'),
    departure: isoDate('departure'),
    nights: 'nights',
    guests: 'guests',
    name: 'name',
    email: 'email',
    phone: 'phone',
    city: 'city',
    totalPence: 'total_pence',
  },
  detailColumns: {
    reference: 'reference',
    ...commonColumns,
    isNew: `status = 'new'`,
    status: 'status',
    statusChangedAt: isoTimestamp('status_changed_at'),
    userId: 'user_id',
    property: 'property',
    arrival: isoDate('arrival'),
    departure: isoDate('departure'),
    nights: 'nights',
    guests: 'guests',
    name: 'name',
    email: 'email',
    phone: 'phone',
    city: 'city',
    message: 'message',
    weeklyRatePence: 'weekly_rate_pence',
    subtotalPence: 'subtotal_pence',
    discountPence: 'discount_pence',
    totalPence: 'total_pence',
    depositPence: 'deposit_pence',
    balancePence: 'balance_pence',
    balanceDueDate: isoDate('balance_due_date'),
  },
  csvColumns: {
    Reference: 'reference',
    'Received (IST)': officeTime('created_at'),
    // The words the dashboard shows: "Confirmed", not the database's "confirmed".
    Status: 'initcap(status)',
    Property: 'property',
    Arrival: isoDate('arrival'),
    Departure: isoDate('departure'),
    Nights: 'nights',
    Guests: 'guests',
    Name: 'name',
    Email: 'email',
    Phone: 'phone',
    City: 'city',
    Message: 'message',
    'Total (GBP)': pounds('total_pence'),
    'Deposit (GBP)': pounds('deposit_pence'),
    'Balance (GBP)': pounds('balance_pence'),
    'Balance due': isoDate('balance_due_date'),
    'Status changed (IST)': officeTime('status_changed_at'),
    'Deleted (IST)': officeTime('deleted_at'),
  },
  csvPropertyHeader: 'Property',
};

const careerApplications: CollectionTables = {
  table: 'career_applications',
  searchText: `(name || ' ' || email || ' ' || phone || ' ' || qualification || ' ' || position || ' ' || coalesce(cover_note, ''))`,
  isNew: 'read_at is null',
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
  isNew: 'read_at is null',
  listColumns: { ...formRowColumns, preview: messagePreview },
  detailColumns: { ...formRowColumns, message: 'message' },
  csvColumns: messageCsvColumns,
};

const partnerEnquiries: CollectionTables = { ...contactMessages, table: 'partner_enquiries' };

const tableFacts: Record<AdminCollectionName, CollectionTables> = {
  'booking-requests': bookingRequests,
  'career-applications': careerApplications,
  'contact-messages': contactMessages,
  'partner-enquiries': partnerEnquiries,
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
