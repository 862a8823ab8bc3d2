import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { listBalancesDue } from '../../src/server/payments/payment-service.ts';

/** Confirmed bookings with money outstanding, by due date, overdue ones flagged. */
export default signedInEndpoint(['GET'], async (_request, visitor) => json(await listBalancesDue(visitor)), {
  admin: true,
});

export const config: Config = { path: '/api/admin/balances-due' };
