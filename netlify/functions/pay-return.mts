import type { Config } from '@netlify/functions';
import { renderPaymentResult } from '../../src/features/payment/render-payment-result.ts';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';
import {
  choosePaymentProvider,
  readPaymentResult,
  renderPaymentPage,
} from '../../src/server/payments/index.ts';

/**
 * `GET /pay/{reference}/return?session_id=…` (or Razorpay's `razorpay_payment_link_id=…`): where the provider sends the guest back. Asks the
 * provider about the session, records the money if its webhook has not yet, and says what was
 * received and what is next.
 */
export default observed(async (request: Request, context: { params: Record<string, string | undefined> }) => {
  const reference = context.params.reference ?? '';
  try {
    allowMethods(request, ['GET', 'HEAD']);
    const query = new URL(request.url).searchParams;
    // Stripe fills in session_id; Razorpay adds its payment link's id to the callback URL.
    const sessionId = query.get('session_id') ?? query.get('razorpay_payment_link_id') ?? '';
    const result = await readPaymentResult(stayPayables, choosePaymentProvider(), reference, sessionId);
    return await renderPaymentPage(
      renderPaymentResult({
        outcome: result.outcome,
        reference,
        amountPence: result.amountPence,
        ...(result.inRupees ? { inRupees: result.inRupees } : {}),
        ...(result.paidFor ? { paidFor: result.paidFor } : {}),
        message: result.outcome === 'not_taken' || result.outcome === 'returned' ? result.why : result.next,
      }),
      200,
    );
  } catch (error) {
    const refusal = toHttpError(error);
    return renderPaymentPage(
      renderPaymentResult({ outcome: 'refused', reference, message: refusal.message }),
      refusal.status,
    );
  }
});

export const config: Config = { path: '/pay/:reference/return' };
