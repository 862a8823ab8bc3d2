import type { Config } from '@netlify/functions';
import { registerSchema } from '../../src/features/auth/auth-contract.ts';
import { registerAccount } from '../../src/server/auth/account-service.ts';
import { accountEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

export default accountEndpoint('register', async (body) => {
  const registration = validate(registerSchema, body);
  return json(await registerAccount(registration), 201);
});

export const config: Config = { path: '/api/auth/register' };
