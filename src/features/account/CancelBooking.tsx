import { useEffect, useRef, useState } from 'react';
import { accountCancellationRoute } from '../../lib/api-contract.ts';
import { formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import { requestJson } from '../api/client.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import {
  type BookingCancellation,
  bookingCancellationSchema,
  type RefundsSummary,
} from '../payment/refund-contract.ts';

type Loaded =
  | { status: 'loading' }
  | { status: 'loaded'; cancellation: BookingCancellation }
  | { status: 'failed'; message: string };

/** What went back to the guest, a sentence each; none when nothing was refunded. */
function RefundLines({ refunds }: { refunds: RefundsSummary }) {
  const lines = [
    refunds.refundedPence > 0 && `Refunded ${formatPence(refunds.refundedPence)} to your card.`,
    refunds.pendingPence > 0 && `Being refunded to your card: ${formatPence(refunds.pendingPence)}.`,
    refunds.owedPence > 0 &&
      `Still to come back: ${formatPence(refunds.owedPence)}, which the office returns within 14 days.`,
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <ul className="request__refunds">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * A booking's cancellation on the account page: on a confirmed stay, what cancelling today would
 * refund by the policy (the server's figure) and a Cancel action that asks first; on a cancelled one,
 * what went back. The server works the refund out again when asked to cancel.
 */
export function CancelBooking({ request }: { request: AccountBookingRequest }) {
  const shown = request.status === 'confirmed' || request.status === 'cancelled';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const sent = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const route = accountCancellationRoute(request.id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per booking and status
  useEffect(() => {
    if (!shown) return;
    void requestJson(route, bookingCancellationSchema).then((answer) =>
      setLoaded(
        answer.ok
          ? { status: 'loaded', cancellation: answer.data }
          : { status: 'failed', message: answer.message },
      ),
    );
  }, [route, request.status]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  if (!shown || loaded.status === 'loading') return null;
  if (loaded.status === 'failed') {
    return <p className="request__cancel">We could not say what cancelling would refund: {loaded.message}</p>;
  }
  const { offer, refunds } = loaded.cancellation;
  if (!offer) return <RefundLines refunds={refunds} />;

  async function cancel() {
    if (sent.current) return;
    sent.current = true;
    setSending(true);
    setProblem('');
    const answer = await requestJson(route, bookingCancellationSchema, { method: 'POST' });
    if (answer.ok) {
      // The whole list is read again: this booking's status, its payments and what went back.
      window.location.reload();
      return;
    }
    sent.current = false;
    setSending(false);
    setProblem(answer.message);
  }

  const refund = formatPence(offer.refundPence);
  const titleId = `cancel-${request.id}`;
  return (
    <section className="request__cancel" aria-labelledby={titleId}>
      <h4 id={titleId}>Cancelling</h4>
      <p>
        {offer.refundPence > 0
          ? `If you cancel today, we refund ${refund} of the ${formatPence(offer.paidPence)} you paid`
          : offer.paidPence > 0
            ? `If you cancel today, nothing of the ${formatPence(offer.paidPence)} you paid is refunded`
            : 'If you cancel today, nothing is owed'}{' '}
        ({offer.rule}; see the <a href={paths.cancellationPolicy}>cancellation policy</a>).
      </p>
      <RefundLines refunds={refunds} />
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {confirming ? (
        <div className="request__confirm">
          <p id={`${titleId}-ask`}>
            Cancel {request.reference}
            {offer.refundPence > 0 ? ` and refund ${refund}` : ''}? This cannot be undone.
          </p>
          <p className="actions">
            <button
              ref={confirmRef}
              className="button button--primary"
              type="button"
              onClick={() => void cancel()}
              disabled={sending}
            >
              {sending ? 'Cancelling…' : 'Yes, cancel this booking'}
            </button>
            <button
              className="button button--ghost"
              type="button"
              onClick={() => setConfirming(false)}
              disabled={sending}
            >
              Keep my booking
            </button>
          </p>
        </div>
      ) : (
        <p className="actions">
          <button className="button button--ghost" type="button" onClick={() => setConfirming(true)}>
            Cancel this booking…
          </button>
        </p>
      )}
    </section>
  );
}
