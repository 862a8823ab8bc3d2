import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { cancelOwnBooking, readOwnCancellation } from '../../src/server/booking/cancellation-service.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { json } from '../../src/server/http/responses.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';
import { log } from '../../src/server/runtime/logger.ts';

/**
 * A guest's own booking: what cancelling it today would refund (GET), and cancelling it (POST), which
 * refunds what the policy says through the payment provider. Another guest's booking is a 404.
 */
export default signedInEndpoint(['GET', 'POST'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnCancellation(visitor, id));
  return json(await cancelOwnBooking(configuredProvider(), visitor, id));
});

/** The payment provider, or null where none is configured: the refunds are then owed, for the office. */
function configuredProvider() {
  try {
    return choosePaymentProvider();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log().error({ problems: error.problems }, 'Payments are not configured');
    return null;
  }
}

export const config: Config = { path: '/api/account/booking-requests/:id/cancellation' };
