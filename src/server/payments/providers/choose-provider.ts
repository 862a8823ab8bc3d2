import { ConfigurationError, readPayments } from '../../config.ts';
import { log } from '../../runtime/logger.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The stand-in's key is its API key and, prefixed as Stripe's are, its webhooks' signing secret. */
export const standInKeys = (key: string) => ({ secretKey: `sk_test_${key}`, webhookSecret: `whsec_${key}` });

/** The stand-in's key as Razorpay's keys: a key id and secret for its API, and its webhooks' secret. */
export const standInRazorpayKeys = (key: string) => ({
  keyId: 'rzp_test_standin',
  keySecret: key,
  webhookSecret: `rzp_hook_${key}`,
});

/**
 * The configured payment provider. The stand-in is reached at the address `npm start` gave it; where
 * nothing runs one (a deploy left on the default), there is no provider, and this says what to set.
 */
export function choosePaymentProvider(environment: NodeJS.ProcessEnv = process.env): PaymentProvider {
  const settings = readPayments(environment);
  if (settings.kind === 'stripe') {
    return createStripeProvider({
      name: 'stripe',
      secretKey: settings.secretKey,
      webhookSecret: settings.webhookSecret,
      ...(settings.apiUrl ? { api: toSdkAddress(settings.apiUrl) } : {}),
    });
  }
  if (settings.kind === 'razorpay') {
    return createRazorpayProvider({
      name: 'razorpay',
      keyId: settings.keyId,
      keySecret: settings.keySecret,
      webhookSecret: settings.webhookSecret,
    });
  }
  if (!settings.url || !settings.key) {
    throw new ConfigurationError(
      'Online payments need a provider: no payment stand-in runs here (npm start runs one). Set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET.',
    );
  }
  if (settings.shape === 'razorpay') {
    return createRazorpayProvider({
      name: 'stand-in',
      ...standInRazorpayKeys(settings.key),
      hostUrl: settings.url,
    });
  }
  return createStripeProvider({
    name: 'stand-in',
    ...standInKeys(settings.key),
    api: toSdkAddress(settings.url),
  });
}

/** An address as the Stripe SDK takes it: host, port and protocol apart. */
function toSdkAddress(url: string) {
  const { hostname, port, protocol } = new URL(url);
  const https = protocol === 'https:';
  return {
    host: hostname,
    port: Number(port || (https ? 443 : 80)),
    protocol: https ? 'https' : 'http',
  } as const;
}

/**
 * The configured payment provider for giving money back, or null where none is configured (logged): a
 * refund is then recorded as owed, for the office to return by hand, instead of failing the change
 * that caused it (a cancellation stands either way).
 */
export function choosePaymentProviderForRefunds(
  environment: NodeJS.ProcessEnv = process.env,
): PaymentProvider | null {
  try {
    return choosePaymentProvider(environment);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log().error({ problems: error.problems }, 'Payments are not configured');
    return null;
  }
}
