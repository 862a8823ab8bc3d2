import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatPaise, formatPence } from '../../lib/money.ts';
import { describeRupeePayment, type RupeePayment } from '../../lib/rupee-payment.ts';

/** What the choice page offers: the amount due, and the links that pay it in pounds or in rupees. */
export type PaymentChoiceView = {
  reference: string;
  kind: 'deposit' | 'balance';
  amountPence: number;
  rupees: RupeePayment;
  /** `/pay/<reference>?currency=GBP…` and `…currency=INR&paise=…`, the pay link's signature kept. */
  cardHref: string;
  upiHref: string;
  /** Set when it pays a service on its own: the service in words. */
  paidFor?: string;
};

/**
 * Before the provider's page, when the guest may pay in rupees: pounds by card, or rupees by UPI at
 * the office's rate, shown with its date before anything is paid.
 */
export function PaymentChoice({ view }: { view: PaymentChoiceView }) {
  return (
    <section className="payment-result" aria-labelledby="payment-choice-title">
      <h1 id="payment-choice-title">{view.paidFor ? `Pay for ${view.paidFor}` : `Pay the ${view.kind}`}</h1>
      <p>
        {view.paidFor
          ? `${formatPence(view.amountPence)} for ${view.paidFor}, booked on your stay ${view.reference} and paid on its own.`
          : `${formatPence(view.amountPence)} is due now on booking ${view.reference}.`}{' '}
        Pay it in pounds by card, or in rupees by UPI.
      </p>
      <ul>
        <li>
          <a href={view.cardHref}>Pay {formatPence(view.amountPence)} by card</a>
        </li>
        <li>
          <a href={view.upiHref}>Pay {formatPaise(view.rupees.paise)} by UPI</a>
          <p>{describeRupeePayment(view.rupees)}: the office's rate, which your UPI app charges exactly.</p>
        </li>
      </ul>
    </section>
  );
}

/** The choice page's content as markup, rendered by the pay function with React itself. */
export const renderPaymentChoice = (view: PaymentChoiceView) =>
  renderToStaticMarkup(createElement(PaymentChoice, { view }));
