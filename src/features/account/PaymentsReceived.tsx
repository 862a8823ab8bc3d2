import { accountReceiptRoute } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import type { GuestLedger } from '../payment/payment-contract.ts';

/**
 * What the office has received for a confirmed stay, each payment with its receipt to download, and
 * what is still due and by when.
 */
export function PaymentsReceived({
  bookingId,
  ledger,
  titleId,
}: {
  bookingId: string;
  ledger: GuestLedger;
  titleId: string;
}) {
  const { summary, payments } = ledger;
  const balanceLeft = summary.outstandingPence - summary.dueNowPence;
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
        </ul>
      )}
      <p className="request__due">
        {summary.outstandingPence === 0 ? (
          <>Paid in full: {formatPence(summary.totalPence)}. Thank you.</>
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
    </section>
  );
}
