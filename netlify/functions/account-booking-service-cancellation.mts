import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { cancelOwnService } from '../../src/server/booking/services/booked-service-service.ts';
import { json } from '../../src/server/http/responses.ts';
import { isUuid } from '../../src/server/http/uuid.ts';
import { choosePaymentProviderForRefunds } from '../../src/server/payments/index.ts';
import { Refusal } from '../../src/server/refusal.ts';

/** Cancels one service on a guest's own booking before it starts (POST); another guest's is a 404. */
export default signedInEndpoint(['POST'], async (_request, visitor, context) => {
  const id = readBookingId(context);
  const service = context.params.service;
  if (!isUuid(service)) throw new Refusal('not_found', 'There is no such service on this booking.');
  return json(
    await cancelOwnService(visitor, id, service.toLowerCase(), new Date(), choosePaymentProviderForRefunds()),
  );
});

export const config: Config = { path: '/api/account/booking-requests/:id/services/:service/cancellation' };
