import { paths } from '../../lib/paths.ts';
import { describeAmountPaid } from '../../lib/rupee-payment.ts';
import type { PaymentView } from './payment-contract.ts';

const headings = {
  received: 'Payment received',
  booked: 'Booked: your stay is confirmed',
  processing: 'Payment on its way',
  not_taken: 'No payment was taken',
  returned: 'Your payment is going back to you',
  refused: 'We cannot take this payment',
  none: 'Your payment',
} as const;

/**
 * What the payment page says: what was received and what is next, or why nothing could be paid. The
 * pay function renders it into the built page; the build renders it empty.
 */
export function PaymentResult({ view }: { view: PaymentView }) {
  const amount = describeAmountPaid({ pence: view.amountPence ?? 0, inRupees: view.inRupees });
  return (
    <section className="payment-result" aria-labelledby="payment-result-title">
      <h1 id="payment-result-title">
        {view.outcome === 'received' && view.paidFor ? `Paid: ${view.paidFor}` : headings[view.outcome]}
      </h1>
      {view.outcome === 'received' && view.paidFor && (
        <p role="status">
          Thank you: we received {amount} for {view.paidFor}, booked on your stay {view.reference}. Its own
          receipt is on its way to your inbox.
        </p>
      )}
      {view.outcome === 'received' && !view.paidFor && (
        <p role="status">
          Thank you: we received {amount} for booking {view.reference}. A receipt is on its way to your inbox.
        </p>
      )}
      {view.outcome === 'booked' && (
        <p role="status">
          Thank you: we received {amount} and booking {view.reference} is confirmed. The confirmation and a
          receipt are on their way to your inbox.
        </p>
      )}
      {view.outcome === 'processing' && (
        <p role="status">
          Your payment of {amount} for {view.paidFor ?? `booking ${view.reference}`} is being processed. We
          will email you a receipt once it arrives.
        </p>
      )}
      {view.outcome === 'not_taken' && <p>Nothing was charged for booking {view.reference}.</p>}
      {view.outcome === 'returned' && (
        <p role="status">
          We received {amount} for {view.paidFor ?? `booking ${view.reference}`}, and we are returning it.
        </p>
      )}
      {view.message && <p role={view.outcome === 'refused' ? 'alert' : undefined}>{view.message}</p>}
      {view.outcome === 'none' && <p>Pay a confirmed booking from your account page.</p>}
      <p>
        <a href={paths.account}>Your bookings on your account page</a>
      </p>
    </section>
  );
}
