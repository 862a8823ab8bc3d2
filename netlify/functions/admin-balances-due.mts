import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { json } from '../../src/server/http/responses.ts';
import { listBalancesDue } from '../../src/server/payments/index.ts';

/** Confirmed bookings with money outstanding, by due date, overdue ones flagged. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await listBalancesDue(bookingPayables, visitor)),
  {
    admin: true,
  },
);

export const config: Config = { path: '/api/admin/balances-due' };
