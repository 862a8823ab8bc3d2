import type { Config } from '@netlify/functions';
import { signInPath } from '../../src/features/auth/auth-links.ts';
import { renderPaymentResult } from '../../src/features/payment/render-payment-result.ts';
import { payPath } from '../../src/lib/paths.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { startPayment } from '../../src/server/booking/payments/online-payments.ts';
import { choosePaymentProvider } from '../../src/server/booking/payments/providers/choose-provider.ts';
import { renderPaymentPage } from '../../src/server/booking/payments/render-payment-page.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { allowMethods } from '../../src/server/http/request.ts';
import { HttpError } from '../../src/server/http/responses.ts';

/**
 * `GET /pay/{reference}`: the guest's "Pay the deposit" link. Signed in (or holding the signed link an
 * email gave them), they are sent (303) to the provider's page for exactly what is due now; signed out
 * without a link, to sign in and back. What cannot be paid is answered on the payment page, saying why.
 */
export default async (request: Request, context: { params: Record<string, string | undefined> }) => {
  const reference = context.params.reference ?? '';
  const cookies: string[] = [];
  try {
    allowMethods(request, ['GET', 'HEAD']);
    const query = new URL(request.url).searchParams;
    const link = { until: query.get('until') ?? undefined, sig: query.get('sig') ?? undefined };
    const resolved = await resolveVisitor(request);
    cookies.push(...resolved.cookies);
    if (!resolved.visitor && !link.sig) {
      return withCookies(redirect(signInPath(payPath(reference))), cookies);
    }
    const payer = resolved.visitor ? { visitor: resolved.visitor } : { link };
    const { url } = await startPayment(choosePaymentProvider(), reference, payer);
    return withCookies(redirect(url), cookies);
  } catch (error) {
    const refusal =
      error instanceof ConfigurationError
        ? new HttpError(
            503,
            'service_unavailable',
            'Online payment is not available just now: please call the office.',
          )
        : toHttpError(error);
    if (error instanceof ConfigurationError) console.error(error.message);
    const page = await renderPaymentPage(
      renderPaymentResult({ outcome: 'refused', reference, message: refusal.message }),
      refusal.status,
    );
    return withCookies(page, cookies);
  }
};

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

export const config: Config = { path: '/pay/:reference' };
