import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminRefundRoute, adminRefundsRoute } from '../../lib/api-contract.ts';
import { formatKeralaTime as formatOfficeTime } from '../../lib/dates.ts';
import { readPoundsAsPence } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { describeRefundPlan, splitRefund, splitRefundable } from '../../lib/refund-split.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  type BookingLedgerAnswer,
  bookingLedgerAnswerSchema,
  type OnlineSession,
} from './payment-ledger-contract.ts';

/** The form's choices, the policy's with its amount today so the office sees it before choosing. */
function refundModes(ledger: BookingLedgerAnswer) {
  const policy = ledger.policyRefund;
  return [
    { value: 'full', label: 'Everything received and not yet refunded' },
    {
      value: 'policy',
      label: policy
        ? `What the cancellation policy refunds today: ${formatPence(policy.refundPence)} (${policy.rule})`
        : 'What the cancellation policy refunds today',
    },
    { value: 'amount', label: 'An amount' },
  ];
}

/** The amount a choice of the form refunds, or null when the server must judge it (an unreadable amount). */
function chosenPence(ledger: BookingLedgerAnswer, mode: string, amount: string, left: number): number | null {
  if (mode === 'full') return left;
  if (mode === 'policy') return ledger.policyRefund?.refundPence ?? null;
  const pence = readPoundsAsPence(amount);
  return pence !== null && pence > 0 && pence <= left ? pence : null;
}

