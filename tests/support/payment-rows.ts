import type { RunQuery } from './booking-scenario.ts';

/**
 * Payments stored directly, as the database owner, past the product's own way in: only for a state the
 * product cannot reach quickly (money received on a day still to come, a card payment at a named
 * provider with its id there, a row written hours or days ago, a row a role must be refused). A payment
 * the office takes by hand goes in through `recordOfficePayment` (./payment-scenario.ts) instead.
 */

export type PaymentKind = 'deposit' | 'balance' | 'other';
export type PaymentMethod = 'bank_transfer' | 'card' | 'cash' | 'upi';

/** A payment row as stored; anything left out takes the default. */
export type StoredPayment = {
  kind?: PaymentKind;
  amountPence: number;
  /** `YYYY-MM-DD`, or a SQL date expression's value given as text; today unless given. */
  receivedOn?: string;
  method?: PaymentMethod;
  /** An online payment's provider and its id there; left out, the payment was taken by hand. */
  provider?: string;
  providerReference?: string;
  /** The booked service (a massage, a cook) the payment is for; the stay itself unless given. */
  serviceId?: string | null;
  /** Who recorded a payment taken by hand; a made-up admin unless given. */
  recordedBy?: string;
  /** How long ago the row was written, in hours (refund rules read it); now unless given. */
  createdHoursAgo?: number;
};

/** A stored payment's columns, in the table's names, with the defaults filled in. */
export function paymentColumns(bookingId: string, payment: StoredPayment): Record<string, unknown> {
  const online = payment.provider !== undefined;
  const columns: Record<string, unknown> = {
    booking_request_id: bookingId,
    kind: payment.kind ?? 'deposit',
    amount_pence: payment.amountPence,
    received_on: payment.receivedOn ?? new Date().toISOString().slice(0, 10),
    method: payment.method ?? (online ? 'card' : 'bank_transfer'),
  };
  if (payment.serviceId !== undefined) columns.booking_service_id = payment.serviceId;
  if (online) {
    columns.provider = payment.provider;
    columns.provider_reference = payment.providerReference;
  }
  if (!online || payment.recordedBy !== undefined)
    columns.recorded_by = payment.recordedBy ?? crypto.randomUUID();
  if (payment.createdHoursAgo !== undefined)
    columns.created_at = new Date(Date.now() - payment.createdHoursAgo * 3_600_000).toISOString();
  return columns;
}

/**
 * The insert of one payment row given in the table's own column names, exactly as given: for a test
 * that inserts as another role (row-level security), or a row the table's checks must refuse.
 */
export function paymentInsert(columns: Record<string, unknown>, returning?: string): [string, unknown[]] {
  return rowInsert('payments', columns, returning);
}

/** The money tables a test may need a row of that the product cannot reach quickly. */
type MoneyTable = 'payments' | 'payment_sessions' | 'payment_refunds';

/**
 * An insert of one row into one of the money tables, its columns as given, as a statement and its
 * values: built here so that no test writes one by hand, and a row-level security test runs the very
 * statement under each role. Nothing returned unless asked: `returning` needs the right to read, which
 * a role may lack.
 */
export function rowInsert(
  table: MoneyTable,
  columns: Record<string, unknown>,
  returning?: string,
): [string, unknown[]] {
  const names = Object.keys(columns);
  return [
    `insert into public.${table} (${names.join(', ')})
     values (${names.map((_name, index) => `$${index + 1}`).join(', ')})
     ${returning ? `returning ${returning}` : ''}`,
    Object.values(columns),
  ];
}

/** A provider's checkout session, as a row (a stand-in's by default): see `rowInsert`. */
export const sessionInsert = (columns: Record<string, unknown>, returning?: string) =>
  rowInsert('payment_sessions', { provider: 'stand-in', kind: 'deposit', ...columns }, returning);

/** A refund asked for, as a row (pending at the stand-in by default): see `rowInsert`. */
export const refundInsert = (columns: Record<string, unknown>, returning?: string) =>
  rowInsert('payment_refunds', { status: 'pending', provider: 'stand-in', ...columns }, returning);

/**
 * Stores payments directly, as the database owner, past the product's own way in: only for a state the
 * product cannot reach quickly. Answers each row's id, in the order given.
 */
export async function storePayments(
  run: RunQuery,
  bookingId: string,
  payments: StoredPayment[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const payment of payments) {
    const [row] = await run<{ id: string }>(...paymentInsert(paymentColumns(bookingId, payment), 'id'));
    if (!row) throw new Error('The payment insert returned no row');
    ids.push(row.id);
  }
  return ids;
}

/** Stores one payment directly (see `storePayments`) and answers its id. */
export async function storePayment(
  run: RunQuery,
  bookingId: string,
  payment: StoredPayment,
): Promise<string> {
  const [id] = await storePayments(run, bookingId, [payment]);
  return id as string;
}

/** A refund row in the table's own column names; stored directly, as a payment's state is above. */
export type StoredRefund = {
  paymentId: string;
  amountPence: number;
  reason: string;
  status: string;
  provider?: string;
  problem?: string;
};

/** Stores a refund of a payment directly (one owed by hand, one a provider refused) and answers its id. */
export async function storeRefund(run: RunQuery, bookingId: string, refund: StoredRefund): Promise<string> {
  const [row] = await run<{ id: string }>(
    `insert into public.payment_refunds (booking_request_id, payment_id, amount_pence, reason, status, provider, problem)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      bookingId,
      refund.paymentId,
      refund.amountPence,
      refund.reason,
      refund.status,
      refund.provider ?? null,
      refund.problem ?? null,
    ],
  );
  if (!row) throw new Error('The refund insert returned no row');
  return row.id;
}
