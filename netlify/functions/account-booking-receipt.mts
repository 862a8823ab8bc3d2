import type { Config } from '@netlify/functions';
import { signInPath } from '../../src/features/auth/auth-links.ts';
import { paths } from '../../src/lib/paths.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { readPaymentTarget } from '../../src/server/booking/booking-target.ts';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import { endpoint, withCookies } from '../../src/server/http/endpoint.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { errorResponse, redirect } from '../../src/server/http/responses.ts';
import { readOwnReceipt, receiptResponse } from '../../src/server/payments/index.ts';

/**
 * The PDF receipt of a payment on the guest's own booking, the link of their account page. Signed out,
 * the guest is sent to sign in and back to the account page; another guest's payment is a 404.
 */
export default endpoint(['GET'], async (request, context) => {
  const { visitor, cookies } = await resolveVisitor(request);
  if (!visitor) return withCookies(redirect(signInPath(paths.account)), cookies);
  try {
    const { id, paymentId } = readPaymentTarget(context);
    return withCookies(receiptResponse(await readOwnReceipt(stayPayables, visitor, id, paymentId)), cookies);
  } catch (error) {
    return withCookies(errorResponse(toHttpError(error)), cookies);
  }
});

export const config: Config = { path: '/api/account/booking-requests/:id/payments/:payment/receipt' };
