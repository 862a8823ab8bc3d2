import type { Config } from '@netlify/functions';
import { logout } from '../../src/server/auth/auth-endpoints.ts';

export default logout;

export const config: Config = { path: '/api/auth/logout' };