/** What can go back, card money (the provider returns it) apart from office money (returned by hand). */
function describeRefundable(ledger: BookingLedgerAnswer): string {
  const { cardPence, handPence } = splitRefundable(
    ledger.payments.map((payment) => ({ ...payment, createdAt: new Date(payment.createdAt) })),
  );
  return [
    cardPence > 0 && `${formatPence(cardPence)} can go back to the card`,
    handPence > 0 && `${formatPence(handPence)} paid to the office goes back by hand`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** The question asked before `pence` is refunded, by the rule the server records the refund with. */
function confirmationOf(ledger: BookingLedgerAnswer, pence: number): string {
  const payments = ledger.payments.map((payment) => ({ ...payment, createdAt: new Date(payment.createdAt) }));
  return describeRefundPlan(splitRefund(payments, pence).shares);
}

const refundStatusWords = {
  pending: 'waiting at the provider, to go back',
  refunded: 'refunded',
  owed: 'owed back',
} as const;
const refundReasonWords = { cancellation: 'the guest cancelled', office: 'the office refunded' } as const;

/** A session's state in the office's words: pending, paid, failed, refunded, or taken but not recorded. */
function describeSession(session: OnlineSession, ledger: BookingLedgerAnswer): string {
  if (session.status === 'open') return 'pending';
  if (session.status === 'expired') return 'failed: never paid';
  if (session.status === 'unrecorded') {
    return session.refundedPence >= session.amountPence
      ? 'paid but not recorded; refunded'
      : 'paid but not recorded (the booking could not take it): refund it';
  }
  const payment = ledger.payments.find(({ id }) => id === session.paymentId);
  if (payment && payment.refundedPence >= payment.amountPence) return 'refunded';
  if (payment && payment.refundedPence > 0) return `paid; ${formatPence(payment.refundedPence)} refunded`;
  return 'paid';
}

/**
 * A booking's online payments and refunds on its Payments: each session at the provider with its
 * reference and state, each refund with what became of it (one still owed can be marked returned by
 * hand), and the form that refunds: in full, the policy's amount, or an amount. Each fill of the form
 * carries its own Idempotency-Key, so a double submit refunds once.
 */
export function BookingRefunds({
  bookingId,
  ledger,
  show,
  onSessionGone,
}: {
  bookingId: string;
  ledger: BookingLedgerAnswer;
  show: (ledger: BookingLedgerAnswer) => void;
  onSessionGone: () => void;
}) {
  const [mode, setMode] = useState('full');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(crypto.randomUUID());
  // The refund waiting for the office's yes: its amount and the question that names where it goes.
  const [asking, setAsking] = useState<{ pence: number; question: string } | null>(null);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  async function send(body: unknown, done: string, route = adminRefundsRoute(bookingId), method = 'POST') {
    if (sending) return;
    setSending(true);
    setRefusal('');
    setMessage('');
    const answer = await requestJson(route, bookingLedgerAnswerSchema, {
      method,
      body,
      headers: method === 'POST' ? { 'idempotency-key': key.current } : {},
    });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setErrors(answer.fields);
      setRefusal(answer.message);
      return;
    }
    setErrors({});
    show(answer.data);
    setMessage(done);
    key.current = crypto.randomUUID();
  }

  const left = ledger.payments.reduce((sum, payment) => sum + payment.amountPence - payment.refundedPence, 0);

  // The first submit only asks: nothing moves until the office answers the question naming the amount.
  // An amount the form cannot read goes to the server, which refuses it beside its field.
  function refund(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const pence = chosenPence(ledger, mode, amount, left);
    if (pence === null || pence === 0) return void sendRefund();
    setRefusal('');
    setMessage('');
    setAsking({ pence, question: confirmationOf(ledger, pence) });
  }

  function sendRefund() {
    setAsking(null);
    void send(
      mode === 'amount' ? { mode, amount } : { mode },
      'Refund asked for: see Refunds for what became of it.',
    );
  }
  return (
    <>
      {ledger.sessions.length > 0 && (
        <>
          <h4>Online payments</h4>
          <ul className="ledger__entries">
            {ledger.sessions.map((session) => (
              <li key={session.id}>
                <span>
                  {formatPence(session.amountPence)} {session.kind} through {session.provider} (
                  {session.providerSessionId}), {formatOfficeTime(session.createdAt)}:{' '}
                  <strong>{describeSession(session, ledger)}</strong>
                </span>
                {session.status === 'unrecorded' && session.refundedPence < session.amountPence && (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={sending}
                    onClick={() =>
                      void send(
                        { mode: 'session', sessionId: session.id },
                        'Refund of the unrecorded payment asked for.',
                      )
                    }
                  >
                    Refund {formatPence(session.amountPence - session.refundedPence)}
                    <span className="visually-hidden"> of session {session.providerSessionId}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {ledger.refunds.length > 0 && (
        <>
          <h4>Refunds ({formatPence(ledger.refundedPence)} refunded)</h4>
          <ul className="ledger__entries">
            {ledger.refunds.map((refund) => (
              <li key={refund.id}>
                <span>
                  <strong>
                    {formatPence(refund.amountPence)} {refundStatusWords[refund.status]}
                    {refund.provider ? ' to the card it was paid with' : ' by hand'}
                  </strong>{' '}
                  ({refundReasonWords[refund.reason]}
                  {refund.provider && `, through ${refund.provider}`})
                  {refund.providerRefundId && ` (${refund.providerRefundId})`}
                  {refund.status === 'owed' && refund.problem && `: ${refund.problem}`}
                  <span className="ledger__who">
                    {' '}
                    (asked {formatOfficeTime(refund.createdAt)}
                    {refund.requestedByEmail ? ` by ${refund.requestedByEmail}` : ''})
                  </span>
                </span>
                {refund.status === 'owed' && (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={sending}
                    onClick={() =>
                      void send(
                        { status: 'refunded' },
                        `${formatPence(refund.amountPence)} marked returned by hand.`,
                        adminRefundRoute(bookingId, refund.id),
                        'PATCH',
                      )
                    }
                  >
                    Mark returned by hand
                    <span className="visually-hidden"> ({formatPence(refund.amountPence)})</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="admin-detail__done" aria-live="polite">
        {message}
      </p>
      {refusal && (
        <p className="form__message" role="alert">
          {refusal}
        </p>
      )}
      {left > 0 && (
        <form className="ledger__form" noValidate onSubmit={refund}>
          <fieldset>
            <legend>Refund ({describeRefundable(ledger)})</legend>
            <SelectField
              name="mode"
              label="Refund"
              placeholder="Choose how much"
              options={refundModes(ledger)}
              value={mode}
              error={errors.mode}
              onValueChange={(_name, value) => {
                setMode(value);
                setAsking(null);
              }}
            />
            {mode === 'amount' && (
              <TextField
                name="amount"
                label="Amount to refund in pounds"
                hint={`At most ${formatPence(left)}`}
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                value={amount}
                error={errors.amount}
                onValueChange={(_name, value) => {
                  setAmount(value);
                  setAsking(null);
                }}
              />
            )}
            {asking ? (
              <div className="ledger__confirm">
                <p ref={question} tabIndex={-1} id={`refund-question-${bookingId}`}>
                  <strong>{asking.question}</strong>
                </p>
                <button
                  className="button button--primary"
                  type="button"
                  disabled={sending}
                  aria-busy={sending}
                  aria-describedby={`refund-question-${bookingId}`}
                  onClick={sendRefund}
                >
                  Yes, refund {formatPence(asking.pence)}
                </button>{' '}
                <button className="button button--ghost" type="button" onClick={() => setAsking(null)}>
                  No, go back
                </button>
              </div>
            ) : (
              <button className="button button--primary" type="submit" disabled={sending} aria-busy={sending}>
                {sending ? 'Refunding…' : 'Refund…'}
              </button>
            )}
          </fieldset>
        </form>
      )}
    </>
  );
}
