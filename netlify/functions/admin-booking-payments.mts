import type { Config } from '@netlify/functions';
import { paymentInputSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readIdempotencyKey } from '../../src/server/http/idempotency.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { recordPayment, showLedger } from '../../src/server/payments/index.ts';

/** A booking's payments and what it owes (GET); a payment received (POST, with an Idempotency-Key). */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await showLedger(bookingPayables, visitor, id));
    const key = readIdempotencyKey(request);
    const payment = validate(paymentInputSchema, (await readBody(request)).value);
    return json(await recordPayment(bookingPayables, visitor, id, payment, key), 201);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/payments' };
