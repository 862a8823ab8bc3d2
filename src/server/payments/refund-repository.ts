import type { RefundStatus } from '../../features/payment/refund-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate } from '../db/sql-format.ts';
import type { PaymentProviderName } from './providers/payment-provider.ts';

/**
 * The SQL of refunds (`payment_refunds`): what goes back from each payment of a booking, asked for,
 * settled, and summed. The database keeps each payment's refunds within what it brought in.
 */

/**
 * Whose transaction reads: the server reads the tables; an admin reads them whole (the provider's
 * references, the office's words) through the dashboard's admins-only views, since their column grants
 * keep those from every signed-in caller.
 */
export type Reader = 'server' | 'office';

const tablesOf = (reader: Reader) =>
  reader === 'office'
    ? {
        payments: 'dashboard.payments',
        refunds: 'dashboard.payment_refunds',
        sessions: 'dashboard.payment_sessions',
      }
    : { payments: 'public.payments', refunds: 'public.payment_refunds', sessions: 'public.payment_sessions' };

/** A payment of a booking with what can still go back from it, oldest first. */
export type RefundablePayment = {
  id: string;
  amountPence: number;
  /** What has gone back or been asked to, whatever its outcome. */
  refundedPence: number;
  provider: PaymentProviderName | null;
  providerReference: string | null;
  kind: string;
  createdAt: Date;
};

/**
 * A booking's payments with their refunds so far, read as the caller (RLS decides), oldest first:
 * every one, or (`of`) the stay's own only, or one service's paid on its own.
 */
export async function selectRefundablePayments(
  tx: Transaction,
  bookingId: string,
  reader: Reader = 'server',
  of: 'everything' | 'the stay' | { serviceId: string } = 'everything',
): Promise<RefundablePayment[]> {
  const scope =
    of === 'everything'
      ? ''
      : of === 'the stay'
        ? 'and payment.booking_service_id is null'
        : 'and payment.booking_service_id = $2';
  const tables = tablesOf(reader);
  return tx.query<RefundablePayment>(
    `select payment.id, payment.amount_pence as "amountPence", payment.kind, payment.created_at as "createdAt",
            payment.provider, payment.provider_reference as "providerReference",
            coalesce((select sum(refund.amount_pence) from ${tables.refunds} refund
                      where refund.payment_id = payment.id), 0)::integer as "refundedPence"
     from ${tables.payments} payment
     where payment.booking_request_id = $1 ${scope}
     order by payment.created_at, payment.id`,
    typeof of === 'object' ? [bookingId, of.serviceId] : [bookingId],
  );
}

export type NewRefund = {
  bookingId: string;
  paymentId: string | null;
  paymentSessionId: string | null;
  amountPence: number;
  reason: 'cancellation' | 'office';
  /** pending for a provider to take back; owed for the office to return by hand. */
  status: 'pending' | 'owed';
  provider: PaymentProviderName | null;
  problem: string | null;
  requestedBy: { id: string; email: string } | null;
};

