import type { Config } from '@netlify/functions';
import { type ConfirmedAnswer, emailCodeSchema } from '../../src/features/auth/auth-contract.ts';
import { signInWithEmailCode } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { sessionCookies } from '../../src/server/auth/session.ts';
import { sendUnconfirmedRequest } from '../../src/server/booking/unconfirmed-request-service.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';

/**
 * `POST /api/auth/email-code`: the six-digit code of a sign-in email signs this browser in and, with
 * `request`, sends the booking typed before (unconfirmed-request-service.ts).
 */
export default accountEndpoint('email-code', async (body, request) => {
  const { email, code, request: unconfirmed } = validate(emailCodeSchema, body);
  const session = await signInWithEmailCode({ email, code });
  const answer: ConfirmedAnswer = { status: 'signed_in', user: session.user };
  if (unconfirmed) answer.booking = await sendUnconfirmedRequest(session, unconfirmed, choosePaymentProvider);
  return withCookies(json(answer), sessionCookies(request, session));
});

export const config: Config = { path: '/api/auth/email-code' };
