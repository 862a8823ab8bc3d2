import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminPaymentRoute, adminPaymentsRoute, adminReceiptRoute } from '../../lib/api-contract.ts';
import { formatKeralaTime as formatOfficeTime, formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { describeNetPaid } from '../../lib/refund-split.ts';
import { describeAmountPaid } from '../../lib/rupee-payment.ts';
import { BookingSectionBody, useBookingSection } from '../api/BookingSection.tsx';
import { isSessionGone, requestJson } from '../api/client.ts';
import { BookingRefunds } from './BookingRefunds.tsx';
import { type LedgerSummaryAnswer, paymentKindLabels, paymentKinds } from './payment-contract.ts';
import {
  bookingLedgerAnswerSchema,
  paymentMethodLabels,
  paymentMethods,
  paymentNoteMaxLength,
} from './payment-ledger-contract.ts';

type Draft = { kind: string; amount: string; receivedOn: string; method: string; note: string };

/**
 * A new payment's form, prefilled with what is due: the deposit (or the whole stay) while it is
 * unpaid, else the rest of the balance; nothing when all is received.
 */
export function freshDraft(summary?: Pick<LedgerSummaryAnswer, 'dueNowPence' | 'outstandingPence'>): Draft {
  const due = summary?.dueNowPence ? summary.dueNowPence : (summary?.outstandingPence ?? 0);
  return {
    kind: summary && !summary.dueNowPence && summary.outstandingPence ? 'balance' : 'deposit',
    amount: due > 0 ? (due / 100).toFixed(2).replace(/\.00$/, '') : '',
    receivedOn: todayInKerala(),
    method: '',
    note: '',
  };
}

const kindOptions = paymentKinds.map((kind) => ({ value: kind, label: paymentKindLabels[kind] }));
const methodOptions = paymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }));

/** What the booking owes, in the words the office uses; the same facts the guest's account page shows. */
export function LedgerFacts({
  summary,
  refundedPence = 0,
}: {
  summary: LedgerSummaryAnswer;
  /** Back with the guest: the received line then nets it, and nothing says "paid in full". */
  refundedPence?: number;
}) {
  return (
    <dl className="admin-detail__fields ledger__facts">
      <div>
        <dt>Total</dt>
        <dd>{formatPence(summary.totalPence)}</dd>
      </div>
      {summary.balanceDueDate ? (
        <>
          <div>
            <dt>Deposit, due on confirmation</dt>
            <dd>{formatPence(summary.depositPence)}</dd>
          </div>
          <div>
            <dt>Balance due by</dt>
            <dd>
              {formatPence(summary.totalPence - summary.depositPence)} by{' '}
              {formatStayDate(summary.balanceDueDate)}
            </dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Due on confirmation</dt>
          <dd>The whole stay, {formatPence(summary.totalPence)}</dd>
        </div>
      )}
      <div>
        <dt>Received</dt>
        <dd>
          {refundedPence > 0
            ? describeNetPaid(summary.receivedPence, refundedPence)
            : formatPence(summary.receivedPence)}
        </dd>
      </div>
      <div>
        <dt>Outstanding</dt>
        <dd>
          {summary.outstandingPence === 0
            ? refundedPence > 0
              ? 'Nothing more is owed'
              : 'Nothing: paid in full'
            : formatPence(summary.outstandingPence)}
          {summary.dueNowPence > 0 && `, of which ${formatPence(summary.dueNowPence)} is due now`}
          {summary.overdue && ` (overdue by ${describeDays(summary.daysOverdue)})`}
        </dd>
      </div>
    </dl>
  );
}

export const describeDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * A booking's payments on its detail: what is owed and received, the entries (each removable when
 * recorded by mistake), and, on a confirmed booking, the form that records one. Each fill of the form
 * carries its own Idempotency-Key, so a double submit stores one payment.
 */
