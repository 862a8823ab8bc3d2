import type { Config } from '@netlify/functions';
import { resetPasswordSchema } from '../../src/features/auth/auth-contract.ts';
import { resetPassword } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { clearedSessionCookies } from '../../src/server/auth/session.ts';
import { withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** A new password ends the session on this browser too: the guest signs in again with it. */
export default accountEndpoint('reset-password', async (body, request) => {
  const reset = validate(resetPasswordSchema, body);
  return withCookies(json(await resetPassword(reset)), clearedSessionCookies(request));
});

export const config: Config = { path: '/api/auth/reset-password' };
