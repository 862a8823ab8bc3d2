import type { Config } from '@netlify/functions';
import { registerSchema } from '../../src/features/auth/auth-contract.ts';
import { registerAccount } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { registeringBrowserCookie } from '../../src/server/auth/session.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('register', async (body, request) => {
  const registration = validate(registerSchema, body);
  const { answer, browserSecret } = await registerAccount(registration);
  return withCookies(json(answer, 201), [registeringBrowserCookie(request, browserSecret)]);
});

export const config: Config = { path: '/api/auth/register' };