/** Records a refund asked for; answers its id. The database refuses one past what was paid (23514). */
export async function insertRefund(tx: Transaction, refund: NewRefund): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into public.payment_refunds
       (booking_request_id, payment_id, payment_session_id, amount_pence, reason, status, provider, problem,
        requested_by, requested_by_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning id`,
    [
      refund.bookingId,
      refund.paymentId,
      refund.paymentSessionId,
      refund.amountPence,
      refund.reason,
      refund.status,
      refund.provider,
      refund.problem,
      refund.requestedBy?.id ?? null,
      refund.requestedBy?.email || null,
    ],
  );
  if (!row) throw new Error('The refund insert returned no row');
  return row.id;
}

/** A refund still to be asked of its provider, with what the provider needs to find the money. */
export type PendingRefund = {
  id: string;
  bookingId: string;
  amountPence: number;
  provider: PaymentProviderName;
  /** The provider's name for the money, from the ledger entry; null for an unrecorded session's. */
  providerReference: string | null;
  /** The unrecorded session the money came through (the provider names its payment); else null. */
  providerSessionId: string | null;
};

/**
 * A booking's refunds still to be asked of its provider (recorded before `askedBefore`, if given),
 * oldest first: pending, and not yet answered with a refund of the provider's that waits there.
 */
export async function selectPendingRefunds(
  tx: Transaction,
  bookingId: string,
  { askedBefore = new Date(8.64e15), reader = 'server' }: { askedBefore?: Date; reader?: Reader } = {},
): Promise<PendingRefund[]> {
  const tables = tablesOf(reader);
  return tx.query<PendingRefund>(
    `select refund.id, refund.booking_request_id as "bookingId", refund.amount_pence as "amountPence",
            refund.provider, payment.provider_reference as "providerReference",
            session.provider_session_id as "providerSessionId"
     from ${tables.refunds} refund
     left join ${tables.payments} payment on payment.id = refund.payment_id
     left join ${tables.sessions} session on session.id = refund.payment_session_id
     where refund.booking_request_id = $1 and refund.status = 'pending' and refund.created_at < $2
       and refund.provider_refund_id is null
     order by refund.created_at, refund.id`,
    [bookingId, askedBefore],
  );
}

/** A refund the provider made but has not finished: it waits there, to succeed or to fail. */
export type WaitingRefund = PendingRefund & { providerRefundId: string; reference: string };

/** Refunds waiting at `provider` (made there, not yet back with the guest), oldest first, at most `limit`. */
export async function selectWaitingRefunds(
  tx: Transaction,
  provider: PaymentProviderName,
  limit: number,
): Promise<WaitingRefund[]> {
  return tx.query<WaitingRefund>(
    `select refund.id, refund.booking_request_id as "bookingId", refund.amount_pence as "amountPence",
            refund.provider, payment.provider_reference as "providerReference",
            session.provider_session_id as "providerSessionId",
            refund.provider_refund_id as "providerRefundId", request.reference
     from public.payment_refunds refund
     join public.booking_requests request on request.id = refund.booking_request_id
     left join public.payments payment on payment.id = refund.payment_id
     left join public.payment_sessions session on session.id = refund.payment_session_id
     where refund.status = 'pending' and refund.provider_refund_id is not null and refund.provider = $1
     order by refund.created_at, refund.id limit $2`,
    [provider, limit],
  );
}

/** Records the provider's refund of a pending refund that waits there; false when it was settled already. */
export async function markRefundWaiting(
  tx: Transaction,
  id: string,
  providerRefundId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.payment_refunds set provider_refund_id = $2
     where id = $1 and status = 'pending' returning id`,
    [id, providerRefundId],
  );
  return rows.length > 0;
}

/**
 * Settles a pending refund with the provider's answer: refunded with its id, or owed with the reason.
 * False when another request settled it first (a double click asks the provider with the same key).
 */
export async function settleRefund(
  tx: Transaction,
  id: string,
  outcome:
    | { status: 'refunded'; providerRefundId: string | null }
    | { status: 'owed'; problem: string; providerRefundId?: string | null },
): Promise<boolean> {
  const rows = await tx.query(
    `update public.payment_refunds
     set status = $2, provider_refund_id = $3, problem = $4, settled_at = case when $2 = 'refunded' then now() end
     where id = $1 and status in ('pending', 'owed') and status <> $2
     returning id`,
    [
      id,
      outcome.status,
      outcome.providerRefundId ?? null,
      outcome.status === 'owed' ? outcome.problem : null,
    ],
  );
  return rows.length > 0;
}

/** What a booking's refunds came to, by status. */
export async function sumRefunds(tx: Transaction, bookingId: string): Promise<Record<RefundStatus, number>> {
  const rows = await tx.query<{ status: RefundStatus; pence: number }>(
    `select status, sum(amount_pence)::integer as pence from public.payment_refunds
     where booking_request_id = $1 group by status`,
    [bookingId],
  );
  const sums: Record<RefundStatus, number> = { pending: 0, refunded: 0, owed: 0 };
  for (const row of rows) sums[row.status] = row.pence;
  return sums;
}

/** Why each of a booking's refunds still owed is owed, with its amount, oldest first. */
export async function selectRefundProblems(
  tx: Transaction,
  bookingId: string,
  reader: Reader = 'server',
): Promise<string[]> {
  const rows = await tx.query<{ amountPence: number; problem: string | null }>(
    `select amount_pence as "amountPence", problem from ${tablesOf(reader).refunds}
     where booking_request_id = $1 and status = 'owed'
     order by created_at, id`,
    [bookingId],
  );
  return rows.map(({ amountPence, problem }) => `${formatPence(amountPence)}: ${problem ?? 'owed'}`);
}

/**
 * A session of the booking paid at the provider but never recorded, with what has been asked back of
 * it; undefined when there is none such. Read through the admins' view.
 */
