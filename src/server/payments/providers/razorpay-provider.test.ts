import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookRefused } from './payment-provider.ts';
import { createRazorpayProvider, refundInPaymentCurrency } from './razorpay-provider.ts';
import { depositInPounds, depositInRupees } from './sample-session-requests.ts';
import { type PaymentStandIn, startPaymentStandIn } from './stand-in/stand-in-server.ts';

/**
 * The Razorpay provider, with the official SDK pointed at the stand-in's Razorpay-shaped API, and the
 * stand-in's payment-link page and signed webhooks: what `PAYMENT_STAND_IN_SHAPE=razorpay` runs.
 */

const keys = { keyId: 'rzp_test_provider', keySecret: 'provider-test-secret', webhookSecret: 'hook-secret' };
const received: { body: string; headers: Headers }[] = [];
let webhookAnswer = 200;
let standIn: PaymentStandIn;
let closeWebhook: () => void;

beforeAll(async () => {
  const webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value);
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers });
      res.writeHead(webhookAnswer).end();
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  closeWebhook = () => webhook.close();
  standIn = await startPaymentStandIn({
    apiKey: 'sk_test_unused',
    webhookSecret: 'whsec_unused',
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook`,
    retryDelaysMs: [50],
    razorpay: keys,
  });
});

afterAll(async () => {
  await standIn.close();
  closeWebhook();
});

beforeEach(() => {
  received.length = 0;
  webhookAnswer = 200;
});

const providerWith = (overrides: Partial<typeof keys> = {}) =>
  createRazorpayProvider({ name: 'stand-in', ...keys, ...overrides, hostUrl: standIn.url });

const request = depositInPounds;
const inRupees = depositInRupees;

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

const rz = () => standIn.razorpay ?? expect.fail('the stand-in was started without Razorpay');

describe('the Razorpay provider against the stand-in', () => {
  it('opens a payment link in pounds, and finds it open', async () => {
    const provider = providerWith();
    const { sessionId, url } = await provider.createSession(request);
    expect(sessionId).toMatch(/^plink_/);
    expect(url).toBe(`${standIn.url}/razorpay/${sessionId}`);
    expect(rz().links.get(sessionId)).toMatchObject({
      amount: 66250,
      currency: 'GBP',
      callback_url: request.returnUrl,
      callback_method: 'get',
      notes: { bookingId: request.bookingId, reference: 'KV-TEST-1', kind: 'deposit', gbpPence: 66250 },
    });
    expect(await provider.findSession(sessionId)).toEqual({
      sessionId,
      status: 'open',
      amount: { minor: 66250, currency: 'GBP' },
      paymentReference: null,
      bookingId: request.bookingId,
      url,
    });
  });

  it('opens a link in rupees for a guest who pays by UPI, with the rate in its notes', async () => {
    const { sessionId } = await providerWith().createSession(inRupees);
    expect(rz().links.get(sessionId)).toMatchObject({
      amount: 7_764_500,
      currency: 'INR',
      notes: { gbpPence: 66250, rupeesPerPound: 117.2, rateOf: '2026-11-25' },
    });
  });

  it('is refused by a stand-in that does not hold its key', async () => {
    await expect(providerWith({ keySecret: 'wrong' }).createSession(request)).rejects.toThrow(
      /Razorpay answered 401: Authentication failed/,
    );
  });

  it('pays by UPI on the page, sends a signed payment_link.paid, and the provider reads what was paid', async () => {
    const provider = providerWith();
    const { sessionId, url } = await provider.createSession(inRupees);
    const page = await fetch(url);
    expect(await page.text()).toContain('Pay ₹77,645 by UPI');

    const failed = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'upi', vpa: 'failure@razorpay' }),
    });
    expect(failed.status).toBe(402);
    expect(received).toHaveLength(0);

    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'upi', vpa: 'success@razorpay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(request.returnUrl);
    expect(back.searchParams.get('razorpay_payment_link_id')).toBe(sessionId);
    expect(back.searchParams.get('razorpay_payment_link_status')).toBe('paid');

    await until(() => received.length === 1);
    const [delivery] = received;
    // Shaped as Razorpay documents payment_link.paid: the link, the order it made, the payment.
    const sent = JSON.parse(delivery?.body ?? '{}') as {
      contains: string[];
      payload: {
        order: { entity: { id: string; status: string } };
        payment: { entity: { order_id: string } };
      };
    };
    expect(sent.contains).toEqual(['payment_link', 'order', 'payment']);
    expect(sent.payload.order.entity).toMatchObject({
      status: 'paid',
      id: sent.payload.payment.entity.order_id,
    });
    if (!delivery) throw new Error('no webhook');
    expect(
      Razorpay.validateWebhookSignature(
        delivery.body,
        delivery.headers.get('x-razorpay-signature') ?? '',
        keys.webhookSecret,
      ),
    ).toBe(true);
    const event = await provider.readWebhook(delivery.body, delivery.headers);
    expect(event.eventId).toMatch(/^evt_/);
    expect(event.eventId).toBe(delivery.headers.get('x-razorpay-event-id'));
    expect(event.type).toBe('payment_link.paid');
    expect(event.session).toMatchObject({
      sessionId,
      status: 'paid',
      amount: { minor: 7_764_500, currency: 'INR' },
      method: 'upi',
      paymentReference: back.searchParams.get('razorpay_payment_id'),
      bookingId: request.bookingId,
    });
    expect(await provider.findSession(sessionId)).toMatchObject({
      status: 'paid',
      method: 'upi',
      amount: { minor: 7_764_500, currency: 'INR' },
    });
  });

  it('pays a link in pounds by card, and refuses a declined card', async () => {
    const provider = providerWith();
    const { sessionId, url } = await provider.createSession(request);
    const declined = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'card', card: '4000 0000 0000 0002' }),
    });
    expect(declined.status).toBe(402);
    await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'card', card: '4242 4242 4242 4242' }),
      redirect: 'manual',
    });
    expect(await provider.findSession(sessionId)).toMatchObject({
      status: 'paid',
      method: 'card',
      amount: { minor: 66250, currency: 'GBP' },
    });
  });

  it('retries a webhook not answered 2xx with the same event id', async () => {
    webhookAnswer = 500;
    const { sessionId } = await providerWith().createSession(request);
    await rz().pay(sessionId);
    await until(() => received.length === 2);
    expect(received.map(({ headers }) => headers.get('x-razorpay-event-id'))).toEqual([
      received[0]?.headers.get('x-razorpay-event-id'),
      received[0]?.headers.get('x-razorpay-event-id'),
    ]);
  });

  it('refuses a webhook whose signature, body or event id does not hold', async () => {
    const provider = providerWith();
    const body = JSON.stringify({ entity: 'event', event: 'payment_link.paid', payload: {} });
    const sign = (text: string, secret = keys.webhookSecret) =>
      createHmac('sha256', secret).update(text).digest('hex');
    const headers = (signature: string, eventId = 'evt_1') =>
      new Headers({ 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId });
    await expect(provider.readWebhook(body, new Headers({ 'x-razorpay-event-id': 'evt_1' }))).rejects.toThrow(
      WebhookRefused,
    );
    await expect(provider.readWebhook(body, headers(sign(body, 'other')))).rejects.toThrow(/does not hold/);
    await expect(provider.readWebhook(`${body} `, headers(sign(body)))).rejects.toThrow(/does not hold/);
    await expect(
      provider.readWebhook(body, new Headers({ 'x-razorpay-signature': sign(body) })),
    ).rejects.toThrow(/Event-Id/);
    await expect(provider.readWebhook('not json', headers(sign('not json')))).rejects.toThrow(/not an event/);
    expect(await provider.readWebhook(body, headers(sign(body)))).toEqual({
      eventId: 'evt_1',
      type: 'payment_link.paid',
      session: null,
    });
  });

  it('refunds a payment once per key, in the currency it was paid in', async () => {
    const provider = providerWith();
    const { sessionId } = await provider.createSession(inRupees);
    await rz().pay(sessionId, 'upi');
    const { paymentReference } = await provider.findSession(sessionId);
    if (!paymentReference) throw new Error('not paid');
    const first = await provider.refund(paymentReference, 33125, 'refund-1');
    expect(await provider.refund(paymentReference, 33125, 'refund-1')).toEqual(first);
    expect(rz().refunds.filter((refund) => refund.payment_id === paymentReference)).toMatchObject([
      { id: first.refundId, amount: 3_882_250, currency: 'INR', receipt: 'refund-refund-1' },
    ]);
    await provider.refund(paymentReference, 33125, 'refund-2');
    expect(rz().payments.get(paymentReference)?.amount_refunded).toBe(7_764_500);
    await expect(provider.refund(paymentReference, 100, 'refund-3')).rejects.toThrow(/Razorpay answered 400/);
  });
});

describe('refundInPaymentCurrency', () => {
  const payment = {
    id: 'pay_1',
    amount: 7_764_500,
    currency: 'INR',
    status: 'captured',
    notes: { gbpPence: 66250 },
  };

  it.each([
    [66250, 7_764_500],
    [33125, 3_882_250],
    [1, 117],
  ])('refunds %i pence of a rupee payment as %i paise', (pence, paise) => {
    expect(refundInPaymentCurrency(payment, pence)).toBe(paise);
  });

  it('refunds pounds as pounds, and refuses a rupee payment that does not say its pounds', () => {
    expect(refundInPaymentCurrency({ ...payment, currency: 'GBP', amount: 66250 }, 500)).toBe(500);
    expect(() => refundInPaymentCurrency({ ...payment, notes: [] }, 500)).toThrow(/does not say the pounds/);
  });
});
