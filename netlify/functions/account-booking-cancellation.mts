import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { cancelOwnBooking, readOwnCancellation } from '../../src/server/booking/cancellation-service.ts';
import { refundServicesOfCancelledStay } from '../../src/server/booking/services/booked-service-service.ts';
import { json } from '../../src/server/http/responses.ts';
import { choosePaymentProviderForRefunds } from '../../src/server/payments/index.ts';

/**
 * A guest's own booking: what cancelling it today would refund (GET), and cancelling it (POST), which
 * refunds what the policy says of the stay's own money through the payment provider, and each of its
 * services paid on its own by that service's rule. Another guest's booking is a 404.
 */
export default signedInEndpoint(['GET', 'POST'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnCancellation(visitor, id));
  const provider = choosePaymentProviderForRefunds();
  const cancelled = await cancelOwnBooking(provider, visitor, id);
  // Its services went with it; each one paid on its own is refunded by its own rule, not the stay's.
  await refundServicesOfCancelledStay(provider, id);
  return json(cancelled);
});

export const config: Config = { path: '/api/account/booking-requests/:id/cancellation' };
