import type { Config } from '@netlify/functions';
import { officeRefundInputSchema } from '../../src/features/payment/refund-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { choosePaymentProvider, refundFromOffice, showLedger } from '../../src/server/payments/index.ts';
import { log } from '../../src/server/runtime/logger.ts';

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
    await refundFromOffice(bookingPayables, configuredProvider(), visitor, id, input, key);
    return json(await showLedger(bookingPayables, visitor, id), 201);
  },
  { admin: true },
);

/** The payment provider, or null where none is configured: online refunds are then owed. */
function configuredProvider() {
  try {
    return choosePaymentProvider();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log().error({ problems: error.problems }, 'Payments are not configured');
    return null;
  }
}

export const config: Config = { path: '/api/admin/booking-requests/:id/refunds' };
