import type { Config } from '@netlify/functions';
import { verifyEmail } from '../../src/server/auth/auth-endpoints.ts';

export default verifyEmail;

export const config: Config = { path: '/api/auth/verify-email' };
