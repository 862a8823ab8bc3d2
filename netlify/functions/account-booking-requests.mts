import type { Config } from '@netlify/functions';
import { accountBookingRequests } from '../../src/server/booking/booking-endpoints.ts';

export default accountBookingRequests;

export const config: Config = { path: '/api/account/booking-requests' };
