import { useState } from 'react';
import { adminBalanceReminderRoute } from '../../lib/api-contract.ts';
import { formatKeralaTime } from '../../lib/dates.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { balanceReminderAnswerSchema } from './payment-ledger-contract.ts';

type Props = {
  bookingId: string;
  /** Who the button is about, for its accessible name: "Send reminder to Meera Pillai (KV-2027-0042)". */
  about: string;
  lastReminderAt: string | null;
  onSessionGone: () => void;
};

/**
 * The office's "Send reminder": queues the guest's balance reminder now and says when the last one
 * went. The button stays disabled while one is on its way, and the server stores one per press.
 */
export function SendReminder({ bookingId, about, lastReminderAt, onSessionGone }: Props) {
  const [last, setLast] = useState(lastReminderAt);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function send() {
    setSending(true);
    setOutcome(null);
    const answer = await requestJson(adminBalanceReminderRoute(bookingId), balanceReminderAnswerSchema, {
      method: 'POST',
    });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) return setOutcome({ ok: false, message: answer.message });
    setLast(answer.data.lastReminderAt);
    setOutcome({
      ok: true,
      message: answer.data.queued ? 'Reminder sent.' : 'A reminder went in the last minute; none sent again.',
    });
  }

  return (
    <div className="send-reminder">
      <button
        type="button"
        className="button button--ghost"
        disabled={sending}
        aria-label={`Send reminder to ${about}`}
        onClick={() => void send()}
      >
        {sending ? 'Sending…' : 'Send reminder'}
      </button>
      <p className="send-reminder__last">
        {last ? `Last reminder ${formatKeralaTime(last)}` : 'No reminder sent yet'}
      </p>
      <p className={outcome?.ok === false ? 'form__message' : 'send-reminder__sent'} role="status">
        {outcome?.message}
      </p>
    </div>
  );
}
