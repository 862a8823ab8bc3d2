import type { Config } from '@netlify/functions';
import { officeRefundInputSchema } from '../../src/features/payment/refund-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import {
  choosePaymentProviderForRefunds,
  refundFromOffice,
  showLedger,
} from '../../src/server/payments/index.ts';

/**
 * The office refunds from a booking's Payments (POST, with an Idempotency-Key): in full, the policy's
 * amount, an amount, or a payment taken but not recorded; answers the booking's ledger as it now stands.
 */
export default signedInEndpoint(
  ['POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    const key = readIdempotencyKey(request);
    const input = validate(officeRefundInputSchema, (await readBody(request)).value);
    await refundFromOffice(bookingPayables, choosePaymentProviderForRefunds(), visitor, id, input, key);
    return json(await showLedger(bookingPayables, visitor, id), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/refunds' };
