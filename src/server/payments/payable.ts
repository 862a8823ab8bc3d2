import type { LedgerTerms } from '../../lib/ledger.ts';
import type { Transaction } from '../db/database.ts';
import type { Refusal } from '../refusal.ts';
import type { PaymentProviderName } from './providers/payment-provider.ts';

/**
 * What payments needs of the thing being paid for: a booking (`src/server/booking/booking-payable.ts`)
 * and a service booked on it, paid on its own (`src/server/booking/services/service-payable.ts`, the
 * booking's `parts`). Payments imports nothing of what it is paid for; the edges (the functions,
 * `npm start`, the tests) hand the implementation in.
 */

/** The thing paid for, as paying it needs it: its owner (who may pay, where its receipt goes) and its charge. */
export type Payable = LedgerTerms & {
  id: string;
  reference: string;
  /** Its owner's account (a guest's RLS shows them only their own), and their name and address. */
  userId: string | null;
  name: string;
  /** Where its receipts go: the address its owner was first written to, else the one they typed. */
  to: string;
  /** `confirmed` takes payments (the ledger's trigger holds it); anything else is the payable's to explain. */
  status: string;
  deleted: boolean;
  property: string;
  arrival: string;
  departure: string;
  receivedPence: number;
  /** Confirmed by the payment that paid it (instant book's hold), not by the office. */
  bookedInstantly: boolean;
  /**
   * Set for a part paid on its own (a service booked on a stay): the stay it is on, which its sessions'
   * and payments' rows name beside it, and what it is in words ("Airport transfers on Thu 12 Mar, 23:45").
   */
  partOf?: { stayId: string; description: string };
};

/** Its money, as the ledger's screens read it: what was received and what went back. */
export type PayableMoney = LedgerTerms & {
  id: string;
  reference: string;
  status: string;
  deleted: boolean;
  property: string;
  name: string;
  arrival: string;
  receivedPence: number;
  refundedPence: number;
};

/** A session paid after what it paid for was lost: what refunding it whole needs. */
export type PaidTooLate = {
  id: string;
  bookingId: string;
  amountPence: number;
  provider: PaymentProviderName;
};

/** What being paid does to the payable, decided before the payment is recorded. */
export type OnPaid =
  /** It took the payment as it was (a confirmed booking). */
  | 'as_it_was'
  /** This payment confirmed it (a hold); it is now `confirmed`, confirmed today. */
  | 'confirmed'
  /** What it waited for was lost meanwhile (its nights were taken): the payment is refunded whole. */
  | 'too_late';

export type PayableSource = {
  /**
   * Its charge, named by reference (a pay link, the return page) or by id (a receipt), read in `tx` as
   * its caller may see it (RLS decides); undefined when they cannot.
   */
  readCharge(tx: Transaction, by: { reference: string } | { id: string }): Promise<Payable | undefined>;
  /** Why it takes no payment now, in its owner's words; undefined when it does (confirmed, or awaiting it). */
  refusePayment(payable: Payable): Refusal | undefined;
  /** True while this payment is what it waits on (a hold): what is due is judged as if confirmed today. */
  awaitsPayment(payable: Payable): boolean;
  /** Its money, read as the caller may see it; undefined when they cannot. */
  readMoney(tx: Transaction, id: string): Promise<PayableMoney | undefined>;
  /** Every payable taking payments with money outstanding, with when its owner was last reminded. */
  listOutstanding(tx: Transaction): Promise<(PayableMoney & { lastReminderAt: string | null })[]>;
  /** Locks it until `tx` ends for settling a payment (what its payment may change first, then its row). */
  lockForSettlement(tx: Transaction, id: string): Promise<Payable | undefined>;
  /** On paid, in the settlement's `tx` before the payment is recorded: what being paid did to it. */
  onPaid(tx: Transaction, payable: Payable): Promise<OnPaid>;
  /** Once the payment that confirmed it is recorded: the emails that say so, queued in `tx` (their ids). */
  onConfirmedByPayment(
    tx: Transaction,
    id: string,
    paid: { receivedPence: number; next: string },
  ): Promise<string[]>;
  /** On paid too late: the session's refund recorded and its owner and the office told in `tx` (email ids). */
  onPaidTooLate(tx: Transaction, session: PaidTooLate): Promise<string[]>;
  /** Lets go of what waited for a payment that never came (lapsed holds); answers their references. */
  releaseUnpaid(): Promise<string[]>;
  /** The refusal for a payable that does not exist or that the caller may not see. */
  notFound(): Refusal;
  /**
   * Once a payment for it is recorded, in the settlement's `tx`: what it keeps of being paid (a
   * service notes the payment that paid it).
   */
  onRecorded?(tx: Transaction, payable: Payable, paymentId: string): Promise<void>;
  /**
   * What is paid for beside it, each on its own (a stay's booked services): a session or a payment
   * naming a part (`booking_service_id`) is settled, receipted and read through this source, so the
   * edges hand in the stay's source alone.
   */
  parts?: PayableSource;
};
