import type { Config } from '@netlify/functions';
import { verifyEmailSchema } from '../../src/features/auth/auth-contract.ts';
import { confirmEmail } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('verify-email', async (body) => {
  const { token } = validate(verifyEmailSchema, body);
  return json(await confirmEmail(token));
});

export const config: Config = { path: '/api/auth/verify-email' };
