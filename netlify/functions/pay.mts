import type { Config } from '@netlify/functions';
import { signInPath } from '../../src/features/auth/auth-links.ts';
import { renderPaymentChoice } from '../../src/features/payment/PaymentChoice.tsx';
import { renderPaymentResult } from '../../src/features/payment/render-payment-result.ts';
import { payPath } from '../../src/lib/paths.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';
import { HttpError } from '../../src/server/http/responses.ts';
import { isUuid } from '../../src/server/http/uuid.ts';
import {
  choosePaymentProvider,
  quotePayment,
  renderPaymentPage,
  startPayment,
} from '../../src/server/payments/index.ts';
import { log } from '../../src/server/runtime/logger.ts';

/**
 * `GET /pay/{reference}`: the guest's "Pay the deposit" link. Where the provider takes rupees (Razorpay),
 * it first offers pounds by card or rupees by UPI at the office's dated rate (`?currency=GBP`, or
 * `?currency=INR&paise=…`, the paise the guest was shown, refused once the rate has changed). Signed in (or holding the signed link an
 * email gave them), they are sent (303) to the provider's page for exactly what is due now; signed out
 * without a link, to sign in and back. What cannot be paid is answered on the payment page, saying why.
 * `?service={id}` pays one of the stay's services on its own (its whole price), as the account page's
 * "Pay £55" form asks.
 */
export default observed(async (request: Request, context: { params: Record<string, string | undefined> }) => {
  const reference = context.params.reference ?? '';
  const cookies: string[] = [];
  try {
    allowMethods(request, ['GET', 'HEAD']);
    const query = new URL(request.url).searchParams;
    const link = { until: query.get('until') ?? undefined, sig: query.get('sig') ?? undefined };
    const service = query.get('service') ?? undefined;
    if (service !== undefined && !isUuid(service)) {
      throw new HttpError(404, 'not_found', 'There is no such service on this booking to pay.');
    }
    const resolved = await resolveVisitor(request);
    cookies.push(...resolved.cookies);
    if (!resolved.visitor && !link.sig) {
      const back = service ? `${payPath(reference)}?${new URLSearchParams({ service })}` : payPath(reference);
      return withCookies(redirect(signInPath(back)), cookies);
    }
    const payer = resolved.visitor ? { visitor: resolved.visitor } : { link };
    const provider = choosePaymentProvider();
    const currency = query.get('currency');
    if (currency === 'INR') {
      const paise = Number(query.get('paise'));
      if (!/^[1-9]\d{0,11}$/.test(query.get('paise') ?? '')) {
        throw new HttpError(400, 'bad_request', 'Choose how to pay again: the amount in rupees is missing.', {
          paise: 'Choose how to pay again',
        });
      }
      const { url } = await startPayment(
        stayPayables,
        provider,
        reference,
        payer,
        { currency: 'INR', paise },
        service,
      );
      return withCookies(redirect(url), cookies);
    }
    if (currency !== null && currency !== 'GBP') {
      throw new HttpError(400, 'bad_request', 'Pay in pounds (GBP) or in rupees (INR).', {
        currency: 'Pay in pounds (GBP) or in rupees (INR)',
      });
    }
    if (currency === null && provider.currencies.includes('INR')) {
      // Offered rupees, the guest reads the amount and its rate before the provider's page.
      const { due, rupees, paidFor } = await quotePayment(stayPayables, provider, reference, payer, service);
      if (rupees) {
        const choose = (choice: string) => {
          const next = new URLSearchParams(choice);
          if (link.until) next.set('until', link.until);
          if (link.sig) next.set('sig', link.sig);
          if (service) next.set('service', service);
          return `${payPath(reference)}?${next}`;
        };
        const markup = renderPaymentChoice({
          reference,
          kind: due.kind,
          amountPence: due.amountPence,
          rupees,
          cardHref: choose('currency=GBP'),
          upiHref: choose(`currency=INR&paise=${rupees.paise}`),
          ...(paidFor ? { paidFor } : {}),
        });
        return withCookies(await renderPaymentPage(markup, 200), cookies);
      }
    }
    const { url } = await startPayment(stayPayables, provider, reference, payer, undefined, service);
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
    if (error instanceof ConfigurationError)
      log().error({ problems: error.problems }, 'Payments are not configured');
    const page = await renderPaymentPage(
      renderPaymentResult({ outcome: 'refused', reference, message: refusal.message }),
      refusal.status,
    );
    return withCookies(page, cookies);
  }
});

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

export const config: Config = { path: '/pay/:reference' };
