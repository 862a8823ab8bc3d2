import type { Config } from '@netlify/functions';
import { resetPassword } from '../../src/server/auth/auth-endpoints.ts';

export default resetPassword;

export const config: Config = { path: '/api/auth/reset-password' };
