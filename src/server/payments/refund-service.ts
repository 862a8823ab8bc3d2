import type {
  CancellationOffer,
  OfficeRefundInput,
  RefundsSummary,
} from '../../features/payment/refund-contract.ts';
import {
  cancellationRuleWords,
  findCancellationRule,
  refundCancellation,
} from '../../lib/cancellation-refund.ts';
import { daysBetween, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { splitRefund } from '../../lib/refund-split.ts';
import { adminOf, callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { type Caller, serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../http/idempotency.ts';
import { Refusal } from '../refusal.ts';
import { log } from '../runtime/logger.ts';
import { queueCreditNote, sendCreditNotes } from './credit-note-service.ts';
import type { PayableSource } from './payable.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { failedRefundOfficeAlertMessage } from './refund-emails.ts';
import {
  insertRefund,
  isPastWhatWasPaid,
  markRefundWaiting,
  type NewRefund,
  type RefundablePayment,
  selectPendingRefunds,
  selectRefundablePayments,
  selectUnrecordedSession,
  selectWaitingRefunds,
  settleOwedRefund,
  settleRefund,
  sumRefunds,
} from './refund-repository.ts';

/**
 * Money going back to a guest: a refund is recorded as asked for (in the transaction that decides
 * it), then asked of the provider with the refund's own id as the provider's idempotency key, so a
 * retry after a lost answer is the same refund, never a second one. Money the office took by phone or
 * bank is recorded as owed, for the office to return by hand; so is a refund the provider refuses.
 */

/**
 * What the cancellation policy refunds of what `booking` received and has not refunded, if cancelled
 * at `now` (Kerala's day): the days before arrival and the hours since the deposit pick the row.
 */
export function quotePolicyRefund(
  booking: { arrival: string; totalPence: number; depositPence: number },
  payments: Pick<RefundablePayment, 'amountPence' | 'refundedPence' | 'kind' | 'createdAt'>[],
  now: Date,
): CancellationOffer {
  const paidPence = payments.reduce((sum, payment) => sum + payment.amountPence - payment.refundedPence, 0);
  const deposit = payments.find((payment) => payment.kind === 'deposit') ?? payments[0];
  const timing = {
    daysBeforeArrival: daysBetween(todayInKerala(now), booking.arrival),
    hoursSinceDeposit: deposit ? (now.getTime() - deposit.createdAt.getTime()) / 3_600_000 : null,
  };
  const { keptPence, refundPence } = refundCancellation({
    totalPence: booking.totalPence,
    depositPence: booking.depositPence,
    paidPence,
    ...timing,
  });
  return { paidPence, keptPence, refundPence, rule: cancellationRuleWords[findCancellationRule(timing)] };
}

/** The most a refund's problem may say, as the database allows. */
const problemLength = 500;

/** What a payment taken by the office itself (not online) says about how it goes back. */
const byHand = 'Paid to the office (not online): return it by hand.';

/**
 * Spreads `amountPence` over a booking's payments and records a refund from each, in `tx`, by the rule
 * the office's question was worded from (splitRefund): online first, to ask providers for; what was
 * paid to the office is owed until it returns it.
 */
export async function recordRefunds(
  tx: Transaction,
  payments: RefundablePayment[],
  amountPence: number,
  refund: Pick<NewRefund, 'bookingId' | 'reason' | 'requestedBy'>,
): Promise<void> {
  const { shares, leftPence } = splitRefund(payments, amountPence);
  if (leftPence > 0) throw new Error(`${leftPence} pence of a refund found no payment to come from`);
  for (const { payment, amountPence: share } of shares) {
    await insertRefund(tx, {
      ...refund,
      paymentId: payment.id,
      paymentSessionId: null,
      amountPence: share,
      status: payment.provider ? 'pending' : 'owed',
      provider: payment.provider,
      problem: payment.provider ? null : byHand,
    });
  }
}

/** A provider's refusal in a line for the office: its own message, cut to what the database keeps. */
function describeRefusal(provider: PaymentProvider | null, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `${provider?.name ?? 'No payment provider'} refused the refund: ${message}`.slice(0, problemLength);
}

/**
 * Asks the provider for each refund of a booking still pending and records its answer: refunded with
 * the provider's refund id, or owed with the provider's refusal (the booking's refunds stand either
 * way; the office settles an owed one); with no provider configured, each is owed. Only refunds asked before `askedBefore` when given: a request
 * that finds another's refunds still pending leaves them to it unless they are old enough that it died.
 */
export async function sendPendingRefunds(
  payables: PayableSource,
  provider: PaymentProvider | null,
  caller: Caller,
  bookingId: string,
  { askedBefore }: { askedBefore?: Date } = {},
): Promise<void> {
  const reader = caller.role === 'authenticated' ? 'office' : 'server';
  const pending = await withCaller(caller, (tx) =>
    selectPendingRefunds(tx, bookingId, { askedBefore, reader }),
  );
  const creditNotes: string[] = [];
  for (const refund of pending) {
    let outcome: Parameters<typeof settleRefund>[2];
    try {
      if (!provider) throw new Error('online payments are not configured here');
      if (refund.provider !== provider.name) {
        throw new Error(
          `it was paid through ${refund.provider}, and the site now takes payments through ${provider.name}`,
        );
      }
      const reference =
        refund.providerReference ??
        (refund.providerSessionId
          ? (await provider.findSession(refund.providerSessionId)).paymentReference
          : null);
      if (!reference) throw new Error('the provider names no payment to refund');
      const made = await provider.refund(reference, refund.amountPence, refund.id);
      if (made.status === 'pending') {
        // It waits at the provider: the reconciliation job asks again until it succeeds or fails.
        await withCaller(caller, (tx) => markRefundWaiting(tx, refund.id, made.refundId));
        continue;
      }
      outcome =
        made.status === 'succeeded'
          ? { status: 'refunded', providerRefundId: made.refundId }
          : {
              status: 'owed',
              problem: describeFailure(provider.name, made.failureReason),
              providerRefundId: made.refundId,
            };
    } catch (error) {
      log().error({ err: error, refundId: refund.id, bookingId }, 'A refund was not made');
      outcome = { status: 'owed', problem: describeRefusal(provider, error) };
    }
    const emailId = await withCaller(caller, async (tx) => {
      const settled = await settleRefund(tx, refund.id, outcome);
      // Back with the guest: its credit note's email commits with it (not a pending or a failed one).
      return settled && outcome.status === 'refunded'
        ? queueCreditNote(payables, tx, bookingId, refund.id)
        : undefined;
    });
    if (emailId) creditNotes.push(emailId);
  }
  await sendCreditNotes(payables, creditNotes);
}

/** A refund the provider made and then failed, in a line for the office. */
const describeFailure = (provider: string, reason: string | null | undefined) =>
  `${provider} could not make the refund${reason ? ` (${reason.replaceAll('_', ' ')})` : ''}: return it by hand.`.slice(
    0,
    problemLength,
  );

/** What asking the provider about its waiting refunds found. */
export type WaitingRefundsReport = { asked: number; refunded: number; failed: number };

/**
 * Asks `provider` about every refund that waits there (at most `limit`, oldest first) and records its
 * answer: back with the guest (refunded), or failed, which makes it owed, for the office to return by
 * hand, and tells the office so at once. The guest is told nothing more: their email said it was being
 * refunded, never that it was done. One the provider cannot answer for is left for the next run.
 */
export async function settleWaitingRefunds(
  payables: PayableSource,
  provider: PaymentProvider,
  { limit = 100 } = {},
): Promise<WaitingRefundsReport> {
  const report: WaitingRefundsReport = { asked: 0, refunded: 0, failed: 0 };
  const waiting = await withCaller(serviceRole, (tx) => selectWaitingRefunds(tx, provider.name, limit));
  for (const refund of waiting) {
    report.asked++;
    try {
      const reference =
        refund.providerReference ??
        (refund.providerSessionId
          ? (await provider.findSession(refund.providerSessionId)).paymentReference
          : null);
      if (!reference) throw new Error('the provider names no payment the refund came from');
      const now = await provider.findRefund(reference, refund.providerRefundId);
      if (now.status === 'pending') continue;
      if (now.status === 'succeeded') {
        const emailId = await withCaller(serviceRole, async (tx) => {
          const refunded = { status: 'refunded' as const, providerRefundId: now.refundId };
          if (!(await settleRefund(tx, refund.id, refunded))) return undefined;
          return queueCreditNote(payables, tx, refund.bookingId, refund.id);
        });
        if (emailId) await sendCreditNotes(payables, [emailId]);
        report.refunded++;
        continue;
      }
      const problem = describeFailure(provider.name, now.failureReason);
      const emailId = await withCaller(serviceRole, async (tx) => {
        const owed = { status: 'owed' as const, problem, providerRefundId: now.refundId };
        if (!(await settleRefund(tx, refund.id, owed))) return undefined;
        return queueEmail(
          tx,
          'refund_office_alert',
          failedRefundOfficeAlertMessage({
            reference: refund.reference,
            amountPence: refund.amountPence,
            problem,
          }),
          { bookingRequestId: refund.bookingId },
        );
      });
      if (emailId) await deliverQueuedEmails([emailId]);
      report.failed++;
    } catch (error) {
      log().error({ err: error, refundId: refund.id }, 'A waiting refund could not be asked about');
    }
  }
  return report;
}

/** What a booking's refunds came to: back with the guest, with the provider, still owed. */
export async function summariseRefunds(tx: Transaction, bookingId: string): Promise<RefundsSummary> {
  const sums = await sumRefunds(tx, bookingId);
  return { refundedPence: sums.refunded, pendingPence: sums.pending, owedPence: sums.owed };
}

/**
 * The office refunds money of booking `id` as `visitor` (an admin: RLS checks it again, and the refund
 * is recorded and audited in their name): everything received and not yet refunded, the policy's
 * amount if cancelled today, an amount up to what is left (a field refusal past it), or a session paid
 * but never recorded. Online money goes back through `provider` (null: none configured, so it is owed);
 * money paid to the office is owed until it returns it by hand. With an Idempotency-Key, a second
 * submit of the same form refunds nothing again.
 */
export async function refundFromOffice(
  payables: PayableSource,
  provider: PaymentProvider | null,
  visitor: Visitor,
  id: string,
  input: OfficeRefundInput,
  idempotencyKey?: string,
): Promise<void> {
  const caller = callerFor(visitor);
  const scope = `refund:${visitor.claims.sub}:${id}`;
  const now = new Date();
  const asked = await withCaller(caller, async (tx) => {
    // The refunds' trigger waits for any refund asked at the same moment; past it, this one is refused.
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(input));
      if (previous) return false;
    }
    const booking = await payables.readMoney(tx, id);
    if (!booking) throw payables.notFound();
    const requestedBy = adminOf(visitor);
    if (input.mode === 'session') {
      const session = await selectUnrecordedSession(tx, id, input.sessionId);
      if (!session)
        throw new Refusal('not_found', 'This booking has no such payment taken but not recorded.');
      const left = session.amountPence - session.refundedPence;
      if (left <= 0) throw new Refusal('conflict', 'This payment has been refunded already.');
      await insertRefund(tx, {
        bookingId: id,
        paymentId: null,
        paymentSessionId: session.id,
        amountPence: left,
        reason: 'office',
        status: 'pending',
        provider: session.provider,
        problem: null,
        requestedBy,
      });
    } else {
      // The policy is the stay's: it reads and refunds the stay's own payments, never a service's paid
      // on its own (refunded by its own rule); a full or typed refund may come from any of them.
      const payments = await selectRefundablePayments(
        tx,
        id,
        'office',
        input.mode === 'policy' ? 'the stay' : 'everything',
      );
      const left = payments.reduce((sum, payment) => sum + payment.amountPence - payment.refundedPence, 0);
      if (left === 0) throw new Refusal('conflict', 'Nothing received on this booking is left to refund.');
      const amountPence =
        input.mode === 'full'
          ? left
          : input.mode === 'policy'
            ? quotePolicyRefund(booking, payments, now).refundPence
            : (input.amountPence ?? 0);
      if (input.mode === 'amount' && amountPence > left) {
        throw new Refusal('invalid', `At most ${formatPence(left)} is left to refund.`, {
          amount: `Enter at most ${formatPence(left)}`,
        });
      }
      if (amountPence === 0) throw new Refusal('conflict', 'The cancellation policy refunds nothing today.');
      await recordRefunds(tx, payments, amountPence, { bookingId: id, reason: 'office', requestedBy });
    }
    if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: { ok: true } });
    return true;
  }).catch((error: unknown) => {
    if (!isPastWhatWasPaid(error)) throw error;
    throw new Refusal(
      'conflict',
      'That is more than is left to refund: it was refunded meanwhile. Look again.',
    );
  });
  if (asked) await sendPendingRefunds(payables, provider, caller, id);
}

/** Marks a refund owed (paid by hand, or refused by the provider) as returned by the office by hand; the guest is sent its credit note. */
export async function settleRefundByHand(
  payables: PayableSource,
  visitor: Visitor,
  id: string,
  refundId: string,
): Promise<void> {
  const emailId = await withCaller(callerFor(visitor), async (tx) => {
    if (!(await settleOwedRefund(tx, id, refundId))) {
      throw new Refusal(
        'not_found',
        'This booking has no such refund still owed; it may be settled already.',
      );
    }
    return queueCreditNote(payables, tx, id, refundId);
  });
  if (emailId) await sendCreditNotes(payables, [emailId]);
}
