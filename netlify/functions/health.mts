import type { Config } from '@netlify/functions';
import { checkHealth } from '../../src/server/health.ts';

export default async () => checkHealth();

export const config: Config = { path: '/api/health' };
