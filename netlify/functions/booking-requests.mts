import type { Config } from '@netlify/functions';
import { bookingRequests } from '../../src/server/booking/booking-endpoints.ts';

export default bookingRequests;

export const config: Config = { path: '/api/booking-requests' };
