import type { Config } from '@netlify/functions';
import { forgotPasswordSchema } from '../../src/features/auth/auth-contract.ts';
import { requestPasswordReset } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('forgot-password', async (body) => {
  const { email } = validate(forgotPasswordSchema, body);
  return json(await requestPasswordReset(email), 202);
});

export const config: Config = { path: '/api/auth/forgot-password' };
