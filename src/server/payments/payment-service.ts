import type { GuestLedger, LedgerSummaryAnswer } from '../../features/payment/payment-contract.ts';
import type {
  BalancesDueAnswer,
  BookingLedgerAnswer,
  PaymentInput,
} from '../../features/payment/payment-ledger-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { compareBalancesToChase, summariseLedger } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { adminOf, callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty, readPropertyNames } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../http/idempotency.ts';
import { Refusal } from '../refusal.ts';
import { paymentReceiptMessage } from './online-payment-emails.ts';
import { readPaymentDue } from './online-payments.ts';
import { payLinkUrl, readPayLinkKeyIn } from './pay-link.ts';
import type { PayableMoney, PayableSource } from './payable.ts';
import {
  deletePayment,
  insertPayment,
  selectOnlineSessions,
  selectOwnPayments,
  selectPayments,
  selectRefunds,
} from './payment-repository.ts';
import { pendingReceipt, receiptFileOf, registerReceiptPreparer } from './receipt-service.ts';
import { quotePolicyRefund } from './refund-service.ts';

/**
 * The payments ledger's rules: the office records and removes payments on confirmed bookings and reads
 * what each booking owes and which balances are due; the guest reads their own. Every query runs as
 * the caller, so RLS and the ledger's trigger decide again what these check.
 */

/** A booking's money in the contract's words, judged on Kerala's `today`. */
export function describeMoney(money: PayableMoney, today: string): LedgerSummaryAnswer {
  return {
    totalPence: money.totalPence,
    depositPence: money.depositPence,
    balanceDueDate: money.balanceDueDate,
    ...summariseLedger(money, money.receivedPence, today),
  };
}

async function readLedger(
  payables: PayableSource,
  tx: Transaction,
  id: string,
): Promise<BookingLedgerAnswer> {
  const money = await payables.readMoney(tx, id);
  if (!money) throw payables.notFound();
  const payments = await selectPayments(tx, id);
  const dated = payments.map((payment) => ({ ...payment, createdAt: new Date(payment.createdAt) }));
  return {
    status: money.status,
    takesPayments: money.status === 'confirmed' && !money.deleted,
    summary: describeMoney(money, todayInKerala()),
    payments,
    // Shown before the office chooses the policy's refund: the amount the refund itself works out.
    policyRefund: payments.length > 0 ? quotePolicyRefund(money, dated, new Date()) : null,
    refundedPence: money.refundedPence,
    refunds: await selectRefunds(tx, id),
    sessions: await selectOnlineSessions(tx, id),
  };
}

/** A booking's entries with what it owes now: deposit due, balance and its date, received, outstanding. */
export function showLedger(
  payables: PayableSource,
  visitor: Visitor,
  id: string,
): Promise<BookingLedgerAnswer> {
  return withCaller(callerFor(visitor), (tx) => readLedger(payables, tx, id));
}

/**
 * Records a payment received and answers the ledger as it now stands. Refused with a conflict when
 * the booking is not confirmed, or when the amount would take what was received past the total (the
 * message says how much is still owed). With an Idempotency-Key, a second submit of the same form
 * stores nothing and answers the first answer.
 */
export async function recordPayment(
  payables: PayableSource,
  visitor: Visitor,
  id: string,
  payment: PaymentInput,
  idempotencyKey?: string,
): Promise<BookingLedgerAnswer> {
  // Keys are per admin, so one admin's key can never replay another's answer.
  const scope = `payment:${visitor.claims.sub}:${id}`;
  const recorded = await withCaller(callerFor(visitor), async (tx) => {
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(payment));
      if (previous) return readLedger(payables, tx, id);
    }
    const money = await payables.readMoney(tx, id);
    if (!money) throw payables.notFound();
    const outcome = await insertPayment(tx, id, payment, adminOf(visitor));
    if (typeof outcome === 'object') {
      const answer = await readLedger(payables, tx, id);
      const emailId = await queueOfficeReceipt(payables, tx, id, outcome.recorded, payment);
      if (idempotencyKey)
        await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: { ok: true } });
      return { answer, emailId };
    }
    if (outcome === 'not_confirmed') {
      throw new Refusal(
        'conflict',
        `Only a confirmed booking takes payments; this one is ${money.deleted ? 'in the trash' : money.status}.`,
      );
    }
    if (outcome === 'over_total') {
      // Read again: the trigger waited for any payment recorded at the same moment.
      const now = (await payables.readMoney(tx, id)) ?? money;
      const left = Math.max(0, now.totalPence - now.receivedPence);
      throw new Refusal(
        'conflict',
        left === 0
          ? `This booking is paid in full (${formatPence(now.totalPence)}); nothing more is owed.`
          : `That is more than is owed: ${formatPence(left)} of ${formatPence(now.totalPence)} is still outstanding.`,
        { amount: `Enter at most ${formatPence(left)}` },
      );
    }
    throw new Error(`Unexpected outcome of recording a payment: ${String(outcome)}`);
  });
  if ('emailId' in recorded) {
    // The receipt's PDF is made as the email is sent, from what was committed (receipt-service.ts).
    registerReceiptPreparer(payables);
    await deliverQueuedEmails([recorded.emailId]);
    return recorded.answer;
  }
  return recorded;
}

