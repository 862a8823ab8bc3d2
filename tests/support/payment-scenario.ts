import type { PaymentInput } from '../../src/features/payment/payment-ledger-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { createOrPromoteAdmin } from '../../src/server/auth/admins.ts';
import type { Visitor } from '../../src/server/auth/session.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { recordPayment } from '../../src/server/payments/index.ts';
import type { RunQuery } from './booking-scenario.ts';
import { ownerQuery } from './sql.ts';

/**
 * The one way a test makes a payment, beside `booking-scenario.ts`. A payment the office takes by hand
 * goes in through the product (`recordOfficePayment`: the payments module's entry point, with its
 * ledger checks, its audit and the guest's receipt), so a test's "given" is a state the product can
 * reach. Only a state it cannot reach quickly (money received on a day still to come, a card payment
 * at a named provider with its id there, a row whose `created_at` is hours or days ago, a row a role
 * must be refused) is written directly, by `storePayment` or `paymentInsert`, and only from here.
 */

export type PaymentKind = 'deposit' | 'balance' | 'other';
export type PaymentMethod = 'bank_transfer' | 'card' | 'cash' | 'upi';

/** An admin the office's payments are recorded in the name of. */
export type OfficeAdmin = { id: string; email: string; name: string };

/** The visitor a function's guard hands the service for this admin, as bench:admin builds it. */
export function adminVisitor({ id, email, name }: OfficeAdmin): Visitor {
  return {
    claims: { sub: id, email, role: 'authenticated', app_metadata: { role: 'admin' } },
    user: { id, email, name, isAdmin: true },
  } as Visitor;
}

let bookkeeper: Promise<OfficeAdmin> | undefined;

/** An admin made once for the tests that do not care who recorded a payment. */
function theBookkeeper(): Promise<OfficeAdmin> {
  bookkeeper ??= (async () => {
    const admin = {
      name: 'Anjali Pillai',
      email: `bookkeeper+${crypto.randomUUID()}@example.com`,
      password: 'backwaters at noon 4',
    };
    const { id } = await createOrPromoteAdmin(admin);
    return { id, email: admin.email, name: admin.name };
  })();
  return bookkeeper;
}

export type OfficePayment = {
  kind?: PaymentKind;
  /**
   * Whole pence, or `total` for everything the booking costs; the booking's deposit unless given.
   * (Paise are not taken by hand here: a UPI payment comes through a provider.)
   */
  amountPence?: number | 'total';
  /** `YYYY-MM-DD`; Kerala's today unless given. */
  receivedOn?: string;
  method?: Exclude<PaymentMethod, 'upi'>;
  note?: string;
};

/**
 * Records a payment as the office does from a booking's Payments: refused, as the office is refused,
 * when the booking is not confirmed or the amount is more than is owed; the guest is sent a receipt.
 * Answers the payment's id.
 */
export async function recordOfficePayment(
  bookingId: string,
  payment: OfficePayment,
  admin?: OfficeAdmin,
): Promise<string> {
  const receivedOn = payment.receivedOn ?? todayInKerala();
  // The office's form refuses a day after today; a test that needs one stores the payment instead.
  if (receivedOn > todayInKerala())
    throw new Error(`The office cannot record money received on ${receivedOn}; use storePayment`);
  const visitor = adminVisitor(admin ?? (await theBookkeeper()));
  const ledger = await recordPayment(bookingPayables, visitor, bookingId, {
    kind: payment.kind ?? 'deposit',
    amount:
      typeof payment.amountPence === 'number' ? payment.amountPence : await amountOf(bookingId, payment),
    receivedOn,
    method: payment.method ?? 'bank_transfer',
    note: payment.note,
  } satisfies PaymentInput);
  // The ledger the office is shown next: the entry just recorded is its newest.
  const newest = ledger.payments.reduce<(typeof ledger.payments)[number] | undefined>(
    (latest, entry) => (latest && latest.createdAt >= entry.createdAt ? latest : entry),
    undefined,
  );
  if (!newest) throw new Error(`Recording a payment on ${bookingId} left its ledger empty`);
  return newest.id;
}

/** The booking's deposit, or its total, in pence. */
async function amountOf(bookingId: string, { amountPence }: OfficePayment): Promise<number> {
  const [booking] = await ownerQuery<{ deposit_pence: number; total_pence: number }>(
    'select deposit_pence, total_pence from public.booking_requests where id = $1',
    [bookingId],
  );
  if (!booking) throw new Error(`No booking ${bookingId} to pay`);
  return amountPence === 'total' ? booking.total_pence : booking.deposit_pence;
}

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
  const names = Object.keys(columns);
  // Nothing returned unless asked: `returning` needs the right to read, which a role may lack.
  return [
    `insert into public.payments (${names.join(', ')})
     values (${names.map((_name, index) => `$${index + 1}`).join(', ')})
     ${returning ? `returning ${returning}` : ''}`,
    Object.values(columns),
  ];
}

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
