import type { Config } from '@netlify/functions';
import { session } from '../../src/server/auth/auth-endpoints.ts';

export default session;

export const config: Config = { path: '/api/auth/session' };
