import Razorpay from 'razorpay';
import { z } from 'zod';
import {
  type PaymentProvider,
  type PaymentProviderName,
  type ProviderRefund,
  type SessionState,
  WebhookRefused,
} from './payment-provider.ts';

/**
 * Razorpay Payment Links through the official SDK: a hosted page in pounds (international cards) or,
 * for a guest who pays in rupees, in INR (UPI); webhooks verified with Razorpay's HMAC over the raw
 * body, each event named by its `x-razorpay-event-id` header. A link is our payment session: its id
 * is the session id, its payment's id the payment reference a refund is asked against. The stand-in
 * speaks the same API, so `hostUrl` points the SDK at it in `npm start` and the tests.
 */

export type RazorpayProviderOptions = {
  /** 'stand-in' when `hostUrl` points at the stand-in, so its payments are never taken for Razorpay's. */
  name: Extract<PaymentProviderName, 'razorpay' | 'stand-in'>;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the API is, when not Razorpay's own (https://api.razorpay.com). */
  hostUrl?: string;
};

/** Payment links last a day, as Stripe's Checkout Sessions do: `/pay` opens a fresh one on each visit. */
const linkLifetimeSeconds = 24 * 60 * 60;

/** A payment link as Razorpay's API answers it, with the fields this provider reads. */
const paymentLinkSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['created', 'partially_paid', 'expired', 'cancelled', 'paid']),
  amount: z.int().nonnegative(),
  amount_paid: z.int().nonnegative().nullish(),
  currency: z.string().length(3),
  short_url: z.string().nullish(),
  notes: z.record(z.string(), z.unknown()).nullish().catch(null),
  /** Its payments, as GET /v1/payment_links/:id lists them. */
  payments: z
    .array(
      z.object({ payment_id: z.string(), amount: z.int(), status: z.string(), method: z.string().nullish() }),
    )
    .nullish()
    .catch(null),
});
type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** A payment as Razorpay's API and webhooks give it. */
const paymentSchema = z.object({
  id: z.string().min(1),
  amount: z.int().nonnegative(),
  currency: z.string().length(3),
  status: z.string(),
  method: z.string().nullish(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});
type Payment = z.infer<typeof paymentSchema>;

/** A webhook's body: the event and the entities it is about. */
const eventSchema = z.object({
  entity: z.literal('event'),
  event: z.string().min(1).max(100),
  payload: z.object({
    payment_link: z.object({ entity: paymentLinkSchema }).optional(),
    payment: z.object({ entity: paymentSchema }).optional(),
  }),
});

/** Events about a payment link we settle; every other is stored and ignored. */
const linkEvents = new Set(['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled']);

const readMethod = (method: string | null | undefined) =>
  method === 'upi' ? ('upi' as const) : method === 'card' ? ('card' as const) : undefined;

/**
 * A link as a session: paid once Razorpay says so (with what its payment paid, in its currency),
 * expired when it expired or was cancelled, open otherwise (a partial payment is never offered).
 */
function readLink(link: PaymentLink, payment?: Payment): SessionState {
  const captured = payment ?? link.payments?.find((each) => each.status === 'captured');
  const paymentId = payment?.id ?? (captured && 'payment_id' in captured ? captured.payment_id : null);
  const paid = link.status === 'paid';
  const bookingId = link.notes?.bookingId;
  return {
    sessionId: link.id,
    status: paid ? 'paid' : link.status === 'expired' || link.status === 'cancelled' ? 'expired' : 'open',
    amount: {
      minor: paid ? (payment?.amount ?? link.amount_paid ?? 0) : link.amount,
      currency: (payment?.currency ?? link.currency).toUpperCase(),
    },
    method: readMethod(captured?.method),
    paymentReference: paid ? (paymentId ?? null) : null,
    bookingId: typeof bookingId === 'string' ? bookingId : null,
    url: link.short_url ?? null,
  };
}

/** An SDK error ({ statusCode, error: { description } }) as an Error saying what Razorpay said. */
function describeFailure(error: unknown): Error {
  if (error instanceof Error) return error;
  const { statusCode, error: body } = (error ?? {}) as {
    statusCode?: number;
    error?: { description?: string; code?: string };
  };
  return new Error(
    `Razorpay answered ${statusCode ?? 'nothing'}: ${body?.description ?? body?.code ?? 'no reason'}`,
  );
}

const call = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((error: unknown) => {
    throw describeFailure(error);
  });

/**
 * What `amountPence` of a payment is in the payment's own currency: itself for a payment in pounds,
 * and for one in rupees the same share of what was paid (the rate it was paid at, as its notes
 * carry the pounds it stood for), so a refund of all of it returns every paisa.
 */
export function refundInPaymentCurrency(payment: Payment, amountPence: number): number {
  if (payment.currency.toUpperCase() === 'GBP') return amountPence;
  const notes = Array.isArray(payment.notes) ? {} : (payment.notes ?? {});
  const pence = Number(notes.gbpPence);
  if (!Number.isSafeInteger(pence) || pence <= 0) {
    throw new Error(`Payment ${payment.id} in ${payment.currency} does not say the pounds it stood for`);
  }
  return amountPence === pence ? payment.amount : Math.round((payment.amount * amountPence) / pence);
}

export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const razorpay = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK fixes https://api.razorpay.com as it is made and takes no host option; every request is
  // resolved against its axios client's base URL (`api.rq`, untyped), which a stand-in moves.
  const client = (razorpay.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  if (options.hostUrl) client.defaults.baseURL = options.hostUrl;
  // A function instance lives for one request: fail within its time.
  client.defaults.timeout = 15_000;

  const findRefund = async (paymentReference: string, refundId: string): Promise<ProviderRefund> => {
    const { items } = z
      .object({ items: z.array(refundSchema) })
      .parse(await call(() => razorpay.payments.fetchMultipleRefund(paymentReference, { count: 100 })));
    const refund = items.find((each) => each.id === refundId);
    if (!refund) throw new Error(`Razorpay knows no refund ${refundId} of payment ${paymentReference}`);
    return readRefund(refund);
  };

  return {
    name: options.name,
    currencies: ['GBP', 'INR'],

    async createSession(request) {
      const link = paymentLinkSchema.parse(
        await call(() =>
          razorpay.paymentLink.create({
            amount: request.charge.minor,
            currency: request.charge.currency,
            accept_partial: false,
            description: request.description,
            customer: request.customerEmail ? { email: request.customerEmail } : {},
            // The site sends its own emails; Razorpay's would be a second, unlike ours.
            notify: { sms: false, email: false },
            reminder_enable: false,
            expire_by: Math.floor(Date.now() / 1000) + linkLifetimeSeconds,
            notes: {
              bookingId: request.bookingId,
              reference: request.reference,
              kind: request.kind,
              // The pounds it stands for: a refund in pounds is turned into this payment's rupees by them.
              gbpPence: request.due.minor,
              ...(request.rate ?? {}),
            },
            callback_url: request.returnUrl,
            callback_method: 'get',
          }),
        ),
      );
      if (!link.short_url) throw new Error(`Razorpay made payment link ${link.id} without a page`);
      return { sessionId: link.id, url: link.short_url };
    },

    async readWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature');
      const eventId = headers.get('x-razorpay-event-id');
      if (!signature) throw new WebhookRefused('The X-Razorpay-Signature header is missing.');
      if (!eventId || eventId.length > 200) {
        throw new WebhookRefused('The X-Razorpay-Event-Id header is missing or too long.');
      }
      if (!Razorpay.validateWebhookSignature(rawBody, signature, options.webhookSecret)) {
        throw new WebhookRefused("The webhook's signature does not hold.");
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookRefused('The webhook is signed but is not an event Razorpay sends.');
      }
      const link = event.payload.payment_link?.entity;
      const session =
        linkEvents.has(event.event) && link ? readLink(link, event.payload.payment?.entity) : null;
      return { eventId, type: event.event, session };
    },

    async findSession(sessionId) {
      return readLink(paymentLinkSchema.parse(await call(() => razorpay.paymentLink.fetch(sessionId))));
    },

    async refund(paymentReference, amountPence, key) {
      const receipt = key ? `refund-${key}` : undefined;
      // Razorpay's refunds take no idempotency key: a refund carries ours as its receipt, and a
      // second ask with the same key finds it rather than refunding twice.
      if (receipt) {
        const { items } = z
          .object({ items: z.array(z.object({ id: z.string(), receipt: z.string().nullish() })) })
          .parse(await call(() => razorpay.payments.fetchMultipleRefund(paymentReference, { count: 100 })));
        const made = items.find((refund) => refund.receipt === receipt);
        if (made) return findRefund(paymentReference, made.id);
      }
      const payment = paymentSchema.parse(await call(() => razorpay.payments.fetch(paymentReference)));
      const refund = refundSchema.parse(
        await call(() =>
          razorpay.payments.refund(paymentReference, {
            amount: refundInPaymentCurrency(payment, amountPence),
            ...(receipt ? { receipt } : {}),
          }),
        ),
      );
      return readRefund(refund);
    },

    findRefund,
  };
}

/** A refund as Razorpay answers it: `pending`, then `processed` or `failed`. */
const refundSchema = z.object({ id: z.string(), status: z.string().optional() });

const readRefund = (refund: z.infer<typeof refundSchema>): ProviderRefund => ({
  refundId: refund.id,
  status: refund.status === 'failed' ? 'failed' : refund.status === 'pending' ? 'pending' : 'succeeded',
});
