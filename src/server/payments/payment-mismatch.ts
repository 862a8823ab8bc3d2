import content from '../../content/site.json' with { type: 'json' };
import { formatPaise, formatPence } from '../../lib/money.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import type { Email } from '../email/email.ts';
import { Refusal } from '../refusal.ts';
import { log } from '../runtime/logger.ts';
import type { StoredSession } from './online-payment-repository.ts';
import type { PaymentProviderName, SessionState } from './providers/payment-provider.ts';

/**
 * A provider saying a session was paid an amount or in a currency other than it was opened for: the
 * money is not recorded (a refusal, 409, nothing stored) and the office is told once per session, in
 * its own transaction, since the refused one stores nothing and the provider retries it.
 */

const { site } = content;

const describeAmount = (minor: number, currency: string) =>
  currency === 'GBP'
    ? formatPence(minor)
    : currency === 'INR'
      ? formatPaise(minor)
      : `${minor} ${currency} (minor units)`;

/** The refusal a settlement throws; its fields are what the office is told. */
export class PaymentMismatch extends Refusal {
  readonly session: StoredSession;
  readonly state: SessionState;
  readonly asked: number;

  constructor(session: StoredSession, state: SessionState, asked: number) {
    super(
      'conflict',
      `Session ${state.sessionId} was paid ${state.amount.minor} ${state.amount.currency}, not the ${asked} ${session.currency} it was opened for.`,
    );
    this.session = session;
    this.state = state;
    this.asked = asked;
  }
}

/** The office's alert: which booking, what was asked and what the provider says was paid. */
export function mismatchAlertMessage(provider: PaymentProviderName, mismatch: PaymentMismatch): Email {
  const { session, state, asked } = mismatch;
  return {
    to: site.office.email,
    subject: `Payment to check: ${session.reference}, ${provider} session ${state.sessionId} does not match what was due`,
    text: [
      `${provider} says session ${state.sessionId} of ${session.reference} was paid ${describeAmount(state.amount.minor, state.amount.currency)}, but it was opened for ${describeAmount(asked ?? 0, session.currency)} (the ${session.kind}, ${formatPence(session.amountPence)}).`,
      `Payment reference: ${state.paymentReference ?? 'none given'}.`,
      '',
      "Nothing was recorded in the booking's ledger. Check the payment on the provider's dashboard: refund it there if it was taken, and record what the guest really paid by hand.",
    ].join('\n'),
  };
}

/** Queues and sends the office's alert of `mismatch`, unless this session's was queued before. */
export async function tellOfficeOfMismatch(
  provider: PaymentProviderName,
  mismatch: PaymentMismatch,
): Promise<void> {
  log().error({ provider }, mismatch.message);
  const message = mismatchAlertMessage(provider, mismatch);
  const emailId = await withCaller(serviceRole, async (tx) => {
    // One alert a session: a transaction-scoped lock keeps two deliveries at once from both sending.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [message.subject]);
    const [sent] = await tx.query(
      `select 1 from public.email_outbox where kind = 'refund_office_alert' and booking_request_id = $1 and subject = $2`,
      [mismatch.session.bookingId, message.subject],
    );
    if (sent) return undefined;
    return queueEmail(tx, 'refund_office_alert', message, { bookingRequestId: mismatch.session.bookingId });
  });
  if (emailId) await deliverQueuedEmails([emailId]);
}
