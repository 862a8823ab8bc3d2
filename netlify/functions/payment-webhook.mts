import type { Config } from '@netlify/functions';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { choosePaymentProvider, receiveWebhook, WebhookRefused } from '../../src/server/payments/index.ts';

/**
 * `POST /api/payments/webhook`: the payment provider's events. The signature is checked over the raw
 * body before anything is read; a forged, altered or stale event is refused (400) and stores nothing.
 * A verified event is stored once by its id and settles its session: a retry answers 200 and records
 * nothing again.
 */
export default endpoint(['POST'], async (request) => {
  const rawBody = await request.text();
  try {
    const settlement = await receiveWebhook(stayPayables, choosePaymentProvider(), rawBody, request.headers);
    return json({ received: true, outcome: settlement.outcome });
  } catch (error) {
    if (error instanceof WebhookRefused) throw new HttpError(400, 'bad_request', error.message);
    throw error;
  }
});

export const config: Config = { path: '/api/payments/webhook' };