export async function selectUnrecordedSession(
  tx: Transaction,
  bookingId: string,
  sessionId: string,
): Promise<
  { id: string; provider: PaymentProviderName; amountPence: number; refundedPence: number } | undefined
> {
  const [row] = await tx.query<{
    id: string;
    provider: PaymentProviderName;
    amountPence: number;
    refundedPence: number;
  }>(
    `select session.id, session.provider, session.amount_pence as "amountPence",
            coalesce((select sum(refund.amount_pence) from dashboard.payment_refunds refund
                      where refund.payment_session_id = session.id), 0)::integer as "refundedPence"
     from dashboard.payment_sessions session
     where session.id = $1 and session.booking_request_id = $2 and session.status = 'unrecorded'`,
    [sessionId, bookingId],
  );
  return row;
}

/** Marks an owed refund of the booking returned by hand; false when there is no such refund still owed. */
export async function settleOwedRefund(
  tx: Transaction,
  bookingId: string,
  refundId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.payment_refunds set status = 'refunded', settled_at = now()
     where id = $1 and booking_request_id = $2 and status = 'owed' returning id`,
    [refundId, bookingId],
  );
  return rows.length > 0;
}

/** Whether a database error is the refunds' cap: more asked back of a payment than it brought in. */
export const isPastWhatWasPaid = (error: unknown) => {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23514' && constraint === 'payment_refunds_within_what_was_paid';
};

/** A guest's own refunds, whatever their booking's status (a cancelled booking keeps its money on its card). */
export type OwnRefund = {
  id: string;
  bookingId: string;
  amountPence: number;
  status: RefundStatus;
  /** The Kerala day it was asked for. */
  askedOn: string;
  /** Back through the provider to the card (else by the office's hand). */
  toCard: boolean;
  /** The Kerala day it was back with the guest; null while it is not. */
  refundedOn: string | null;
};

/** The refunds of the given bookings, oldest first. */
export async function selectOwnRefunds(tx: Transaction, bookingIds: string[]): Promise<OwnRefund[]> {
  if (bookingIds.length === 0) return [];
  return tx.query<OwnRefund>(
    `select id, booking_request_id as "bookingId", amount_pence as "amountPence", status,
            ${isoDate(`created_at at time zone '${officeTimeZone}'`)} as "askedOn",
            provider is not null as "toCard",
            case when status = 'refunded' then ${isoDate(`settled_at at time zone '${officeTimeZone}'`)} end as "refundedOn"
     from public.payment_refunds refund where booking_request_id = any($1::uuid[])
       -- A service paid on its own shows its refund on its own card, never among the stay's payments.
       and not exists (select 1 from public.payments payment
                       where payment.id = refund.payment_id and payment.booking_service_id is not null)
     order by created_at, id`,
    [bookingIds],
  );
}

/** A refund back with its guest, as its credit note prints it. */
export type CreditedRefund = {
  id: string;
  bookingId: string;
  amountPence: number;
  reason: 'cancellation' | 'office';
  provider: PaymentProviderName | null;
  providerRefundId: string | null;
  creditNoteNumber: string;
  /** Kerala's day it was recorded refunded. */
  refundedOn: string;
  receiptNumber: string | null;
  /** The service its payment paid for on its own, if it did. */
  serviceId: string | null;
};

/** Refund `id` of booking `bookingId` if it is refunded (so it has its credit note's number), read as the server. */
export async function selectCreditedRefund(
  tx: Transaction,
  bookingId: string,
  id: string,
): Promise<CreditedRefund | undefined> {
  const [row] = await tx.query<CreditedRefund>(
    `select refund.id, refund.booking_request_id as "bookingId", refund.amount_pence as "amountPence",
            refund.reason, refund.provider, refund.provider_refund_id as "providerRefundId",
            refund.credit_note_number as "creditNoteNumber",
            ${isoDate(`coalesce(refund.settled_at, now()) at time zone '${officeTimeZone}'`)} as "refundedOn",
            payment.receipt_number as "receiptNumber", payment.booking_service_id as "serviceId"
     from public.payment_refunds refund
     left join public.payments payment on payment.id = refund.payment_id
     where refund.id = $1 and refund.booking_request_id = $2 and refund.status = 'refunded'
       and refund.credit_note_number is not null`,
    [id, bookingId],
  );
  return row;
}
