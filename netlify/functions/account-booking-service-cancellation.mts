import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { cancelOwnService } from '../../src/server/booking/services/booked-service-service.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { json } from '../../src/server/http/responses.ts';
import { isUuid } from '../../src/server/http/uuid.ts';
import { choosePaymentProvider } from '../../src/server/payments/index.ts';
import { Refusal } from '../../src/server/refusal.ts';
import { log } from '../../src/server/runtime/logger.ts';

/** Cancels one service on a guest's own booking before it starts (POST); another guest's is a 404. */
export default signedInEndpoint(['POST'], async (_request, visitor, context) => {
  const id = readBookingId(context);
  const service = context.params.service;
  if (!isUuid(service)) throw new Refusal('not_found', 'There is no such service on this booking.');
  return json(await cancelOwnService(visitor, id, service.toLowerCase(), new Date(), configuredProvider()));
});

/** The payment provider, or null where none is configured: a paid service's refund is then owed, for the office. */
function configuredProvider() {
  try {
    return choosePaymentProvider();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log().error({ problems: error.problems }, 'Payments are not configured');
    return null;
  }
}

export const config: Config = { path: '/api/account/booking-requests/:id/services/:service/cancellation' };
