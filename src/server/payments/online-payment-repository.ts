import type { InRupees } from '../../features/payment/payment-contract.ts';
import type { PayableKind } from '../../lib/payment-due.ts';
import type { Transaction } from '../db/database.ts';
import type { PaymentProviderName } from './providers/payment-provider.ts';

/** The SQL of online payments: payment sessions, provider events, and the ledger entries they record. */

/**
 * A session's booking, for its reference: the payments' tables key on `booking_requests` (their foreign
 * key), and a row whose booking the caller may not see drops out.
 */
const joinBooking = 'join public.booking_requests request on request.id = session.booking_request_id';

export type StoredSession = {
  id: string;
  bookingId: string;
  /** The service it pays for on its own, when it pays one (payment_sessions.booking_service_id). */
  serviceId: string | null;
  reference: string;
  provider: PaymentProviderName;
  providerSessionId: string;
  kind: PayableKind;
  amountPence: number;
  /** What the guest pays in: GBP (amountPence), or INR (chargeMinor paise at the rate of rateOf). */
  currency: string;
  chargeMinor: number | null;
  rupeesPerPound: number | null;
  rateOf: string | null;
  status: 'open' | 'paid' | 'expired' | 'unrecorded';
  paymentId: string | null;
  createdAt: Date;
};

const sessionColumns = `session.id, session.booking_request_id as "bookingId",
  session.booking_service_id as "serviceId", request.reference,
  session.provider, session.provider_session_id as "providerSessionId", session.kind,
  session.amount_pence as "amountPence", session.currency, session.status, session.payment_id as "paymentId",
  session.charge_minor as "chargeMinor", session.rupees_per_pound::float8 as "rupeesPerPound",
  to_char(session.rate_of, 'YYYY-MM-DD') as "rateOf", session.created_at as "createdAt"`;

/** Records a session the provider opened; one in rupees with the paise it asks and their rate. */
export async function insertPaymentSession(
  tx: Transaction,
  session: Pick<
    StoredSession,
    'bookingId' | 'provider' | 'providerSessionId' | 'kind' | 'amountPence' | 'currency'
  > &
    Partial<Pick<StoredSession, 'serviceId' | 'chargeMinor' | 'rupeesPerPound' | 'rateOf'>>,
): Promise<void> {
  await tx.query(
    `insert into public.payment_sessions
       (booking_request_id, provider, provider_session_id, kind, amount_pence, currency,
        charge_minor, rupees_per_pound, rate_of, booking_service_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     -- Two clicks at once open one session at the provider (its Idempotency-Key): stored once.
     on conflict on constraint payment_sessions_once_per_provider_session do nothing`,
    [
      session.bookingId,
      session.provider,
      session.providerSessionId,
      session.kind,
      session.amountPence,
      session.currency,
      session.chargeMinor ?? null,
      session.rupeesPerPound ?? null,
      session.rateOf ?? null,
      session.serviceId ?? null,
    ],
  );
}

/**
 * The newest session of a booking (of the stay, or of one of its services: `serviceId`) still open for
 * this kind and amount (in the same currency and, in rupees, the same paise), opened since `since`: a
 * second click on Pay goes back to it rather than opening another that could be paid twice.
 */
export async function selectOpenSession(
  tx: Transaction,
  { bookingId, serviceId = null }: { bookingId: string; serviceId?: string | null },
  provider: PaymentProviderName,
  due: { kind: PayableKind; amountPence: number; currency?: string; chargeMinor?: number },
  since: Date,
): Promise<StoredSession | undefined> {
  const [row] = await tx.query<StoredSession>(
    `select ${sessionColumns}
     from public.payment_sessions session ${joinBooking}
     where session.booking_request_id = $1 and session.provider = $2 and session.kind = $3
       and session.amount_pence = $4 and session.status = 'open' and session.created_at >= $5
       and session.currency = $6 and session.charge_minor is not distinct from $7
       and session.booking_service_id is not distinct from $8
     order by session.created_at desc limit 1`,
    [
      bookingId,
      provider,
      due.kind,
      due.amountPence,
      since,
      due.currency ?? 'GBP',
      due.chargeMinor ?? null,
      serviceId,
    ],
  );
  return row;
}

/** A provider's session as we recorded it, locked until the transaction ends; undefined if not ours. */
export async function lockPaymentSession(
  tx: Transaction,
  provider: PaymentProviderName,
  providerSessionId: string,
): Promise<StoredSession | undefined> {
  const [row] = await tx.query<StoredSession>(
    `select ${sessionColumns}
     from public.payment_sessions session ${joinBooking}
     where session.provider = $1 and session.provider_session_id = $2
     for update of session`,
    [provider, providerSessionId],
  );
  return row;
}

