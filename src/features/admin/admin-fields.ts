import { formatKeralaTime, isIsoDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import {
  type BookingStatus,
  type BookingStatusChange,
  listStatusMoves,
} from '../booking/booking-contract.ts';
import { type SalesStage, salesStageLabels } from '../buyer-enquiry/sales-stage-contract.ts';
import type { HistoryEntry } from './audit-log-contract.ts';
import type { AdminCollectionName } from './collection-contract.ts';
import type { AdminRow } from './item-contract.ts';

/**
 * How the dashboard shows the API's rows: which columns each table has, what a field is called, and
 * every value as plain text. Values are only ever returned as strings for React to render as text.
 */

export type { AdminRow, HistoryEntry };

export type StatusChange = BookingStatusChange;

/** Names for the properties and positions the content files define, slug → name. */
export type Names = Record<string, string>;

export type Column = {
  key: string;
  header: string;
  format: (row: AdminRow, names: Lookups) => string;
  /** A value read as one piece (money, a date, a reference): it never wraps inside itself. */
  whole?: boolean;
  /** Text of a few words (a stay, a property, a message): a column too narrow for it would stack them one a line. */
  wide?: boolean;
  /** The row's own name (a reference people quote): a button that opens the row, as its name does. */
  opens?: boolean;
};
export type Lookups = { properties: Names; positions: Names };

const calendarDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A timestamp as the office in Kerala reads it: "3 Mar 2027, 14:05 IST", as a guest reads one too. */
export const formatOfficeTime = formatKeralaTime;

/** A `YYYY-MM-DD` day as "14 Mar 2027", read in UTC so no time zone moves it. */
export function formatDay(day: string): string {
  return isIsoDate(day) ? calendarDay.format(new Date(`${day}T00:00:00Z`)) : day;
}

const statusLabels: Record<BookingStatus, string> = {
  new: 'New',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn by the guest',
  held: 'Held for payment',
  expired: 'Hold expired unpaid',
};

export function describeStatus(status: unknown): string {
  return statusLabels[status as BookingStatus] ?? String(status ?? '');
}

/**
 * The status changes a booking request allows, from the contract the database trigger is held equal
 * to: the server decides; this only chooses which buttons to show. None in the trash.
 */
export function listStatusChanges(status: unknown, inTrash: boolean): StatusChange[] {
  return inTrash ? [] : [...listStatusMoves(status)];
}

export const statusChangeLabels: Record<StatusChange, string> = {
  confirmed: 'Confirm booking',
  declined: 'Decline booking',
  cancelled: 'Cancel booking',
};

const timestampFields = new Set([
  'createdAt',
  'deletedAt',
  'readAt',
  'answeredAt',
  'statusChangedAt',
  'viewingSlot',
]);
const dayFields = new Set(['arrival', 'departure', 'balanceDueDate']);
const penceFields = new Set([
  'weeklyRatePence',
  'subtotalPence',
  'discountPence',
  'totalPence',
  'depositPence',
  'balancePence',
]);

const fieldLabels: Record<string, string> = {
  reference: 'Reference',
  id: 'Record id',
  createdAt: 'Received',
  deletedAt: 'Moved to Trash',
  readAt: 'First opened',
  answeredAt: 'Answered',
  answeredByEmail: 'Answered by',
  isNew: 'New',
  status: 'Status',
  statusChangedAt: 'Status changed',
  userId: 'Guest account',
  property: 'Property',
  propertyName: 'Property',
  arrival: 'Arrival',
  departure: 'Departure',
  nights: 'Nights',
  guests: 'Guests',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  city: 'City',
  message: 'Message',
  preview: 'Message',
  position: 'Position',
  qualification: 'Qualification',
  coverNote: 'Cover note',
  weeklyRatePence: 'Weekly rate',
  subtotalPence: 'Subtotal',
  discountPence: 'Discount',
  totalPence: 'Total',
  depositPence: 'Deposit',
  balancePence: 'Balance',
  balanceDueDate: 'Balance due',
  unreadMessages: 'New messages from the guest',
  viewingSlot: 'Viewing asked for (India time)',
};

/** A field's name for people; an unknown field's own name, split at its capitals. */
export function labelField(key: string): string {
  return fieldLabels[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
}

/** What a table shows for a field with no value: a dash, never a word a reader could take as data. */
export const noValue = '—';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Any field's value as text: dates and money in the office's words, an empty value as a dash. */
export function formatField(key: string, value: unknown, lookups?: Lookups): string {
  if (isEmpty(value)) return noValue;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && penceFields.has(key) && Number.isSafeInteger(value)) {
    return formatPence(value);
  }
  const text = String(value);
  if (timestampFields.has(key)) return formatOfficeTime(text);
  if (dayFields.has(key)) return formatDay(text);
  if (key === 'status') return describeStatus(text);
  if (key === 'position') return lookups?.positions[text] ?? text;
  if (key === 'property') return lookups?.properties[text] ?? text;
  return text;
}

// Ids are for programs; the table already says whether a row is new; a property shows by its name.
const hiddenDetailFields = new Set(['id', 'userId', 'isNew', 'propertyName']);

/**
 * The fields a detail shows, in the API's order: those with a value, without ids, and a property by its
 * name (the API's `propertyName`, else the filters' names, else the slug as a last resort).
 */
export function listDetailFields(item: AdminRow, lookups?: Lookups): [string, unknown][] {
  return Object.entries(item)
    .filter(([key, value]) => !hiddenDetailFields.has(key) && !isEmpty(value))
    .map(([key, value]): [string, unknown] =>
      key === 'property'
        ? [key, item.propertyName ?? lookups?.properties[String(value)] ?? value]
        : [key, value],
    );
}

const field =
  (key: string) =>
  (row: AdminRow, lookups: Lookups): string =>
    formatField(key, row[key], lookups);

/** A booking's status, and the guest's messages the office has not read: "Confirmed, 2 new messages". */
function describeStatusAndUnread(row: AdminRow): string {
  const status = formatField('status', row.status);
  const unread = row.unreadMessages;
  if (typeof unread !== 'number' || unread < 1) return status;
  return `${status}, ${unread} new ${unread === 1 ? 'message' : 'messages'}`;
}

const received: Column = { key: 'createdAt', header: 'Received', format: field('createdAt'), whole: true };
const contactColumns: Column[] = [
  { key: 'email', header: 'Email', format: field('email'), wide: true },
  { key: 'phone', header: 'Phone', format: field('phone'), whole: true },
];

/** The columns of each table besides Name (the button that opens a row) and the row's actions. */
export const tableColumns: Record<AdminCollectionName, Column[]> = {
  'booking-requests': [
    { key: 'reference', header: 'Reference', format: field('reference'), whole: true, opens: true },
    {
      key: 'property',
      header: 'Property',
      format: (row, lookups) => String(row.propertyName ?? formatField('property', row.property, lookups)),
      wide: true,
    },
    {
      key: 'stay',
      header: 'Stay',
      format: (row) =>
        `${formatDay(String(row.arrival))} to ${formatDay(String(row.departure))} (${row.nights} ${row.nights === 1 ? 'night' : 'nights'})`,
      wide: true,
    },
    { key: 'guests', header: 'Guests', format: field('guests') },
    // Not whole: a status with its new messages may wrap after the comma at narrow widths.
    { key: 'status', header: 'Status', format: describeStatusAndUnread },
    { key: 'totalPence', header: 'Total', format: field('totalPence'), whole: true },
    received,
  ],
  'career-applications': [
    { key: 'position', header: 'Position', format: field('position') },
    { key: 'qualification', header: 'Qualification', format: field('qualification'), wide: true },
    ...contactColumns,
    received,
  ],
  'contact-messages': [
    ...contactColumns,
    { key: 'preview', header: 'Message', format: field('preview'), wide: true },
    received,
  ],
  'partner-enquiries': [
    ...contactColumns,
    { key: 'preview', header: 'Message', format: field('preview'), wide: true },
    received,
  ],
  'buyer-enquiries': [
    { key: 'reference', header: 'Reference', format: field('reference'), whole: true },
    { key: 'property', header: 'Home', format: field('property'), wide: true },
    {
      key: 'stage',
      header: 'Stage',
      format: (row) => salesStageLabels[row.stage as SalesStage] ?? String(row.stage ?? ''),
      whole: true,
    },
    { key: 'country', header: 'Country', format: field('country') },
    ...contactColumns,
    received,
  ],
};

const historyActions: Record<string, string> = {
  deleted: 'Moved to Trash',
  restored: 'Restored from Trash',
  purged: 'Removed for good',
  payment_recorded: 'Payment recorded',
  payment_deleted: 'Payment entry removed',
  note_added: 'Note added',
  refund_requested: 'Refund asked for',
  refund_settled: 'Refund settled',
  sale_status_written: 'Sale status written to the content',
  sale_status_write_failed: 'Sale status could not be written to the content',
};

/**
 * A home's sale status as the audit log kept its write: ": kovalam-cliff-villa, available → sold
 * (commit 1a2b3c4)", or a write that failed: ": kovalam-cliff-villa to sold, nothing changed (503: …)".
 */
function describeSaleStatusDetails(details: HistoryEntry['details']): string {
  const { property, from, to, revision, failure } = details ?? {};
  if (typeof property === 'string' && typeof to === 'string' && typeof failure === 'string') {
    return `: ${property} to ${to}, nothing changed (${failure})`;
  }
  if (typeof property !== 'string' || typeof from !== 'string' || typeof to !== 'string') return '';
  return `: ${property}, ${from} → ${to}${typeof revision === 'string' ? ` (commit ${revision.slice(0, 7)})` : ''}`;
}

/** A refund as the audit log kept it: ": £331.25, refunded through stand-in (re_…)". */
function describeRefundDetails(details: HistoryEntry['details']): string {
  const amount = details?.amountPence;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return '';
  const status = typeof details?.status === 'string' ? `, ${details.status}` : '';
  const through = typeof details?.provider === 'string' ? ` through ${details.provider}` : '';
  const id = typeof details?.providerRefundId === 'string' ? ` (${details.providerRefundId})` : '';
  const problem = typeof details?.problem === 'string' ? `: ${details.problem}` : '';
  return `: ${formatPence(amount)}${status}${through}${id}${problem}`;
}

/** A payment entry as the audit log kept it: "£175 deposit by card, received 24 Nov 2026". */
function describePaymentDetails(details: HistoryEntry['details']): string {
  const amount = details?.amountPence;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return '';
  const kind = typeof details?.kind === 'string' ? ` ${details.kind}` : '';
  const method = typeof details?.method === 'string' ? ` by ${details.method.replaceAll('_', ' ')}` : '';
  const day = typeof details?.receivedOn === 'string' ? `, received ${formatDay(details.receivedOn)}` : '';
  // Only a removed entry's record keeps its note: once the payment is gone, nothing else shows it.
  const note = typeof details?.note === 'string' ? ` (note: ${details.note})` : '';
  const receipt = typeof details?.receiptNumber === 'string' ? `, receipt ${details.receiptNumber}` : '';
  return `: ${formatPence(amount)}${kind}${method}${day}${receipt}${note}`;
}

/** One audit-log line in words: "Status changed from New to Confirmed by office@example.com". */
export function describeHistoryEntry(entry: HistoryEntry): string {
  const who = entry.actorEmail ? ` by ${entry.actorEmail}` : '';
  if (entry.action === 'status_changed') {
    return `Status changed from ${describeStatus(entry.oldStatus)} to ${describeStatus(entry.newStatus)}${who}`;
  }
  const what = entry.action.startsWith('payment_')
    ? describePaymentDetails(entry.details)
    : entry.action.startsWith('refund_')
      ? describeRefundDetails(entry.details)
      : entry.action.startsWith('sale_status_')
        ? describeSaleStatusDetails(entry.details)
        : '';
  return `${historyActions[entry.action] ?? entry.action}${what}${who}`;
}
