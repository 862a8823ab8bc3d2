import type { Config } from '@netlify/functions';
import { loginSchema } from '../../src/features/auth/auth-contract.ts';
import { signIn } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import {
  deviceCookie,
  readCookie,
  sessionCookies,
  trustedDeviceCookie,
} from '../../src/server/auth/session.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('login', async (body, request) => {
  const credentials = validate(loginSchema, body);
  const { answer, session, trustedDevice } = await signIn(credentials, readCookie(request, deviceCookie));
  return withCookies(json(answer), [
    ...sessionCookies(request, session),
    trustedDeviceCookie(request, trustedDevice),
  ]);
});

export const config: Config = { path: '/api/auth/login' };
