import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createRazorpayShape, type RazorpayShape } from './razorpay-shape.ts';
import { readBody, sendJson, sendPage } from './stand-in-http.ts';
import { type RefundBehaviour, refundBehaviourOf, renderCheckoutPage, testCards } from './stand-in-page.ts';

/**
 * A payment provider in the repository, for `npm start` and the tests: the part of Stripe's API that
 * the Stripe provider calls (Checkout Sessions, refunds), which the official `stripe` SDK reaches
 * through its `host`/`port`/`protocol` options, and a hosted page that looks like Checkout. Paying
 * there sends `checkout.session.completed` to the site's webhook, signed as Stripe signs it
 * (`stripe.webhooks.generateTestHeaderString`), then sends the guest back, as Stripe does. No account,
 * no network: it keeps its sessions in memory and listens on 127.0.0.1. It never runs on Netlify.
 */

export type StandInOptions = {
  /** The key the SDK must send (`Authorization: Bearer …`), and the secret webhooks are signed with. */
  apiKey: string;
  webhookSecret: string;
  /** Where paid and expired sessions are announced: the site's webhook endpoint. */
  webhookUrl: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  /** Waits between a webhook's delivery attempts, as Stripe retries one not answered 2xx. */
  retryDelaysMs?: number[];
  /** Razorpay's keys, to answer Razorpay's API and pages too (razorpay-shape.ts); unset, it does not. */
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string };
};

type Json = Record<string, unknown>;

/** A Checkout Session as Stripe's API answers it, with the fields the Stripe provider reads. */
export type StandInSession = {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  /** The hosted page while the session is open; null once it is complete or expired. */
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** What the page says the money is for (the line item's name). */
  description: string;
  refunded: number;
  /** The refunds of its payment, in order. */
  refunds: StandInRefund[];
  /** What a refund of its payment comes to: by the test card it was paid with. */
  refundBehaviour: RefundBehaviour;
};

/** A refund as Stripe's API answers it. */
export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  /** pending, then succeeded or failed once next read (as the test card it was paid with decides). */
  status: 'succeeded' | 'pending' | 'failed';
  /** Why it failed, as Stripe names it; null otherwise. */
  failure_reason: string | null;
  created: number;
};

export type WebhookDelivery = { eventId: string; type: string; status: number | 'failed' };

export type PaymentStandIn = {
  /** The origin its API and pages answer on, e.g. http://127.0.0.1:41234. */
  url: string;
  host: string;
  port: number;
  sessions: Map<string, StandInSession>;
  /** Every webhook delivery attempt, in order. */
  deliveries: WebhookDelivery[];
  /**
   * Pays a session as a guest would on its page (tests that have no browser), with `card` (one of
   * `testCards` that pays; the paid card when unsaid).
   */
  pay(sessionId: string, card?: string): Promise<void>;
  /** Its Razorpay shape, when started with Razorpay's keys. */
  razorpay: RazorpayShape | undefined;
  close(): Promise<void>;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Checkout Sessions expire 24 hours after they are made unless told sooner. */
const sessionLifetimeSeconds = 24 * 60 * 60;

class ApiError extends Error {
  readonly status: number;
  readonly param: string | undefined;
  readonly code: string | undefined;

  constructor(status: number, message: string, param?: string, code?: string) {
    super(message);
    this.status = status;
    this.param = param;
    this.code = code;
  }
}

const tooLarge = () => new ApiError(413, 'The request is too large.');

/**
 * A form body as Stripe's SDK encodes it (`line_items[0][price_data][currency]=gbp`), nested; arrays
 * stay objects with numeric keys.
 */
export function readStripeForm(body: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.split(/\[|\]\[|\]/).filter((key) => key !== '');
    let node = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Json;
    });
  }
  return root;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const child = (value: unknown, key: string) =>
  typeof value === 'object' && value !== null ? (value as Json)[key] : undefined;

/** A session as Stripe answers it: without the stand-in's own fields. */
function publicSession({
  description: _description,
  refunded: _refunded,
  refunds: _refunds,
  refundBehaviour: _refundBehaviour,
  ...session
}: StandInSession) {
  return session;
}

const pageOf = (session: StandInSession) => ({
  id: session.id,
  amountPence: session.amount_total,
  description: session.description,
  status: session.status,
  refunds: session.refunds.map(({ id, amount }) => ({ id, amountPence: amount })),
});

/** An API error as Stripe answers one. */
function describeError(error: ApiError) {
  return {
    error: {
      type: 'invalid_request_error',
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      ...(error.code ? { code: error.code } : {}),
    },
  };
}

