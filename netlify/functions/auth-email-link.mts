import type { Config } from '@netlify/functions';
import { emailLinkSchema } from '../../src/features/auth/auth-contract.ts';
import { requestSignInLink } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { registeringBrowserCookie } from '../../src/server/auth/session.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** `POST /api/auth/email-link`: "Email me a sign-in link"; the same 202 whether or not the address has an account. */
export default accountEndpoint('email-link', async (body, request) => {
  const { answer, browserSecret } = await requestSignInLink(validate(emailLinkSchema, body));
  return withCookies(json(answer, 202), [registeringBrowserCookie(request, browserSecret)]);
});

export const config: Config = { path: '/api/auth/email-link' };