export function BookingPayments({
  bookingId,
  onSessionGone,
}: {
  bookingId: string;
  onSessionGone: () => void;
}) {
  const { section, show } = useBookingSection(
    adminPaymentsRoute(bookingId),
    bookingLedgerAnswerSchema,
    onSessionGone,
  );
  const [draft, setDraft] = useState<Draft>(() => freshDraft());
  // The form is prefilled once the ledger says what is due, unless the office has started typing.
  const prefilled = useRef(false);
  const loadedSummary = section.status === 'loaded' ? section.data.summary : undefined;
  useEffect(() => {
    if (!loadedSummary || prefilled.current) return;
    prefilled.current = true;
    setDraft((current) => (current.amount ? current : freshDraft(loadedSummary)));
  }, [loadedSummary]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());

  async function record(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setRefusal('');
    setDone('');
    const answer = await requestJson(adminPaymentsRoute(bookingId), bookingLedgerAnswerSchema, {
      method: 'POST',
      body: { ...draft, note: draft.note || undefined },
      headers: { 'idempotency-key': key.current },
    });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setErrors(answer.fields);
      setRefusal(answer.message);
      // A refused payment was not stored, so the same key may go again; a 409 over the key cannot happen.
      return;
    }
    setErrors({});
    show(answer.data);
    setDone(
      `${paymentKindLabels[draft.kind as keyof typeof paymentKindLabels]} of £${draft.amount.replace(/^£\s*/, '')} recorded.`,
    );
    setDraft(freshDraft(answer.data.summary));
    key.current = crypto.randomUUID();
  }

  async function remove(paymentId: string, description: string) {
    setAsking(null);
    setRemoving(paymentId);
    setRefusal('');
    setDone('');
    const answer = await requestJson(adminPaymentRoute(bookingId, paymentId), bookingLedgerAnswerSchema, {
      method: 'DELETE',
    });
    setRemoving(null);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) {
      setRefusal(answer.message);
      return;
    }
    show(answer.data);
    setDone(`Entry removed: ${description}.`);
  }

  const change = (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const field = (name: keyof Draft) => ({
    name,
    value: draft[name],
    error: errors[name],
    onValueChange: change,
  });

  return (
    <section className="ledger" aria-labelledby="payments-title">
      <h3 id="payments-title">Payments</h3>
      <BookingSectionBody section={section} loading="Loading the payments…">
        {(ledger) => (
          <>
            <LedgerFacts summary={ledger.summary} refundedPence={ledger.refundedPence} />
            {ledger.payments.length === 0 ? (
              <p>No payments recorded yet.</p>
            ) : (
              <ul className="ledger__entries">
                {ledger.payments.map((payment) => {
                  const description = `${describeAmountPaid({ pence: payment.amountPence, inRupees: payment.inRupees })} ${paymentKindLabels[payment.kind].toLowerCase()} by ${paymentMethodLabels[payment.method].toLowerCase()}, received ${formatStayDate(payment.receivedOn)}`;
                  return (
                    <li key={payment.id}>
                      <span>
                        {description}
                        {payment.provider &&
                          ` online through ${payment.provider} (${payment.providerReference})`}
                        {payment.refundedPence > 0 && `; ${formatPence(payment.refundedPence)} refunded`}
                        {payment.note && <span className="ledger__note">: {payment.note}</span>}
                        <span className="ledger__who">
                          {' '}
                          (recorded {formatOfficeTime(payment.createdAt)}
                          {payment.recordedByEmail ? ` by ${payment.recordedByEmail}` : ''})
                        </span>
                      </span>{' '}
                      <a href={adminReceiptRoute(bookingId, payment.id)} download>
                        Receipt (PDF)<span className="visually-hidden"> of the entry of {description}</span>
                      </a>{' '}
                      {asking === payment.id ? (
                        <span className="ledger__question">
                          Remove this entry? The audit log keeps a record of it.{' '}
                          <button
                            type="button"
                            className="button button--danger"
                            onClick={() => void remove(payment.id, description)}
                          >
                            Yes, remove it
                          </button>{' '}
                          <button
                            type="button"
                            className="button button--ghost"
                            onClick={() => setAsking(null)}
                          >
                            Keep it
                          </button>
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="button button--ghost"
                          disabled={removing !== null}
                          onClick={() => setAsking(payment.id)}
                        >
                          Remove<span className="visually-hidden"> the entry of {description}</span>
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            <BookingRefunds bookingId={bookingId} ledger={ledger} show={show} onSessionGone={onSessionGone} />
            {/* A live region, not role="status": the dialog's one status is the booking's own. */}
            <p className="admin-detail__done" aria-live="polite">
              {done}
            </p>
            {refusal && (
              <p className="form__message" role="alert">
                {refusal}
              </p>
            )}
            {ledger.takesPayments ? (
              <form className="ledger__form" noValidate onSubmit={(event) => void record(event)}>
                <fieldset>
                  <legend>Record a payment received</legend>
                  <SelectField
                    {...field('kind')}
                    label="For"
                    placeholder="Choose what it pays"
                    options={kindOptions}
                  />
                  <TextField
                    {...field('amount')}
                    label="Amount in pounds"
                    hint="Like 250 or 250.50"
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={20}
                  />
                  <TextField {...field('receivedOn')} type="date" label="Received on" max={todayInKerala()} />
                  <SelectField
                    {...field('method')}
                    label="Method"
                    placeholder="Choose how it was paid"
                    options={methodOptions}
                  />
                  <TextField {...field('note')} label="Note (optional)" maxLength={paymentNoteMaxLength} />
                  <button
                    className="button button--primary"
                    type="submit"
                    disabled={sending}
                    aria-busy={sending}
                  >
                    {sending ? 'Recording…' : 'Record payment'}
                  </button>
                </fieldset>
              </form>
            ) : (
              <p>Payments can be recorded once the booking is confirmed.</p>
            )}
          </>
        )}
      </BookingSectionBody>
    </section>
  );
}