/**
 * The guest's receipt of a payment the office recorded (a bank transfer, cash), queued in `tx` with the
 * same PDF an online payment's carries: every movement of money is a document and an email.
 */
async function queueOfficeReceipt(
  payables: PayableSource,
  tx: Transaction,
  id: string,
  paymentId: string,
  payment: PaymentInput,
): Promise<string> {
  const charge = await payables.readCharge(tx, { id });
  if (!charge) throw payables.notFound();
  const today = todayInKerala();
  const property = await findProperty(charge.property);
  const next = readPaymentDue(charge, today);
  const payLinkKey = await readPayLinkKeyIn(tx);
  const receiptFile = await receiptFileOf(tx, paymentId);
  // The outbox is the server's: the office's role writes no email itself.
  const message = paymentReceiptMessage(
    {
      to: charge.to,
      name: charge.name,
      reference: charge.reference,
      propertyName: property?.name ?? charge.property,
      arrival: charge.arrival,
      departure: charge.departure,
      kind: payment.kind === 'deposit' ? 'deposit' : 'balance',
      amountPence: payment.amount,
      method: payment.method,
      recordedByOffice: true,
      receivedOn: payment.receivedOn,
      totalPence: charge.totalPence,
      receivedPence: charge.receivedPence,
      next,
      payUrl: payLinkUrl(payLinkKey, siteUrl(), charge.reference, charge.arrival),
    },
    siteUrl(),
    receiptFile,
  );
  return tx.as(serviceRole, () =>
    queueEmail(tx, 'payment_receipt', message, {
      bookingRequestId: id,
      attachmentPending: pendingReceipt(id, paymentId),
    }),
  );
}

/** Removes a mistaken entry (the audit log keeps what it said) and answers the ledger as it now stands. */
export async function removePayment(
  payables: PayableSource,
  visitor: Visitor,
  id: string,
  paymentId: string,
): Promise<BookingLedgerAnswer> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await deletePayment(tx, id, paymentId))) {
      throw new Refusal('not_found', 'This booking has no such payment; it may have been removed already.');
    }
    return readLedger(payables, tx, id);
  });
}

/**
 * Confirmed bookings with money outstanding, in the order the office chases them (overdue, due now,
 * not yet due: `compareBalancesToChase`); "overdue" judged in Kerala's calendar.
 */
export async function listBalancesDue(payables: PayableSource, visitor: Visitor): Promise<BalancesDueAnswer> {
  const today = todayInKerala();
  const rows = await withCaller(callerFor(visitor), (tx) => payables.listOutstanding(tx));
  const nameOf = await readPropertyNames();
  const balances = rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    propertyName: nameOf(row.property),
    guestName: row.name,
    arrival: row.arrival,
    summary: describeMoney(row, today),
    refundedPence: row.refundedPence,
    lastReminderAt: row.lastReminderAt,
  }));
  return { today, balances: balances.sort((a, b) => compareBalancesToChase(a, b, today)) };
}

/**
 * The ledgers of a guest's own confirmed bookings, read through RLS in the caller's transaction: what
 * was received (day and amount) and what is still due and when.
 */
export async function readOwnLedgers(
  tx: Transaction,
  bookings: {
    id: string;
    status: string;
    totalPence: number;
    depositPence: number;
    balanceDueDate: string | null;
    confirmedOn: string | null;
  }[],
  today: string,
): Promise<Map<string, GuestLedger>> {
  const confirmed = bookings.filter((booking) => booking.status === 'confirmed');
  const payments = await selectOwnPayments(
    tx,
    confirmed.map((booking) => booking.id),
  );
  const ledgers = new Map<string, GuestLedger>();
  for (const booking of confirmed) {
    const own = payments.filter((payment) => payment.bookingId === booking.id);
    const received = own.reduce((sum, payment) => sum + payment.amountPence, 0);
    ledgers.set(booking.id, {
      summary: {
        totalPence: booking.totalPence,
        depositPence: booking.depositPence,
        balanceDueDate: booking.balanceDueDate,
        ...summariseLedger(booking, received, today),
      },
      payments: own.map(({ id, kind, amountPence, receivedOn }) => ({ id, kind, amountPence, receivedOn })),
    });
  }
  return ledgers;
}
