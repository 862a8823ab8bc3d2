import type { Config } from '@netlify/functions';
import { forgotPassword } from '../../src/server/auth/auth-endpoints.ts';

export default forgotPassword;

export const config: Config = { path: '/api/auth/forgot-password' };
