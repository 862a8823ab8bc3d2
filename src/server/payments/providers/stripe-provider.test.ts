import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookRefused } from './payment-provider.ts';
import { depositInPounds } from './sample-session-requests.ts';
import { type PaymentStandIn, readStripeForm, startPaymentStandIn } from './stand-in/stand-in-server.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * The Stripe provider, with the official SDK pointed at the stand-in's Stripe-shaped API, and the
 * stand-in's hosted page and signed webhooks: what `npm start` and the e2e tests take payments with.
 */

const apiKey = 'sk_test_provider_test_key';
const webhookSecret = 'whsec_provider_test_secret';
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
    apiKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook`,
    retryDelaysMs: [50],
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

/** The official SDK pointed at the stand-in, for calls the provider does not make (expiring a session). */
const stripeClient = () => {
  const { hostname, port, protocol } = new URL(standIn.url);
  return new Stripe(apiKey, {
    host: hostname,
    port: Number(port),
    protocol: protocol.replace(':', '') as 'http',
  });
};

const providerWith = (key = apiKey, secret = webhookSecret) =>
  createStripeProvider({
    name: 'stand-in',
    secretKey: key,
    webhookSecret: secret,
    api: { host: standIn.host, port: standIn.port, protocol: 'http' },
  });

const request = depositInPounds;

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('the Stripe provider against the stand-in', () => {
  it('opens a Checkout Session for the amount in pounds, and finds it open', async () => {
    const provider = providerWith();
    const { sessionId, url } = await provider.createSession(request);
    expect(url).toBe(`${standIn.url}/checkout/${sessionId}`);
    expect(standIn.sessions.get(sessionId)).toMatchObject({
      amount_total: 66250,
      currency: 'gbp',
      client_reference_id: request.bookingId,
      metadata: { bookingId: request.bookingId, reference: 'KV-TEST-1', kind: 'deposit' },
      success_url: `${request.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
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

  it('reads the signed webhook of a paid session, and finds the session paid', async () => {
    const provider = providerWith();
    const { sessionId } = await provider.createSession(request);
    await standIn.pay(sessionId);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const event = await provider.readWebhook(delivery?.body ?? '', delivery?.headers ?? new Headers());
    expect(event.type).toBe('checkout.session.completed');
    expect(event.eventId).toMatch(/^evt_/);
    expect(event.session).toMatchObject({
      sessionId,
      status: 'paid',
      amount: { minor: 66250, currency: 'GBP' },
    });
    expect(event.session?.paymentReference).toMatch(/^pi_/);
    expect(await provider.findSession(sessionId)).toMatchObject({ status: 'paid' });
  });

  it('refuses a webhook with no signature, a forged one, an altered body and an old one', async () => {
    const provider = providerWith();
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed' });
    const signer = new Stripe(apiKey);
    const signed = (secret: string, timestamp?: number) =>
      new Headers({
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
      });
    await expect(provider.readWebhook(payload, new Headers())).rejects.toThrow(WebhookRefused);
    await expect(provider.readWebhook(payload, signed('whsec_someone_else'))).rejects.toThrow(WebhookRefused);
    await expect(provider.readWebhook(`${payload} `, signed(webhookSecret))).rejects.toThrow(WebhookRefused);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    await expect(provider.readWebhook(payload, signed(webhookSecret, anHourAgo))).rejects.toThrow(
      /timestamp/i,
    );
  });

  it('tells events about no session apart', async () => {
    const provider = providerWith();
    const payload = JSON.stringify({
      id: 'evt_payout',
      object: 'event',
      type: 'payout.paid',
      data: { object: {} },
    });
    const signature = new Stripe(apiKey).webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    expect(await provider.readWebhook(payload, new Headers({ 'stripe-signature': signature }))).toEqual({
      eventId: 'evt_payout',
      type: 'payout.paid',
      session: null,
    });
  });

  it('retries a webhook the site did not take, as Stripe does', async () => {
    webhookAnswer = 500;
    const { sessionId } = await providerWith().createSession(request);
    await standIn.pay(sessionId);
    await until(() => received.length >= 2);
    expect(received).toHaveLength(2);
    expect(received[0]?.body).toBe(received[1]?.body);
  });

  it('refunds a paid session up to what was paid', async () => {
    const provider = providerWith();
    const { sessionId } = await provider.createSession(request);
    await standIn.pay(sessionId);
    const { paymentReference } = await provider.findSession(sessionId);
    expect((await provider.refund(paymentReference ?? '', 20000)).refundId).toMatch(/^re_/);
    await expect(provider.refund(paymentReference ?? '', 50000)).rejects.toThrow(/between 1 and 46250/);
  });

  it('answers a refund asked again with the same key with the first refund, as Stripe does', async () => {
    const provider = providerWith();
    const { sessionId } = await provider.createSession(request);
    await standIn.pay(sessionId);
    const { paymentReference } = await provider.findSession(sessionId);
    const key = crypto.randomUUID();
    const [first, again] = await Promise.all([
      provider.refund(paymentReference ?? '', 20000, key),
      provider.refund(paymentReference ?? '', 20000, key),
    ]);
    expect(again.refundId).toBe(first.refundId);
    expect(standIn.sessions.get(sessionId)?.refunds.map(({ id, amount }) => ({ id, amount }))).toEqual([
      { id: first.refundId, amount: 20000 },
    ]);
    const other = await provider.refund(paymentReference ?? '', 1000, crypto.randomUUID());
    expect(other.refundId).not.toBe(first.refundId);
  });

  it('keeps a paid or expired session’s page no more: its url is null, as Stripe’s is', async () => {
    const provider = providerWith();
    const paid = await provider.createSession(request);
    await standIn.pay(paid.sessionId);
    expect(await provider.findSession(paid.sessionId)).toMatchObject({ status: 'paid', url: null });
    const given = await provider.createSession(request);
    await stripeClient().checkout.sessions.expire(given.sessionId);
    expect(await provider.findSession(given.sessionId)).toMatchObject({ status: 'expired', url: null });
  });

  it('opens one session for two openings with the same key, and refuses the key with other parameters, as Stripe does', async () => {
    const provider = providerWith();
    const key = crypto.randomUUID();
    const [first, again] = await Promise.all([
      provider.createSession(request, key),
      provider.createSession(request, key),
    ]);
    expect(again.sessionId).toBe(first.sessionId);
    await expect(
      provider.createSession({ ...request, charge: { minor: 100, currency: 'GBP' } }, key),
    ).rejects.toThrow(/Keys for idempotent requests can only be used with the same parameters/);
    expect([...standIn.sessions.values()].filter(({ amount_total }) => amount_total === 100)).toEqual([]);
  });

  it('refuses a refund key asked again for another amount, refunding nothing more, as Stripe does', async () => {
    const provider = providerWith();
    const { sessionId } = await provider.createSession(request);
    await standIn.pay(sessionId);
    const { paymentReference } = await provider.findSession(sessionId);
    const key = crypto.randomUUID();
    await provider.refund(paymentReference ?? '', 20000, key);
    await expect(provider.refund(paymentReference ?? '', 30000, key)).rejects.toThrow(
      /Keys for idempotent requests can only be used with the same parameters/,
    );
    expect(standIn.sessions.get(sessionId)?.refunded).toBe(20000);
  });

  it('refuses another API key, as Stripe does', async () => {
    await expect(providerWith('sk_test_not_ours').createSession(request)).rejects.toThrow(/Invalid API Key/);
  });

  it('refuses a body past 64 KB with a 413 and closes the connection instead of reading on', async () => {
    const socket = connect(standIn.port, standIn.host);
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    const closed = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    socket.on('error', () => {});
    // Says 10 MB are coming, sends 100 KB and no more: a server still reading waits for the rest.
    socket.write(
      `POST /v1/checkout/sessions HTTP/1.1\r\nHost: ${standIn.host}\r\nAuthorization: Bearer ${apiKey}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(`amount=${'9'.repeat(100 * 1024)}`);
    const wasClosed = await closed;
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/^connection: close\r$/im);
    expect(wasClosed).toBe(true);
  });
});

describe('the stand-in’s hosted page', () => {
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('shows the amount and sends a paid guest back to the site with the session id', async () => {
    const { sessionId, url } = await providerWith().createSession(request);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Pay £662.50');
    expect(page).toContain('Deposit for Kovalam Cliff Villa, KV-TEST-1');
    const paid = await post(url, { card: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${request.returnUrl}?session_id=${sessionId}`);
    expect(standIn.sessions.get(sessionId)?.payment_status).toBe('paid');
  });

  it('declines the declined test card and keeps the session open', async () => {
    const { sessionId, url } = await providerWith().createSession(request);
    const declined = await post(url, {
      card: '4000 0000 0000 0002',
      expiry: '12/34',
      cvc: '123',
      action: 'pay',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined');
    expect(standIn.sessions.get(sessionId)?.status).toBe('open');
    expect(received).toHaveLength(0);
  });

  it('sends a guest who gives up back to the cancel address, charging nothing', async () => {
    const { sessionId, url } = await providerWith().createSession(request);
    const cancelled = await post(url, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(request.cancelUrl);
    expect(standIn.sessions.get(sessionId)?.status).toBe('open');
  });
});

describe('readStripeForm', () => {
  it('nests the SDK’s bracketed fields', () => {
    expect(
      readStripeForm('line_items[0][price_data][unit_amount]=5&metadata[kind]=deposit&mode=payment'),
    ).toEqual({
      line_items: { '0': { price_data: { unit_amount: '5' } } },
      metadata: { kind: 'deposit' },
      mode: 'payment',
    });
  });
});
