import { accountReceiptRoute } from '../../lib/api-contract.ts';
import { formatShortDate, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { describeNetPaid } from '../../lib/refund-split.ts';
import type { AccountBooking } from '../booking/booking-contract.ts';
import type { GuestLedger } from '../payment/payment-contract.ts';

/** How a refund reads, in the guest's words: where it went and when, or that it is still on its way. */
function describeRefund(refund: AccountBooking['refunds'][number]): string {
  const amount = formatPence(refund.amountPence);
  if (refund.status === 'refunded') {
    const on = refund.refundedOn ? ` on ${formatShortDate(refund.refundedOn)}` : '';
    return refund.toCard
      ? `${amount} refunded to your card${on}`
      : `${amount} returned to you by our office${on}`;
  }
  const asked = formatShortDate(refund.askedOn);
  return refund.toCard
    ? `${amount} on its way back to your card (since ${asked})`
    : `${amount} to come back from our office, the way you paid (since ${asked})`;
}

/**
 * What the office has received for a booking, each payment with its receipt to download, what went back
 * to the guest, and, while the booking is confirmed (`summary`), what is still due and by when. A
 * cancelled booking keeps this list: its receipts are the guest's record of what was paid.
 */
export function PaymentsReceived({
  bookingId,
  payments,
  refunds,
  summary,
  titleId,
}: {
  bookingId: string;
  payments: GuestLedger['payments'];
  refunds: AccountBooking['refunds'];
  summary?: GuestLedger['summary'];
  titleId: string;
}) {
  const balanceLeft = summary ? summary.outstandingPence - summary.dueNowPence : 0;
  const received = payments.reduce((sum, payment) => sum + payment.amountPence, 0);
  const refundedPence = refunds
    .filter((refund) => refund.status === 'refunded')
    .reduce((sum, refund) => sum + refund.amountPence, 0);
  return (
    <section className="request__payments" aria-labelledby={titleId}>
      <h4 id={titleId}>Payments</h4>
      {payments.length === 0 ? (
        <p>No payment received yet.</p>
      ) : (
        <ul>
          {payments.map((payment) => (
            <li key={payment.id}>
              Received {formatPence(payment.amountPence)} on {formatStayDate(payment.receivedOn)}{' '}
              <a href={accountReceiptRoute(bookingId, payment.id)} download>
                Receipt (PDF)
                <span className="visually-hidden">
                  {' '}
                  of {formatPence(payment.amountPence)} received on {formatStayDate(payment.receivedOn)}
                </span>
              </a>
            </li>
          ))}
          {refunds.map((refund) => (
            <li key={refund.id}>{describeRefund(refund)}</li>
          ))}
        </ul>
      )}
      {refundedPence > 0 && <p className="request__net">{describeNetPaid(received, refundedPence)}.</p>}
      {summary && (
        <p className="request__due">
          {summary.outstandingPence === 0 ? (
            refundedPence > 0 ? (
              <>Nothing more is due.</>
            ) : (
              <>Paid in full: {formatPence(summary.totalPence)}. Thank you.</>
            )
          ) : (
            <>
              {summary.dueNowPence > 0 && <>Due now: {formatPence(summary.dueNowPence)}. </>}
              {balanceLeft > 0 && summary.dueOn && (
                <>
                  Still due: {formatPence(balanceLeft)} by {formatStayDate(summary.dueOn)}
                  {summary.overdue ? ' (overdue: please call the office)' : ''}.
                </>
              )}
            </>
          )}
        </p>
      )}
    </section>
  );
}
