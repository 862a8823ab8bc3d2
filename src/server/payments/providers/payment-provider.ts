import { z } from 'zod';
import { inRupeesSchema } from '../../../features/payment/payment-contract.ts';
import { payableKinds } from '../../../lib/payment-due.ts';

/**
 * The one seam every payment provider sits behind (Stripe, and the stand-in that `npm start` and the
 * tests use): open a hosted payment session for an amount due, read a webhook only once its signature
 * holds, look a session up, refund. Card data goes from the guest's browser to the provider's page and
 * never through this interface, our functions or our pages.
 */

/** The providers a payment can come through; the database's list is payments.provider. */
export const paymentProviders = ['stand-in', 'stripe', 'razorpay'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/**
 * What a guest pays in: pounds, or rupees (by UPI, at the office's rate); the database's lists are
 * payment_sessions.currency and payments.paid_currency.
 */
export const paymentCurrencies = ['GBP', 'INR'] as const;

/** A session's life as payment_sessions.status records it (see the online payments migration). */
export const paymentSessionStatuses = ['open', 'paid', 'expired', 'unrecorded'] as const;

/** What a session is opened for: exactly the amount due now (src/lib/payment-due.ts) on one booking. */
export const sessionRequestSchema = z.object({
  bookingId: z.uuid(),
  reference: z.string().min(1),
  kind: z.enum(payableKinds),
  amountPence: z.int().positive(),
  currency: z.literal('GBP'),
  /**
   * Set when the guest pays in rupees (by UPI, through Razorpay): the amount due converted at the
   * office's rate, which the guest was shown with its date (src/lib/rupee-payment.ts).
   */
  rupees: inRupeesSchema.optional(),
  /** What the provider's page says the money is for. */
  description: z.string().min(1).max(200),
  customerEmail: z.email().optional(),
  /** Where the provider sends the guest back: after paying, and after giving up. */
  returnUrl: z.url(),
  cancelUrl: z.url(),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

/** A session as the provider tells it now. */
export const sessionStateSchema = z.object({
  sessionId: z.string().min(1),
  /** open: not paid yet; paid: the money is taken; expired: never paid and no longer payable. */
  status: z.enum(['open', 'paid', 'expired']),
  /** In the minor unit of `currency`: pence for GBP, paise for INR. Once paid, what was paid. */
  amountPence: z.int().nonnegative(),
  /** ISO 4217, upper case. */
  currency: z.string().length(3),
  /** How the guest paid, where the provider says (Razorpay does); a card when unsaid. */
  method: z.enum(['card', 'upi']).optional(),
  /** The provider's name for the money taken (a refund is asked against it); set once paid. */
  paymentReference: z.string().min(1).nullable(),
  /** The booking the session was opened for, as we told the provider. */
  bookingId: z.string().nullable(),
  /** The provider's page while the session is open (a second click on Pay goes back to it). */
  url: z.string().nullable(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/** A webhook once verified: the provider's event id (stored once) and the session it is about, if any. */
export const providerEventSchema = z.object({
  eventId: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  /** Null for events about nothing we settle (a payout, a customer): stored, answered, ignored. */
  session: sessionStateSchema.nullable(),
});
export type ProviderEvent = z.infer<typeof providerEventSchema>;

/** A webhook whose signature, age or shape does not hold: answered 400, nothing stored. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

export type PaymentProvider = {
  name: PaymentProviderName;
  /** Whether a guest may pay in rupees (by UPI) through it: Razorpay, not Stripe. */
  takesRupees?: boolean;
  /**
   * Opens a hosted payment page for `request`; answers its id and the page to send the guest to. `key`
   * names this opening: asked again with the same key (a second click at the same moment), the
   * provider answers the same session.
   */
  createSession(request: SessionRequest, key?: string): Promise<{ sessionId: string; url: string }>;
  /** Verifies a webhook's signature over its raw body and reads it; throws WebhookRefused otherwise. */
  readWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent>;
  /** The session as the provider holds it now (the return page asks, in case its webhook is late). */
  findSession(sessionId: string): Promise<SessionState>;
  /**
   * Refunds `amountPence` of a payment; answers the provider's refund id and where the refund stands
   * (a refund may wait at the provider, and fail later). `key` names this refund (our refund's id):
   * asked again with the same key, the provider answers the first refund, never a second.
   */
  refund(paymentReference: string, amountPence: number, key?: string): Promise<ProviderRefund>;
  /** A refund of the payment `paymentReference` as the provider holds it now. */
  findRefund(paymentReference: string, refundId: string): Promise<ProviderRefund>;
};

/** A refund at the provider: back with the guest, still waiting, or failed (with the provider's reason). */
export type ProviderRefund = {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  failureReason?: string | null;
};
