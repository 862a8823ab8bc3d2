import Stripe from 'stripe';
import {
  type PaymentProvider,
  type PaymentProviderName,
  type ProviderRefund,
  type SessionState,
  WebhookRefused,
} from './payment-provider.ts';

/**
 * Stripe Checkout through the official SDK: a hosted page in pounds (cards, and Apple Pay and Google
 * Pay where Stripe offers them), its webhooks verified with the endpoint's signing secret. The
 * stand-in speaks the same API, so `api` points the SDK at it in `npm start` and the tests.
 */

export type StripeProviderOptions = {
  /** 'stand-in' when `api` points at the stand-in, so its payments are never taken for Stripe's. */
  name: Extract<PaymentProviderName, 'stripe' | 'stand-in'>;
  secretKey: string;
  webhookSecret: string;
  /** Where the API is, when not Stripe's own. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** Events that say something about a session we settle; every other is stored and ignored. */
const sessionEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

function readSession(session: Stripe.Checkout.Session): SessionState {
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    status: session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
    amount: { minor: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase() },
    paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
    bookingId: session.metadata?.bookingId ?? session.client_reference_id ?? null,
    url: session.url ?? null,
  };
}

/** `url` with `session_id={CHECKOUT_SESSION_ID}` added, which Stripe fills in as it sends the guest back. */
function withSessionId(url: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}session_id={CHECKOUT_SESSION_ID}`;
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    // A function instance lives for one request: fail within its time, and retry once as the SDK does.
    timeout: 15_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'Kayal Villas' },
  });
  return {
    name: options.name,
    currencies: ['GBP'],

    async createSession(request, key) {
      if (request.charge.currency !== 'GBP')
        throw new Error('The Stripe provider takes pounds only; rupees go by UPI through Razorpay');
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.charge.currency.toLowerCase(),
                unit_amount: request.charge.minor,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.bookingId,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          metadata: { bookingId: request.bookingId, reference: request.reference, kind: request.kind },
          success_url: withSessionId(request.returnUrl),
          cancel_url: request.cancelUrl,
        },
        key ? { idempotencyKey: `session-${key}` } : undefined,
      );
      if (!session.url)
        throw new Error(`Stripe opened session ${session.id} without a page to send the guest to`);
      return { sessionId: session.id, url: session.url };
    },

    async readWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new WebhookRefused('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        // Five minutes' tolerance (Stripe's default): an old delivery replayed is refused.
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookRefused(`The webhook's signature does not hold: ${(error as Error).message}`);
      }
      const session = sessionEvents.has(event.type)
        ? readSession(event.data.object as Stripe.Checkout.Session)
        : null;
      return { eventId: event.id, type: event.type, session };
    },

    async findSession(sessionId) {
      return readSession(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async refund(paymentReference, amountPence, key) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentReference, amount: amountPence },
        key ? { idempotencyKey: `refund-${key}` } : undefined,
      );
      return readRefund(refund);
    },

    async findRefund(_paymentReference, refundId) {
      return readRefund(await stripe.refunds.retrieve(refundId));
    },
  };
}

/** Stripe's refund in the seam's words: `requires_action` waits like `pending`; `canceled` failed. */
function readRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { refundId: refund.id, status, failureReason: refund.failure_reason ?? null };
}
