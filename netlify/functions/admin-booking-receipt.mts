import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { readPaymentTarget } from '../../src/server/booking/booking-target.ts';
import { readOfficeReceipt, receiptResponse } from '../../src/server/payments/index.ts';

/** The office's copy of a payment's PDF receipt, from the booking's Payments. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor, context) => {
    const { id, paymentId } = readPaymentTarget(context);
    return receiptResponse(await readOfficeReceipt(bookingPayables, visitor, id, paymentId));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/payments/:payment/receipt' };
