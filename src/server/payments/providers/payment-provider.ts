import { z } from 'zod';
import { type Currency, moneyCurrencies } from '../../../lib/money.ts';
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
export const paymentCurrencies = moneyCurrencies;

/** A session's life as payment_sessions.status records it (see the online payments migration). */
export const paymentSessionStatuses = ['open', 'paid', 'expired', 'unrecorded'] as const;

/** Money (src/lib/money.ts) as a session speaks it: a positive amount in a currency we take. */
const moneySchema = z.object({ minor: z.int().positive(), currency: z.enum(moneyCurrencies) });

/**
 * What a session is opened for: exactly the amount due now (src/lib/payment-due.ts) on one booking,
 * and what the guest pays for it.
 */
export const sessionRequestSchema = z
  .object({
    bookingId: z.uuid(),
    reference: z.string().min(1),
    kind: z.enum(payableKinds),
    /** The amount due, in pounds: what the ledger records once it is paid. */
    due: moneySchema.extend({ currency: z.literal('GBP') }),
    /**
     * What the guest is charged for it: the pounds themselves, or rupees (by UPI, through Razorpay)
     * converted at the office's rate, which the guest was shown with its date (src/lib/rupee-payment.ts).
     */
    charge: moneySchema,
    /** For a charge in rupees: the office's rate of rupees to the pound it was worked out by, and its date. */
    rate: z.object({ rupeesPerPound: z.number().positive(), rateOf: z.iso.date() }).optional(),
    /** What the provider's page says the money is for. */
    description: z.string().min(1).max(200),
    customerEmail: z.email().optional(),
    /** Where the provider sends the guest back: after paying, and after giving up. */
    returnUrl: z.url(),
    cancelUrl: z.url(),
  })
  .refine(
    ({ due, charge, rate }) =>
      charge.currency === 'GBP' ? charge.minor === due.minor && !rate : rate !== undefined,
    { message: 'A charge in pounds is the amount due; a charge in rupees says the rate it was made at' },
  );
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

/** A session as the provider tells it now. */
export const sessionStateSchema = z.object({
  sessionId: z.string().min(1),
  /** open: not paid yet; paid: the money is taken; expired: never paid and no longer payable. */
  status: z.enum(['open', 'paid', 'expired']),
  /**
   * What the session asks; once paid, what was paid (pence for GBP, paise for INR), in the currency the
   * provider names (ISO 4217, upper case), any it names, so a payment in one never asked for is seen.
   */
  amount: z.object({ minor: z.int().nonnegative(), currency: z.string().length(3) }),
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
  /** What a guest may pay in through it: pounds everywhere, rupees (by UPI) through Razorpay only. */
  currencies: readonly Currency[];
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
