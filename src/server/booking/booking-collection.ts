import { bookingStatusChangeSchema, readBookingReference } from '../../features/booking/booking-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp, officeTime, pounds } from '../db/sql-format.ts';
import { listEmailsAbout } from '../email/email-history.ts';
import { validate } from '../http/validate.ts';
import { bookingRequestsTable } from './booking-sql.ts';
import {
  messageFilterSql,
  unreadByOfficeSql,
  unreadGuestMessagesBookingsSql,
} from './request-extras-repository.ts';
import { changeBookingStatus, explainRestoreRefusal } from './status-service.ts';

/**
 * Booking requests as the office's inbox shows them (`admin/collections.ts` holds the other
 * collections and the shape this fills): what a search covers, when a request is new, the columns of
 * its list, detail and CSV, and what only a booking does there (its emails, its status, the refusal
 * of a restore). The inbox calls these; it knows nothing of bookings itself.
 */

const receivedSql = `coalesce((select sum(payment.amount_pence) from public.payments payment
  where payment.booking_request_id = booking_requests.id and payment.booking_service_id is null), 0)`;
// The stay's own, as received: a refund of a service paid on its own is the service's.
const refundedSql = `coalesce((select sum(refund.amount_pence) from public.payment_refunds refund
  where refund.booking_request_id = booking_requests.id and refund.status = 'refunded'
    and not exists (select 1 from public.payments payment
                    where payment.id = refund.payment_id and payment.booking_service_id is not null)), 0)`;

// The guest's messages the office has not read; null when none, so the screens say nothing then.
const unreadMessagesSql = `nullif(${unreadByOfficeSql('booking_requests.id')}, 0)`;

const commonColumns = {
  id: 'id',
  createdAt: isoTimestamp('created_at'),
  deletedAt: isoTimestamp('deleted_at'),
};

export const bookingRequestsInbox = {
  table: bookingRequestsTable,
  searchText: `(name || ' ' || email || ' ' || phone || ' ' || city || ' ' || property || ' ' || coalesce(message, ''))`,
  references: { column: 'reference', read: readBookingReference },
  isNew: `status = 'new'`,
  // A booking whose guest wrote what the office has not read waits for the office too.
  waitingIds: unreadGuestMessagesBookingsSql,
  messageFilters: messageFilterSql('booking_requests.id'),
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
    unreadMessages: unreadMessagesSql,
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
    unreadMessages: unreadMessagesSql,
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
    // What came in, what went back, and what is still owed of the total (refunds do not make it owed again).
    'Received (GBP)': pounds(receivedSql),
    'Refunded (GBP)': pounds(refundedSql),
    'Outstanding (GBP)': pounds(`greatest(total_pence - ${receivedSql}, 0)`),
    'Status changed (IST)': officeTime('status_changed_at'),
    'Deleted (IST)': officeTime('deleted_at'),
  },
  csvPropertyHeader: 'Property',
  namesProperties: true,
  listEmails: listEmailsAbout,
  // The office's status change, read in the booking's words and made by its status service.
  readStatusMove: (body: unknown) => {
    const { status } = validate(bookingStatusChangeSchema, body);
    return (tx: Transaction, id: string) => changeBookingStatus(tx, id, status);
  },
  explainRestoreRefusal,
};