/** Starts the stand-in on 127.0.0.1; resolves once it listens. */
export async function startPaymentStandIn(options: StandInOptions): Promise<PaymentStandIn> {
  const sessions = new Map<string, StandInSession>();
  const deliveries: WebhookDelivery[] = [];
  const retryDelaysMs = options.retryDelaysMs ?? [1000, 5000, 30_000];
  const signer = new Stripe(options.apiKey);
  const pending = new Set<NodeJS.Timeout>();
  let origin = '';

  function createSession(form: Json): StandInSession {
    const item = child(form.line_items, '0');
    const price = child(item, 'price_data');
    const amount = Number(text(child(price, 'unit_amount')));
    const quantity = Number(text(child(item, 'quantity')) ?? '1');
    const currency = text(child(price, 'currency'));
    const name = text(child(child(price, 'product_data'), 'name'));
    if (text(form.mode) !== 'payment') throw new ApiError(400, 'Only mode=payment is supported.', 'mode');
    if (child(form.line_items, '1') !== undefined) {
      throw new ApiError(400, 'The stand-in takes one line item.', 'line_items');
    }
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new ApiError(400, 'Invalid unit_amount.', 'line_items[0][price_data][unit_amount]');
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new ApiError(400, 'Invalid quantity.', 'line_items[0][quantity]');
    }
    if (!currency || !/^[a-z]{3}$/.test(currency)) {
      throw new ApiError(400, 'Invalid currency.', 'line_items[0][price_data][currency]');
    }
    const successUrl = text(form.success_url);
    const cancelUrl = text(form.cancel_url);
    if (!successUrl || !URL.canParse(successUrl))
      throw new ApiError(400, 'Invalid success_url.', 'success_url');
    if (!cancelUrl || !URL.canParse(cancelUrl)) throw new ApiError(400, 'Invalid cancel_url.', 'cancel_url');
    const id = newId('cs');
    const created = nowSeconds();
    const metadata = Object.fromEntries(
      Object.entries((form.metadata ?? {}) as Json).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * quantity,
      currency,
      client_reference_id: text(form.client_reference_id) ?? null,
      customer_email: text(form.customer_email) ?? null,
      metadata,
      payment_intent: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${origin}/checkout/${id}`,
      created,
      expires_at: Number(text(form.expires_at) ?? created + sessionLifetimeSeconds),
      livemode: false,
      description: name ?? 'Payment',
      refunded: 0,
      refunds: [],
      refundBehaviour: 'succeeds',
    };
    sessions.set(id, session);
    return session;
  }

  function findSession(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new ApiError(404, `No such checkout.session: '${id}'`, 'id', 'resource_missing');
    if (session.status === 'open' && session.expires_at <= nowSeconds()) expire(session);
    return session;
  }

  function expire(session: StandInSession) {
    session.status = 'expired';
    // As Stripe's: a session's url is there only while it can be paid.
    session.url = null;
    announce('checkout.session.expired', session);
  }

  /** Sends an event to the site's webhook, signed, retrying as Stripe does until it is answered 2xx. */
  function announce(type: string, session: StandInSession) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      data: { object: publicSession(session) },
    };
    const payload = JSON.stringify(event);
    const attempt = async (tries: number) => {
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
      const status = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).then(
        async (response) => {
          await response.body?.cancel();
          return response.status;
        },
        () => 'failed' as const,
      );
      deliveries.push({ eventId: event.id, type, status });
      const delay = retryDelaysMs[tries];
      if ((status === 'failed' || status >= 300) && delay !== undefined) {
        const timer = setTimeout(() => {
          pending.delete(timer);
          void attempt(tries + 1);
        }, delay);
        pending.add(timer);
      }
    };
    return attempt(0);
  }

  async function pay(session: StandInSession, card: string = testCards.paid) {
    const behaviour = refundBehaviourOf(card);
    if (!behaviour) throw new Error(`${card} is not a test card that pays`);
    session.refundBehaviour = behaviour;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.payment_intent = newId('pi');
    await announce('checkout.session.completed', session);
  }

  /**
   * Answers by the Idempotency-Key a request was sent with, as Stripe keeps them (its idempotency
   * docs): the same key and the same parameters get the first answer, errors included, and create
   * nothing more; the same key with other parameters is refused (400, idempotency_error) and changes
   * nothing. Keys are per endpoint, as Stripe compares the endpoint too.
   */
  const answersByKey = new Map<string, { params: string; answer: { status: number; body: unknown } }>();

  function once(
    endpoint: string,
    form: Json,
    key: string | undefined,
    make: () => unknown,
  ): { status: number; body: unknown } {
    const params = JSON.stringify(form);
    const known = key === undefined ? undefined : answersByKey.get(`${endpoint} ${key}`);
    if (known) {
      if (known.params === params) return known.answer;
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: make() };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { status: error.status, body: describeError(error) };
    }
    if (key !== undefined) answersByKey.set(`${endpoint} ${key}`, { params, answer });
    return answer;
  }

  function refund(form: Json): StandInRefund {
    const intent = text(form.payment_intent);
    const session = [...sessions.values()].find((each) => intent && each.payment_intent === intent);
    if (!session)
      throw new ApiError(404, `No such payment_intent: '${intent}'`, 'payment_intent', 'resource_missing');
    const left = session.amount_total - session.refunded;
    const amount = form.amount === undefined ? left : Number(text(form.amount));
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
      throw new ApiError(400, `Refund amount must be between 1 and ${left}.`, 'amount');
    }
    session.refunded += amount;
    const made: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent as string,
      status: session.refundBehaviour === 'succeeds' ? 'succeeded' : 'pending',
      failure_reason: null,
      created: nowSeconds(),
    };
    session.refunds.push(made);
    return made;
  }

  /**
   * A refund as Stripe answers it now: a pending one is settled the first time it is read again, as its
   * test card decides; a failed one gives its amount back to what can be refunded.
   */
  function findRefund(id: string): StandInRefund {
    for (const session of sessions.values()) {
      const made = session.refunds.find((each) => each.id === id);
      if (!made) continue;
      if (made.status === 'pending') {
        if (session.refundBehaviour === 'pending_then_fails') {
          made.status = 'failed';
          made.failure_reason = 'expired_or_canceled_card';
          session.refunded -= made.amount;
        } else {
          made.status = 'succeeded';
        }
      }
      return made;
    }
    throw new ApiError(404, `No such refund: '${id}'`, 'id', 'resource_missing');
  }

  async function answerApi(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      throw new ApiError(401, 'Invalid API Key provided.');
    }
    const form = req.method === 'POST' ? readStripeForm(await readBody(req, res, tooLarge)) : {};
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(pathname);
    const key =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    if (pathname === '/v1/checkout/sessions' && req.method === 'POST') {
      const answer = once('sessions', form, key, () => publicSession(createSession(form)));
      return sendJson(res, answer.status, answer.body);
    }
    if (sessionPath && req.method === 'GET' && !sessionPath[2]) {
      return sendJson(res, 200, publicSession(findSession(decodeURIComponent(sessionPath[1] as string))));
    }
    if (sessionPath && req.method === 'POST' && sessionPath[2]) {
      const session = findSession(decodeURIComponent(sessionPath[1] as string));
      if (session.status !== 'open') throw new ApiError(400, 'Only an open session can be expired.');
      expire(session);
      return sendJson(res, 200, publicSession(session));
    }
    if (pathname === '/v1/refunds' && req.method === 'POST') {
      const answer = once('refunds', form, key, () => refund(form));
      return sendJson(res, answer.status, answer.body);
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(pathname);
    if (refundPath && req.method === 'GET') {
      return sendJson(res, 200, findRefund(decodeURIComponent(refundPath[1] as string)));
    }
    throw new ApiError(404, `Unrecognized request URL (${req.method}: ${pathname}).`);
  }

  async function answerPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session)
      return sendPage(res, 404, '<!doctype html><title>Not found</title><p>No such payment page.</p>');
    if (session.status === 'open' && session.expires_at <= nowSeconds()) expire(session);
    if (req.method === 'GET' || session.status !== 'open') {
      return sendPage(
        res,
        session.status === 'open' || req.method === 'GET' ? 200 : 409,
        renderCheckoutPage(pageOf(session)),
      );
    }
    const form = new URLSearchParams(await readBody(req, res, tooLarge));
    if (form.get('action') === 'cancel') {
      res.writeHead(303, { location: session.cancel_url });
      return res.end();
    }
    const card = (form.get('card') ?? '').replaceAll(/\s/g, '');
    if (card === testCards.declined.replaceAll(' ', '')) {
      return sendPage(
        res,
        402,
        renderCheckoutPage(pageOf(session), 'Your card was declined. Try another card.'),
      );
    }
    if (!refundBehaviourOf(card)) {
      return sendPage(
        res,
        400,
        renderCheckoutPage(
          pageOf(session),
          `Use a test card: ${testCards.paid} (paid) or ${testCards.declined} (declined).`,
        ),
      );
    }
    await pay(session, card);
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  const razorpay =
    options.razorpay &&
    createRazorpayShape({
      ...options.razorpay,
      webhookUrl: options.webhookUrl,
      retryDelaysMs,
      origin: () => origin,
    });

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://stand-in');
    if (razorpay?.answer(req, res, pathname)) return;
    const page = /^\/checkout\/([^/]+)$/.exec(pathname);
    const work = pathname.startsWith('/v1/')
      ? answerApi(req, res, pathname)
      : page && (req.method === 'GET' || req.method === 'POST')
        ? answerPage(req, res, decodeURIComponent(page[1] as string))
        : Promise.reject(new ApiError(404, 'Not found.'));
    work.catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      const refusal = error instanceof ApiError ? error : new ApiError(500, 'The stand-in failed.');
      if (!(error instanceof ApiError)) console.error('Payment stand-in:', error);
      sendJson(res, refusal.status, describeError(refusal));
    });
  });
  const host = '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  return {
    url: origin,
    host,
    port,
    sessions,
    deliveries,
    pay: (sessionId, card) => pay(findSession(sessionId), card),
    razorpay,
    close: async () => {
      razorpay?.close();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
