import { isoDate } from '../db/sql-format.ts';

/**
 * The SQL fragments every read of booking requests shares: the table's name, what a confirmed and a
 * taken stay are, what a booking received and refunded, the day it was confirmed. The booking's
 * repositories (`*-repository.ts` here) read and write the table, each for one kind of reader; other
 * folders reach a booking through `joinBookingRequest` (payments, below booking, through its own
 * tables' foreign keys). Every query runs in the caller's transaction, so RLS decides as well.
 * Dates leave the database as `YYYY-MM-DD` text, never as JS Dates.
 */

/** The table's name, for the office's inbox, which builds its generic queries (lists, trash, counts) from it. */
export const bookingRequestsTable = 'booking_requests';

/**
 * The stays that hold their nights: confirmed and not in the trash, the rows the exclusion constraint
 * of migration 20261122000400 keeps apart. Every query of taken nights starts from this one subquery,
 * so its condition stays the constraint's own and the constraint's GiST index answers them.
 */
export const confirmedStays = `(select * from public.booking_requests where status = 'confirmed' and deleted_at is null)`;

/**
 * An instant booking's hold whose time has not run out: a hold past `held_until` holds no night. Of the
 * booking aliased `alias`, or of the one table a query reads.
 */
export const runningHold = (alias?: string) => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${column('status')} = 'held' and ${column('held_until')} > now())`;
};

/**
 * The stays whose nights nobody else may have now: the confirmed ones, and instant book's holds until
 * their `held_until` (migration 20261201000500). A hold past it is free whether or not the job has
 * released it yet, so the calendar, the search and the overlap checks agree with the clock.
 */
export const takenStays = `(select * from public.booking_requests
  where deleted_at is null and (status = 'confirmed' or ${runningHold()}))`;

/** The sum refunded (back with the guest) of the booking aliased `request`, as an integer. */
export const refundedPence = `coalesce((select sum(amount_pence) from public.payment_refunds
  where booking_request_id = request.id and status = 'refunded'), 0)::integer`;

/**
 * The sum received for the stay of the booking aliased `request`, as an integer: its services' payments
 * are their own (paid whole, apart from the stay's deposit and balance), so they are left out.
 */
export const receivedPence = `coalesce((select sum(amount_pence) from public.payments
  where booking_request_id = request.id and booking_service_id is null), 0)::integer`;

// The Kerala day of the confirmation; the status trigger stamps status_changed_at as it happens.
export const confirmedOn = (table: string) =>
  `case when ${table}.status = 'confirmed'
     then ${isoDate(`(${table}.status_changed_at at time zone 'Asia/Kolkata')::date`)} end`;

/**
 * Joins each row of another table to its booking as `request`, for a query that reads the booking's
 * reference beside its own rows (payment sessions); a row whose booking the caller may not see drops out.
 */
export const joinBookingRequest = (bookingIdColumn: string) =>
  `join public.booking_requests request on request.id = ${bookingIdColumn}`;
