import type {
  OnlineSession,
  Payment,
  PaymentInput,
  Refund,
} from '../../features/payment/payment-ledger-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';
import type { ReceiptPayment } from './receipt-document.ts';

/**
 * The SQL of the payments ledger: the payments received on a booking. A booking's own money facts
 * (total, deposit, what it has received) are read through the `PayableSource`. Dates leave as
 * `YYYY-MM-DD` text.
 */

/** A booking's entries in full (note and author), oldest first; through the admins-only view. */
/**
 * A payment's rupees as one JSON column `inRupees`: the paise paid, the rate and its date, or null for
 * a payment in pounds (payments.paid_currency, migration 20261130002600).
 */
const inRupeesColumn = (alias: string) =>
  `case when ${alias}.paid_currency = 'INR' then json_build_object(
     'paise', ${alias}.paid_minor, 'rupeesPerPound', ${alias}.rupees_per_pound::float8,
     'rateOf', to_char(${alias}.rate_of, 'YYYY-MM-DD')) end as "inRupees"`;

export async function selectPayments(tx: Transaction, bookingId: string): Promise<Payment[]> {
  return tx.query<Payment>(
    `select payment.id, kind, amount_pence as "amountPence", ${isoDate('received_on')} as "receivedOn", method,
            note, recorded_by_email as "recordedByEmail", ${isoTimestamp('created_at')} as "createdAt",
            provider, provider_reference as "providerReference", ${inRupeesColumn('payment')},
            coalesce((select sum(refund.amount_pence) from dashboard.payment_refunds refund
                      where refund.payment_id = payment.id), 0)::integer as "refundedPence"
     from dashboard.payments payment where booking_request_id = $1 and booking_service_id is null
     order by received_on, created_at, id`,
    [bookingId],
  );
}

/** A booking's refunds in full, oldest first; through the admins-only view. */
export async function selectRefunds(tx: Transaction, bookingId: string): Promise<Refund[]> {
  return tx.query<Refund>(
    `select id, amount_pence as "amountPence", reason, status, provider, provider_refund_id as "providerRefundId",
            problem, requested_by_email as "requestedByEmail", ${isoTimestamp('created_at')} as "createdAt"
     from dashboard.payment_refunds where booking_request_id = $1
     order by created_at, id`,
    [bookingId],
  );
}

/** A booking's sessions at payment providers, oldest first; through the admins-only view. */
export async function selectOnlineSessions(tx: Transaction, bookingId: string): Promise<OnlineSession[]> {
  return tx.query<OnlineSession>(
    `select session.id, provider, provider_session_id as "providerSessionId", kind, amount_pence as "amountPence",
            status, payment_id as "paymentId", ${isoTimestamp('created_at')} as "createdAt",
            coalesce((select sum(refund.amount_pence) from dashboard.payment_refunds refund
                      where refund.payment_session_id = session.id), 0)::integer as "refundedPence"
     from dashboard.payment_sessions session where booking_request_id = $1
     order by created_at, id`,
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
): Promise<{ recorded: string } | 'not_confirmed' | 'over_total'> {
  await tx.query('savepoint record_payment');
  try {
    const [row] = await tx.query<{ id: string }>(
      `insert into public.payments
         (booking_request_id, kind, amount_pence, received_on, method, note, recorded_by, recorded_by_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
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
    return { recorded: String(row?.id) };
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

/** A guest's own payments, per booking id, through RLS (only the columns a guest may read). */
export async function selectOwnPayments(
  tx: Transaction,
  bookingIds: string[],
): Promise<
  { id: string; bookingId: string; kind: Payment['kind']; amountPence: number; receivedOn: string }[]
> {
  if (bookingIds.length === 0) return [];
  return tx.query(
    `select id, booking_request_id as "bookingId", kind, amount_pence as "amountPence",
            ${isoDate('received_on')} as "receivedOn"
     from public.payments where booking_request_id = any($1::uuid[]) and booking_service_id is null
     order by received_on, created_at, id`,
    [bookingIds],
  );
}

/** Whether `paymentId` is a payment of booking `bookingId`'s (the stay's or a service's) the caller may see. */
export async function isOwnPayment(tx: Transaction, bookingId: string, paymentId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from public.payments where id = $1 and booking_request_id = $2', [
    paymentId,
    bookingId,
  ]);
  return rows.length > 0;
}

/**
 * A stay's payments as its receipts print them, in the ledger's order (the day received, then the
 * order recorded): the server's read (service_role), for a caller whose access was checked. Its
 * services' payments are theirs, each on a receipt of its own, so they are left out of the stay's.
 */
export async function selectReceiptPayments(
  tx: Transaction,
  bookingId: string,
  serviceId: string | null = null,
): Promise<ReceiptPayment[]> {
  return tx.query<ReceiptPayment>(
    `select id, kind, amount_pence as "amountPence", ${isoDate('received_on')} as "receivedOn", method,
            provider, provider_reference as "providerReference", receipt_number as "receiptNumber",
            ${inRupeesColumn('payments')}
     from public.payments payments
     where booking_request_id = $1 and booking_service_id is not distinct from $2
     order by received_on, created_at, id`,
    [bookingId, serviceId],
  );
}

/** The service a payment paid for on its own, or null for one of the stay's (or no such payment). */
export async function selectServiceOfPayment(tx: Transaction, paymentId: string): Promise<string | null> {
  const [row] = await tx.query<{ serviceId: string | null }>(
    'select booking_service_id as "serviceId" from public.payments where id = $1',
    [paymentId],
  );
  return row?.serviceId ?? null;
}
