import type { LedgerTerms } from '../../lib/ledger.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';
import { confirmedOn, confirmedStays, receivedPence, refundedPence } from './booking-sql.ts';

/**
 * A booking's money as the ledger, its reminders and paying online read it: its terms with what was
 * received and refunded, the balances due, and the booking as paying it needs it (`booking-payable.ts`
 * hands these to payments).
 */

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
  /** What went back to the guest; received stays what was received. */
  refundedPence: number;
};

export const moneyColumns = `request.id, request.reference, request.status, request.deleted_at is not null as deleted,
  request.property, request.name, ${isoDate('request.arrival')} as arrival,
  request.total_pence as "totalPence", request.deposit_pence as "depositPence",
  ${isoDate('request.balance_due_date')} as "balanceDueDate",
  ${confirmedOn('request')} as "confirmedOn",
  ${receivedPence} as "receivedPence", ${refundedPence} as "refundedPence"`;

/** A booking's money, read as the caller (RLS decides); undefined when they cannot see it. */
export async function selectBookingMoney(tx: Transaction, id: string): Promise<BookingMoney | undefined> {
  const [row] = await tx.query<BookingMoney>(
    `select ${moneyColumns} from public.booking_requests request where request.id = $1`,
    [id],
  );
  return row;
}

/**
 * Confirmed bookings in use with money outstanding, by the day it all falls due (the balance's date,
 * else the confirmation day), then by reference, with when the guest was last sent a balance
 * reminder. Read through the admins-only dashboard view.
 */
export async function selectBalancesDue(
  tx: Transaction,
): Promise<(BookingMoney & { lastReminderAt: string | null })[]> {
  return tx.query<BookingMoney & { lastReminderAt: string | null }>(
    `select * from (
       select ${moneyColumns}, coalesce(request.balance_due_date,
                (request.status_changed_at at time zone 'Asia/Kolkata')::date) as due_on,
              (select ${isoTimestamp('max(reminder.created_at)')} from public.email_outbox reminder
               where reminder.booking_request_id = request.id and reminder.kind = 'balance_reminder')
                as "lastReminderAt"
       from dashboard.booking_requests request
       where request.status = 'confirmed' and request.deleted_at is null
     ) due
     where due."receivedPence" < due."totalPence"
     order by due.due_on nulls last, due.reference`,
  );
}

/** A confirmed booking whose balance falls due by a day: what a reminder of it is judged on. */
export type BalanceToRemind = {
  id: string;
  reference: string;
  property: string;
  totalPence: number;
  depositPence: number;
  balanceDueDate: string;
  receivedPence: number;
};

/**
 * Confirmed stays whose balance falls due by `through` and that have had no overdue notice yet, by due
 * date and reference; what was received decides the rest.
 */
export async function selectBalancesToRemind(tx: Transaction, through: string): Promise<BalanceToRemind[]> {
  return tx.query<BalanceToRemind>(
    `select request.id, request.reference, request.property, request.total_pence as "totalPence",
            request.deposit_pence as "depositPence", ${isoDate('request.balance_due_date')} as "balanceDueDate",
            ${receivedPence} as "receivedPence"
     from ${confirmedStays} request
     where request.balance_due_date is not null and request.balance_due_date <= $1::date
       and not exists (
         select 1 from public.payment_reminders sent
         where sent.booking_request_id = request.id and sent.kind = 'balance_overdue'
       )
     order by request.balance_due_date, request.reference`,
    [through],
  );
}

/**
 * Locks a booking in use (waiting for a payment being recorded) and answers its status and what it
 * has received now; undefined when it is gone or in the trash.
 */
export async function lockBookingReceived(
  tx: Transaction,
  id: string,
): Promise<{ status: string; received: number } | undefined> {
  const [row] = await tx.query<{ status: string; received: number }>(
    `select request.status, ${receivedPence} as received
     from public.booking_requests request where id = $1 and deleted_at is null for update`,
    [id],
  );
  return row;
}

/** A booking as paying it needs it: who may, what it owes, where its receipt goes. */
export type PayableBooking = LedgerTerms & {
  id: string;
  reference: string;
  userId: string | null;
  status: string;
  deleted: boolean;
  property: string;
  name: string;
  arrival: string;
  departure: string;
  receivedPence: number;
  /** The guest's address: where the booking's receipt went, else the one typed into the form. */
  to: string;
  /** Made by instant book (held while its guest paid), not confirmed by the office. */
  bookedInstantly: boolean;
};

const payableColumns = `request.id, request.reference, request.user_id as "userId", request.status,
  request.deleted_at is not null as deleted, request.property, request.name,
  ${isoDate('request.arrival')} as arrival, ${isoDate('request.departure')} as departure,
  request.total_pence as "totalPence", request.deposit_pence as "depositPence",
  ${isoDate('request.balance_due_date')} as "balanceDueDate",
  ${confirmedOn('request')} as "confirmedOn",
  ${receivedPence} as "receivedPence",
  coalesce(
    (select recipient from public.email_outbox
     where booking_request_id = request.id and kind = 'booking_guest_receipt'
     order by created_at limit 1),
    request.email
  ) as "to",
  request.held_until is not null as "bookedInstantly"`;

/** The booking with this reference, as the caller may see it (RLS decides); undefined otherwise. */
export async function selectPayableBooking(
  tx: Transaction,
  reference: string,
): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.reference = $1`,
    [reference],
  );
  return row;
}

/** The same, by id, as the caller may see it; undefined otherwise. */
export async function selectPayableBookingById(
  tx: Transaction,
  id: string,
): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.id = $1`,
    [id],
  );
  return row;
}

/** The same, by id, with the booking's row locked until the transaction ends. */
export async function lockPayableBooking(tx: Transaction, id: string): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.id = $1 for update of request`,
    [id],
  );
  return row;
}
