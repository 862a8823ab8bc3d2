import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readPaymentTarget } from '../../src/server/booking/booking-target.ts';
import { json } from '../../src/server/http/responses.ts';
import { removePayment } from '../../src/server/payments/index.ts';

/** Removes a mistaken payment entry; the audit log keeps what it said. */
export default signedInEndpoint(
  ['DELETE'],
  async (_request, visitor, context) => {
    const { id, paymentId } = readPaymentTarget(context);
    return json(await removePayment(bookingPayables, visitor, id, paymentId));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/payments/:payment' };
