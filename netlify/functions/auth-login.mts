import type { Config } from '@netlify/functions';
import { login } from '../../src/server/auth/auth-endpoints.ts';

export default login;

export const config: Config = { path: '/api/auth/login' };
