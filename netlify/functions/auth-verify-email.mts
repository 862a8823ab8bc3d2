import type { Config } from '@netlify/functions';
import { verifyEmailSchema } from '../../src/features/auth/auth-contract.ts';
import { confirmEmail } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { readCookie, registeringCookie, sessionCookies } from '../../src/server/auth/session.ts';
import { sendUnconfirmedRequest } from '../../src/server/booking/unconfirmed-request-service.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';

/**
 * `POST /api/auth/verify-email`: an emailed link (a registration's, or a sign-in link's) opened; with
 * `request`, the booking typed before the email was confirmed is sent once the link signs its guest in.
 */
export default accountEndpoint('verify-email', async (body, request) => {
  const link = validate(verifyEmailSchema, body);
  const { answer, session } = await confirmEmail(link, readCookie(request, registeringCookie));
  if (!session) return json(answer);
  if (answer.status === 'signed_in' && link.request) {
    answer.booking = await sendUnconfirmedRequest(session, link.request, choosePaymentProvider);
  }
  return withCookies(json(answer), sessionCookies(request, session));
});

export const config: Config = { path: '/api/auth/verify-email' };
