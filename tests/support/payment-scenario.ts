import type { PaymentInput } from '../../src/features/payment/payment-ledger-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { createOrPromoteAdmin } from '../../src/server/auth/admins.ts';
import type { Visitor } from '../../src/server/auth/session.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { recordPayment } from '../../src/server/payments/index.ts';
import type { PaymentKind, PaymentMethod } from './payment-rows.ts';
import { ownerQuery } from './sql.ts';

/**
 * The one way a test makes a payment, beside `booking-scenario.ts`. A payment the office takes by hand
 * goes in through the product (`recordOfficePayment`: the payments module's entry point, with its
 * ledger checks, its audit and the guest's receipt), so a test's "given" is a state the product can
 * reach. Only a state it cannot reach quickly (money received on a day still to come, a card payment
 * at a named provider with its id there, a row whose `created_at` is hours or days ago, a row a role
 * must be refused) is written directly, by `storePayment` or `paymentInsert`, and only from here.
 */

// The direct way in, for states the product cannot reach, is ./payment-rows.ts (no server code, so
// an e2e spec can store a row in the e2e server's database too).
export { paymentColumns, paymentInsert, storePayment, storePayments, storeRefund } from './payment-rows.ts';

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
