import type { Config } from '@netlify/functions';
import { availability } from '../../src/server/booking/booking-endpoints.ts';

export default availability;

export const config: Config = { path: '/api/availability' };
