import type { Config } from '@netlify/functions';
import { register } from '../../src/server/auth/auth-endpoints.ts';

export default register;

export const config: Config = { path: '/api/auth/register' };