/**
 * The sessions of `provider` still open that were opened before `openedBefore`, oldest first: those
 * whose webhook never came and whose guest never came back.
 */
export async function selectUnsettledSessions(
  tx: Transaction,
  provider: PaymentProviderName,
  openedBefore: Date,
  limit: number,
): Promise<StoredSession[]> {
  return tx.query<StoredSession>(
    `select ${sessionColumns}
     from public.payment_sessions session ${joinBooking}
     where session.provider = $1 and session.status = 'open' and session.created_at < $2
     order by session.created_at limit $3`,
    [provider, openedBefore, limit],
  );
}

/** Marks a session settled: paid (with its ledger entry), expired, or paid but refused by the ledger. */
export async function settlePaymentSession(
  tx: Transaction,
  id: string,
  status: 'paid' | 'expired' | 'unrecorded',
  paymentId: string | null,
): Promise<void> {
  await tx.query(
    'update public.payment_sessions set status = $2, payment_id = $3, settled_at = now() where id = $1',
    [id, status, paymentId],
  );
}

/** Stores a provider event's id; false when it was stored before (a retried or replayed delivery). */
export async function claimProviderEvent(
  tx: Transaction,
  event: { provider: PaymentProviderName; eventId: string; type: string; providerSessionId: string | null },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into public.payment_provider_events (provider, event_id, type, provider_session_id)
     values ($1, $2, $3, $4) on conflict (provider, event_id) do nothing returning event_id`,
    [event.provider, event.eventId, event.type, event.providerSessionId],
  );
  return rows.length > 0;
}

export type OnlinePayment = {
  bookingId: string;
  /** The service it pays for on its own, when it pays one. */
  serviceId?: string | null;
  kind: PayableKind;
  /** In pounds, what the ledger sums: for a payment in rupees, the pounds it stands for. */
  amountPence: number;
  receivedOn: string;
  provider: PaymentProviderName;
  providerReference: string;
  /** How the guest paid; a card when unsaid. */
  method?: 'card' | 'upi';
  /** Set for a payment in rupees: the paise paid, at the rate amountPence was worked out by. */
  inRupees?: InRupees;
};

/**
 * Records money a provider took in the ledger, once per provider reference. What the ledger's trigger
 * refuses is answered by name: the booking is no longer confirmed, or the money would pass its total.
 * Runs in a savepoint, so the transaction can still record why.
 */
export async function insertOnlinePayment(
  tx: Transaction,
  payment: OnlinePayment,
): Promise<{ outcome: 'recorded'; id: string } | { outcome: 'duplicate' | 'not_confirmed' | 'over_total' }> {
  await tx.query('savepoint record_online_payment');
  try {
    const [row] = await tx.query<{ id: string }>(
      `insert into public.payments
         (booking_request_id, kind, amount_pence, received_on, method, provider, provider_reference,
          paid_currency, paid_minor, rupees_per_pound, rate_of, booking_service_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (provider, provider_reference) do nothing
       returning id`,
      [
        payment.bookingId,
        payment.kind,
        payment.amountPence,
        payment.receivedOn,
        payment.method ?? 'card',
        payment.provider,
        payment.providerReference,
        payment.inRupees ? 'INR' : 'GBP',
        payment.inRupees?.paise ?? null,
        payment.inRupees?.rupeesPerPound ?? null,
        payment.inRupees?.rateOf ?? null,
        payment.serviceId ?? null,
      ],
    );
    await tx.query('release savepoint record_online_payment');
    return row ? { outcome: 'recorded', id: row.id } : { outcome: 'duplicate' };
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    // A service's: cancelled or unconfirmed meanwhile, past its price, or paid already by another
    // session (a second tab's): kept unrecorded for the office to refund, as the stay's are.
    const outcome =
      code === '23514' &&
      (constraint === 'payments_only_on_confirmed_bookings' ||
        constraint === 'payments_only_on_confirmed_services')
        ? 'not_confirmed'
        : (code === '23514' &&
              (constraint === 'payments_within_the_booking_total' ||
                constraint === 'payments_within_the_service_price')) ||
            (code === '23505' && constraint === 'payments_one_per_service')
          ? 'over_total'
          : undefined;
    if (!outcome) throw error;
    await tx.query('rollback to savepoint record_online_payment');
    return { outcome };
  }
}
