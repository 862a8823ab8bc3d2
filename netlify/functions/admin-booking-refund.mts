import type { Config } from '@netlify/functions';
import { settleRefundInputSchema } from '../../src/features/payment/refund-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readRefundTarget } from '../../src/server/booking/booking-target.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { settleRefundByHand, showLedger } from '../../src/server/payments/index.ts';

/** Marks a refund still owed as returned by the office by hand (audited); answers the ledger. */
export default signedInEndpoint(
  ['PATCH'],
  async (request, visitor, context) => {
    const { id, refundId } = readRefundTarget(context);
    validate(settleRefundInputSchema, (await readBody(request)).value);
    await settleRefundByHand(bookingPayables, visitor, id, refundId);
    return json(await showLedger(bookingPayables, visitor, id));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/refunds/:refund' };
