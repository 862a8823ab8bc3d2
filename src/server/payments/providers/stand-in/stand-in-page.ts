import { formatPence } from '../../../../lib/money.ts';
import { escapeHtml } from './stand-in-http.ts';

/**
 * The stand-in's hosted payment page, as Stripe Checkout's looks to a guest: what they pay, a card
 * form, Pay and Cancel. Plain HTML that works without JavaScript; the card number is posted to the
 * stand-in's own origin, never to the site.
 */

/** Test cards, as Stripe's test mode knows them: the first is paid, the second declined. */
export const testCards = {
  paid: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Paid; a refund of it is `pending` at first, then `succeeded` (Stripe's pending-refund test card). */
  refundPending: '4000 0000 0000 7726',
  /** Paid; a refund of it is `pending` at first, then `failed` (as Stripe's refund-failure test card fails one). */
  refundFails: '4000 0000 0000 5126',
} as const;

/** What a refund of a payment made with `card` comes to, by the test cards above. */
export type RefundBehaviour = 'succeeds' | 'pending_then_succeeds' | 'pending_then_fails';

/** The test card's refunds, or undefined when `card` (spaces or none) is not a card that pays. */
export function refundBehaviourOf(card: string): RefundBehaviour | undefined {
  const digits = card.replaceAll(/\s/g, '');
  if (digits === testCards.paid.replaceAll(' ', '')) return 'succeeds';
  if (digits === testCards.refundPending.replaceAll(' ', '')) return 'pending_then_succeeds';
  if (digits === testCards.refundFails.replaceAll(' ', '')) return 'pending_then_fails';
  return undefined;
}

export type PageSession = {
  id: string;
  amountPence: number;
  description: string;
  status: 'open' | 'complete' | 'expired';
  /** What has been refunded of a paid session, as a payment's page at the provider lists it. */
  refunds?: { id: string; amountPence: number }[];
};

/** The refunds of a paid session, a line each ("Refunded £331.25 (re_test_…)"). */
function describeRefunds(refunds: { id: string; amountPence: number }[]): string {
  if (refunds.length === 0) return '';
  const lines = refunds.map(
    ({ id, amountPence }) => `<li>Refunded ${formatPence(amountPence)} (${escapeHtml(id)})</li>`,
  );
  return `<h2>Refunds</h2><ul>${lines.join('')}</ul>`;
}

/** The page for `session`, with `error` (a declined card) in an alert above the form. */
export function renderCheckoutPage(session: PageSession, error?: string): string {
  const amount = formatPence(session.amountPence);
  const body =
    session.status === 'open'
      ? `
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/checkout/${encodeURIComponent(session.id)}">
      <label for="card">Card number</label>
      <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
      <label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" required value="12/34">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required value="123">
      <button name="action" value="pay">Pay ${amount}</button>
      <button name="action" value="cancel" formnovalidate class="secondary">Cancel and go back</button>
    </form>
    <p class="note">Test cards: ${testCards.paid} is paid, ${testCards.declined} is declined; ${testCards.refundPending} is paid and its refunds wait before they succeed, ${testCards.refundFails} is paid and its refunds fail.</p>`
      : `<p role="alert">This payment page has ${session.status === 'complete' ? 'been paid' : 'expired'}.</p>${describeRefunds(session.refunds ?? [])}`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${amount}: Kayal Villas (test payment page)</title>
<style>
  body { font: 1rem/1.5 system-ui, sans-serif; margin: 0; background: #f6f4ef; color: #1d1d1b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; }
  .banner { margin: 0; padding: 0.5rem 1rem; background: #fde68a; text-align: center; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; border: 1px solid #6b6b6b; border-radius: 0.25rem; }
  button { margin-top: 1rem; width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; border: 0; border-radius: 0.25rem; background: #0f5132; color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: #0f5132; text-decoration: underline; }
  .error { padding: 0.5rem; background: #fde2e1; border-left: 4px solid #a4161a; }
  .note { font-size: 0.875rem; color: #4a4a4a; }
</style>
</head>
<body>
<p class="banner">Test payment page: the stand-in for the payment provider. No card is charged.</p>
<main>
  <h1>Pay ${amount}</h1>
  <p>${escapeHtml(session.description)}</p>
  ${body}
</main>
</body>
</html>`;
}
