import { isIsoDate, officeTimeZone } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import {
  type BookingStatus,
  type BookingStatusChange,
  listStatusMoves,
} from '../booking/booking-contract.ts';
import type { AdminCollectionName, AdminRow, HistoryEntry } from './admin-contract.ts';

/**
 * How the dashboard shows the API's rows: which columns each table has, what a field is called, and
 * every value as plain text. Values are only ever returned as strings for React to render as text.
 */

export type { AdminRow, HistoryEntry };

export type StatusChange = BookingStatusChange;

/** Names for the properties and positions the content files define, slug → name. */
export type Names = Record<string, string>;

export type Column = { key: string; header: string; format: (row: AdminRow, names: Lookups) => string };
export type Lookups = { properties: Names; positions: Names };

const officeTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: officeTimeZone,
});

const calendarDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A timestamp as the office in Kerala reads it: "3 Mar 2027, 14:05 IST". */
export function formatOfficeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${officeTime.format(date)} IST`;
}

/** A `YYYY-MM-DD` day as "14 Mar 2027", read in UTC so no time zone moves it. */
export function formatDay(day: string): string {
  return isIsoDate(day) ? calendarDay.format(new Date(`${day}T00:00:00Z`)) : day;
}

const statusLabels: Record<BookingStatus, string> = {
  new: 'New',
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
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

const timestampFields = new Set(['createdAt', 'deletedAt', 'readAt', 'statusChangedAt']);
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
  isNew: 'New',
  status: 'Status',
  statusChangedAt: 'Status changed',
  userId: 'Guest account',
  property: 'Property',
  propertyName: 'Property name',
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
};

/** A field's name for people; an unknown field's own name, split at its capitals. */
export function labelField(key: string): string {
  return fieldLabels[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
}

/** Any field's value as text: dates and money in the office's words, an empty value as "None". */
export function formatField(key: string, value: unknown, lookups?: Lookups): string {
  if (value === null || value === undefined || value === '') return 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && penceFields.has(key) && Number.isSafeInteger(value)) {
    return formatPence(value);
  }
  const text = String(value);
  if (timestampFields.has(key)) return formatOfficeTime(text);
  if (dayFields.has(key)) return formatDay(text);
  if (key === 'status') return describeStatus(text);
  if (key === 'position') return lookups?.positions[text] ?? text;
  return text;
}

/** The fields a detail shows, in the API's order; `isNew` is shown by the table already. */
export function listDetailFields(item: AdminRow): [string, unknown][] {
  return Object.entries(item).filter(([key]) => key !== 'isNew');
}

const field =
  (key: string) =>
  (row: AdminRow, lookups: Lookups): string =>
    formatField(key, row[key], lookups);

const received: Column = { key: 'createdAt', header: 'Received', format: field('createdAt') };
const contactColumns: Column[] = [
  { key: 'email', header: 'Email', format: field('email') },
  { key: 'phone', header: 'Phone', format: field('phone') },
];

/** The columns of each table besides Name (the button that opens a row) and the row's actions. */
export const tableColumns: Record<AdminCollectionName, Column[]> = {
  'booking-requests': [
    { key: 'reference', header: 'Reference', format: field('reference') },
    {
      key: 'property',
      header: 'Property',
      format: (row) => String(row.propertyName ?? row.property ?? ''),
    },
    {
      key: 'stay',
      header: 'Stay',
      format: (row) =>
        `${formatDay(String(row.arrival))} to ${formatDay(String(row.departure))} (${row.nights} nights)`,
    },
    { key: 'guests', header: 'Guests', format: field('guests') },
    { key: 'status', header: 'Status', format: field('status') },
    { key: 'totalPence', header: 'Total', format: field('totalPence') },
    received,
  ],
  'career-applications': [
    { key: 'position', header: 'Position', format: field('position') },
    { key: 'qualification', header: 'Qualification', format: field('qualification') },
    ...contactColumns,
    received,
  ],
  'contact-messages': [
    ...contactColumns,
    { key: 'preview', header: 'Message', format: field('preview') },
    received,
  ],
  'partner-enquiries': [
    ...contactColumns,
    { key: 'preview', header: 'Message', format: field('preview') },
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
};

/** A payment entry as the audit log kept it: "£175 deposit by card, received 24 Nov 2026". */
function describePaymentDetails(details: HistoryEntry['details']): string {
  const amount = details?.amountPence;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return '';
  const kind = typeof details?.kind === 'string' ? ` ${details.kind}` : '';
  const method = typeof details?.method === 'string' ? ` by ${details.method.replaceAll('_', ' ')}` : '';
  const day = typeof details?.receivedOn === 'string' ? `, received ${formatDay(details.receivedOn)}` : '';
  return `: ${formatPence(amount)}${kind}${method}${day}`;
}

/** One audit-log line in words: "Status changed from New to Confirmed by office@example.com". */
export function describeHistoryEntry(entry: HistoryEntry): string {
  const who = entry.actorEmail ? ` by ${entry.actorEmail}` : '';
  if (entry.action === 'status_changed') {
    return `Status changed from ${describeStatus(entry.oldStatus)} to ${describeStatus(entry.newStatus)}${who}`;
  }
  const what = entry.action.startsWith('payment_') ? describePaymentDetails(entry.details) : '';
  return `${historyActions[entry.action] ?? entry.action}${what}${who}`;
}
