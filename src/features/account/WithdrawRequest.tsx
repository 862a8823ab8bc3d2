import { useEffect, useRef, useState } from 'react';
import { accountWithdrawalRoute } from '../../lib/api-contract.ts';
import { requestJson } from '../api/client.ts';
import { type AccountBookingRequest, bookingWithdrawalSchema } from '../booking/booking-contract.ts';

/**
 * A request not yet confirmed, withdrawn by its guest: an action that first says, in plain words, what
 * withdrawing means, then asks once more. The server refuses once the office has answered.
 */
export function WithdrawRequest({ request }: { request: AccountBookingRequest }) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const sent = useRef(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function withdraw() {
    if (sent.current) return;
    sent.current = true;
    setSending(true);
    setProblem('');
    const answer = await requestJson(accountWithdrawalRoute(request.id), bookingWithdrawalSchema, {
      method: 'POST',
    });
    if (answer.ok) {
      // The whole list is read again, this request with its new status.
      window.location.reload();
      return;
    }
    sent.current = false;
    setSending(false);
    setProblem(answer.message);
  }

  // A plain block, not a named region: a guest with several requests would have several of one name.
  return (
    <div className="request__cancel">
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {confirming ? (
        <div className="request__confirm">
          <p>
            Withdraw {request.reference}? We stop holding your request for these dates and will not confirm
            it. Nothing has been paid, so nothing is owed, and we email you to say it is withdrawn. This
            cannot be undone; for these dates again, send a new request.
          </p>
          <p className="actions">
            <button
              ref={confirmRef}
              className="button button--primary"
              type="button"
              onClick={() => void withdraw()}
              disabled={sending}
            >
              {sending ? 'Withdrawing…' : 'Yes, withdraw this request'}
            </button>
            <button
              className="button button--ghost"
              type="button"
              onClick={() => setConfirming(false)}
              disabled={sending}
            >
              Keep my request
            </button>
          </p>
        </div>
      ) : (
        <p className="actions">
          <button className="button button--ghost" type="button" onClick={() => setConfirming(true)}>
            Withdraw this request…<span className="visually-hidden"> {request.reference}</span>
          </button>
        </p>
      )}
    </div>
  );
}
