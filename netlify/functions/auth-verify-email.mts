import type { Config } from '@netlify/functions';
import { verifyEmailSchema } from '../../src/features/auth/auth-contract.ts';
import { confirmEmail } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { readCookie, registeringCookie, sessionCookies } from '../../src/server/auth/session.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('verify-email', async (body, request) => {
  const link = validate(verifyEmailSchema, body);
  const { answer, session } = await confirmEmail(link, readCookie(request, registeringCookie));
  return session ? withCookies(json(answer), sessionCookies(request, session)) : json(answer);
});

export const config: Config = { path: '/api/auth/verify-email' };
