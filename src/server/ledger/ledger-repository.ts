import type { BookingNote, Payment, PaymentInput } from '../../features/admin/ledger-contract.ts';
import type { LedgerTerms } from '../../lib/ledger.ts';
import type { Transaction } from '../db/database.ts';

/** The SQL of the payments ledger and the booking notes. Dates leave as `YYYY-MM-DD` text. */

const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A booking's money facts, as `summariseLedger` reads them, with what has been received. */
export type BookingMoney = LedgerTerms & {
  id: string;
  reference: string;
  status: string;
  deleted: boolean;
  property: string;
  name: string;
  arrival: string;
  receivedPence: number;
};

// The Kerala day of the confirmation; the status trigger stamps status_changed_at as it happens.
const moneyColumns = `request.id, request.reference, request.status, request.deleted_at is not null as deleted,
  request.property, request.name, ${isoDate('request.arrival')} as arrival,
  request.total_pence as "totalPence", request.deposit_pence as "depositPence",
  ${isoDate('request.balance_due_date')} as "balanceDueDate",
  case when request.status = 'confirmed'
    then ${isoDate("(request.status_changed_at at time zone 'Asia/Kolkata')::date")} end as "confirmedOn",
  coalesce((select sum(amount_pence) from public.payments where booking_request_id = request.id), 0)::integer
    as "receivedPence"`;

/** A booking's money, read as the caller (RLS decides); undefined when they cannot see it. */
export async function selectBookingMoney(tx: Transaction, id: string): Promise<BookingMoney | undefined> {
  const [row] = await tx.query<BookingMoney>(
    `select ${moneyColumns} from public.booking_requests request where request.id = $1`,
    [id],
  );
  return row;
}

/** A booking's entries in full (note and author), oldest first; through the admins-only view. */
export async function selectPayments(tx: Transaction, bookingId: string): Promise<Payment[]> {
  return tx.query<Payment>(
    `select id, kind, amount_pence as "amountPence", ${isoDate('received_on')} as "receivedOn", method, note,
            recorded_by_email as "recordedByEmail", ${isoTimestamp('created_at')} as "createdAt"
     from dashboard.payments where booking_request_id = $1
     order by received_on, created_at, id`,
    [bookingId],
  );
}

/**
 * Records a payment in the admin's name (RLS checks `recorded_by` is the caller). What the database
 * refuses is answered by name instead of thrown: the booking not confirmed, or the total passed. Runs
 * in a savepoint, so the transaction can still read what the refusal is about.
 */
export async function insertPayment(
  tx: Transaction,
  bookingId: string,
  payment: PaymentInput,
  admin: { id: string; email: string },
): Promise<'recorded' | 'not_confirmed' | 'over_total'> {
  await tx.query('savepoint record_payment');
  try {
    await tx.query(
      `insert into public.payments
         (booking_request_id, kind, amount_pence, received_on, method, note, recorded_by, recorded_by_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        bookingId,
        payment.kind,
        payment.amount,
        payment.receivedOn,
        payment.method,
        payment.note ?? null,
        admin.id,
        admin.email || null,
      ],
    );
    await tx.query('release savepoint record_payment');
    return 'recorded';
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    const refusal =
      code === '23514' && constraint === 'payments_only_on_confirmed_bookings'
        ? 'not_confirmed'
        : code === '23514' && constraint === 'payments_within_the_booking_total'
          ? 'over_total'
          : undefined;
    if (!refusal) throw error;
    await tx.query('rollback to savepoint record_payment');
    return refusal;
  }
}

/** Deletes one entry of a booking; false when there is none (or RLS hides it). */
export async function deletePayment(tx: Transaction, bookingId: string, paymentId: string): Promise<boolean> {
  const rows = await tx.query(
    'delete from public.payments where id = $1 and booking_request_id = $2 returning id',
    [paymentId, bookingId],
  );
  return rows.length > 0;
}

/**
 * Confirmed bookings in use with money outstanding, by the day it all falls due (the balance's date,
 * else the confirmation day), then by reference. Read through the admins-only dashboard view.
 */
export async function selectBalancesDue(tx: Transaction): Promise<BookingMoney[]> {
  return tx.query<BookingMoney>(
    `select * from (
       select ${moneyColumns}, coalesce(request.balance_due_date,
                (request.status_changed_at at time zone 'Asia/Kolkata')::date) as due_on
       from dashboard.booking_requests request
       where request.status = 'confirmed' and request.deleted_at is null
     ) due
     where due."receivedPence" < due."totalPence"
     order by due.due_on nulls last, due.reference`,
  );
}

/** A guest's own payments, per booking id, through RLS (only the columns a guest may read). */
export async function selectOwnPayments(
  tx: Transaction,
  bookingIds: string[],
): Promise<{ bookingId: string; kind: Payment['kind']; amountPence: number; receivedOn: string }[]> {
  if (bookingIds.length === 0) return [];
  return tx.query(
    `select booking_request_id as "bookingId", kind, amount_pence as "amountPence",
            ${isoDate('received_on')} as "receivedOn"
     from public.payments where booking_request_id = any($1::uuid[])
     order by received_on, created_at, id`,
    [bookingIds],
  );
}

/** A booking's notes, oldest first. */
export async function selectNotes(tx: Transaction, bookingId: string): Promise<BookingNote[]> {
  return tx.query<BookingNote>(
    `select id, body, author_email as "authorEmail", ${isoTimestamp('created_at')} as "createdAt"
     from public.booking_notes where booking_request_id = $1 order by created_at, id`,
    [bookingId],
  );
}

/** Adds a note in the admin's name (RLS checks `author_id` is the caller). */
export async function insertNote(
  tx: Transaction,
  bookingId: string,
  body: string,
  admin: { id: string; email: string },
): Promise<void> {
  await tx.query(
    'insert into public.booking_notes (booking_request_id, body, author_id, author_email) values ($1, $2, $3, $4)',
    [bookingId, body, admin.id, admin.email || null],
  );
}
