import type { Config } from '@netlify/functions';
import { paymentInputSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { recordPayment, showLedger } from '../../src/server/payments/payment-service.ts';

/** A booking's payments and what it owes (GET); a payment received (POST, with an Idempotency-Key). */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await showLedger(visitor, id));
    const key = readIdempotencyKey(request);
    const payment = validate(paymentInputSchema, (await readBody(request)).value);
    return json(await recordPayment(visitor, id, payment, key), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/payments' };
