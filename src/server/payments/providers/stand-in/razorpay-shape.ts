import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatPaise, formatPence } from '../../../../lib/money.ts';
import { escapeHtml, readBody, sendJson, sendPage } from './stand-in-http.ts';
import { testCards } from './stand-in-page.ts';

/**
 * The stand-in in Razorpay's shape: the part of Razorpay's API the Razorpay provider calls (Payment
 * Links, payments, their refunds), which the official `razorpay` SDK reaches once its base URL points
 * here, and a hosted page like a payment link's: a card for a link in pounds, UPI for one in rupees
 * (test VPAs `success@razorpay` and `failure@razorpay`). Paying sends `payment_link.paid` to the site's
 * webhook with `X-Razorpay-Signature` (HMAC-SHA256 of the raw body with the webhook secret) and
 * `X-Razorpay-Event-Id`, retried as Razorpay retries one not answered 2xx, then sends the guest to
 * the link's callback URL with Razorpay's query parameters.
 */

export type RazorpayShapeOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string;
  retryDelaysMs: number[];
  /** The stand-in's origin, known once it listens. */
  origin: () => string;
};

/** A payment link as Razorpay's API answers it. */
export type StandInPaymentLink = {
  id: string;
  entity: 'payment_link';
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  amount: number;
  amount_paid: number;
  currency: 'GBP' | 'INR';
  accept_partial: false;
  description: string;
  reference_id: string;
  customer: Record<string, string>;
  notes: Record<string, string | number>;
  callback_url: string;
  callback_method: 'get';
  expire_by: number;
  short_url: string;
  payments:
    | { payment_id: string; amount: number; status: 'captured'; method: string; plink_id: string }[]
    | null;
  created_at: number;
  updated_at: number;
};

/** A payment as Razorpay's API answers it. */
export type StandInPayment = {
  id: string;
  entity: 'payment';
  /** The order Razorpay makes for a link's payment, named in the payment and in payment_link.paid. */
  order_id: string;
  amount: number;
  currency: string;
  status: 'captured';
  method: 'card' | 'upi';
  vpa: string | null;
  amount_refunded: number;
  notes: Record<string, string | number>;
  created_at: number;
};

export type StandInRazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  status: 'processed';
  created_at: number;
};

/** The test VPAs, as Razorpay's test mode knows them: the first pays, the second fails. */
export const testVpas = { paid: 'success@razorpay', failed: 'failure@razorpay' } as const;

export type RazorpayDelivery = { eventId: string; type: string; status: number | 'failed' };

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An API refusal as Razorpay answers one: `{ error: { code, description, field } }`. */
class RazorpayError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

const tooLarge = () => new RazorpayError(413, 'The request is too large.');

/** Whether `header` is HTTP Basic auth for `keyId:keySecret`, compared in constant time. */
function holdsKey(header: string | undefined, keyId: string, keySecret: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const amountOf = (link: StandInPaymentLink) =>
  link.currency === 'INR' ? formatPaise(link.amount) : formatPence(link.amount);

/** The link's page: the amount, then UPI for rupees or a card for pounds; `error` in an alert. */
export function renderLinkPage(link: StandInPaymentLink, error?: string): string {
  const amount = amountOf(link);
  const action = `/razorpay/${encodeURIComponent(link.id)}`;
  const form =
    link.currency === 'INR'
      ? `<form method="post" action="${action}">
      <label for="vpa">UPI ID</label>
      <input id="vpa" name="vpa" autocomplete="off" required>
      <button name="action" value="upi">Pay ${amount} by UPI</button>
    </form>
    <p class="note">Test UPI IDs: ${testVpas.paid} pays, ${testVpas.failed} fails.</p>`
      : `<form method="post" action="${action}">
      <label for="card">Card number</label>
      <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
      <label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" required value="12/34">
      <label for="cvc">CVV</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required value="123">
      <button name="action" value="card">Pay ${amount}</button>
    </form>
    <p class="note">Test cards: ${testCards.paid} is paid, ${testCards.declined} is declined.</p>`;
  const body =
    link.status === 'created'
      ? `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}${form}`
      : `<p role="alert">This payment link has ${link.status === 'paid' ? 'been paid' : link.status}.</p>`;
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${amount}: Kayal Villas (test payment link)</title>
<style>
  body { font: 1rem/1.5 system-ui, sans-serif; margin: 0; background: #eef2fb; color: #1d1d1b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.5rem; }
  .banner { margin: 0; padding: 0.5rem 1rem; background: #fde68a; text-align: center; }
  label { display: block; margin-top: 0.75rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; border: 1px solid #6b6b6b; border-radius: 0.25rem; }
  button { margin-top: 1rem; width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; border: 0; border-radius: 0.25rem; background: #0b3d91; color: #fff; cursor: pointer; }
  .error { padding: 0.5rem; background: #fde2e1; border-left: 4px solid #a4161a; }
  .note { font-size: 0.875rem; color: #4a4a4a; }
</style>
</head>
<body>
<p class="banner">Test payment link: the stand-in for Razorpay. Nothing is charged.</p>
<main>
  <h1>Pay ${amount}</h1>
  <p>${escapeHtml(link.description)}</p>
  ${body}
</main>
</body>
</html>`;
}

export type RazorpayShape = ReturnType<typeof createRazorpayShape>;

/** Razorpay's API and pages for the stand-in's server; `answer` says whether a request was its. */
export function createRazorpayShape(options: RazorpayShapeOptions) {
  const links = new Map<string, StandInPaymentLink>();
  const payments = new Map<string, StandInPayment>();
  const refunds: StandInRazorpayRefund[] = [];
  const deliveries: RazorpayDelivery[] = [];
  const pending = new Set<NodeJS.Timeout>();

  function createLink(body: Record<string, unknown>): StandInPaymentLink {
    const amount = Number(body.amount);
    const currency = String(body.currency ?? 'INR');
    if (!Number.isSafeInteger(amount) || amount < 100) {
      throw new RazorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    }
    if (currency !== 'INR' && currency !== 'GBP') {
      throw new RazorpayError(400, 'The stand-in takes links in INR or GBP.', 'currency');
    }
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : '';
    if (!URL.canParse(callbackUrl))
      throw new RazorpayError(400, 'The callback url is invalid.', 'callback_url');
    if (body.callback_method !== 'get') {
      throw new RazorpayError(400, 'callback_method should be get', 'callback_method');
    }
    const created = nowSeconds();
    const expireBy = body.expire_by === undefined ? 0 : Number(body.expire_by);
    if (expireBy !== 0 && (!Number.isSafeInteger(expireBy) || expireBy < created + 15 * 60)) {
      throw new RazorpayError(400, 'expire_by should be at least 15 minutes after current time', 'expire_by');
    }
    const id = newId('plink');
    const link: StandInPaymentLink = {
      id,
      entity: 'payment_link',
      status: 'created',
      amount,
      amount_paid: 0,
      currency,
      accept_partial: false,
      description: typeof body.description === 'string' ? body.description : 'Payment',
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : '',
      customer: (body.customer ?? {}) as Record<string, string>,
      notes: (body.notes ?? {}) as Record<string, string | number>,
      callback_url: callbackUrl,
      callback_method: 'get',
      expire_by: expireBy,
      short_url: `${options.origin()}/razorpay/${id}`,
      payments: null,
      created_at: created,
      updated_at: created,
    };
    links.set(id, link);
    return link;
  }

  function findLink(id: string): StandInPaymentLink {
    const link = links.get(id);
    if (!link) throw new RazorpayError(400, 'The id provided does not exist', 'id');
    if (link.status === 'created' && link.expire_by !== 0 && link.expire_by <= nowSeconds()) {
      link.status = 'expired';
      link.updated_at = nowSeconds();
      announce('payment_link.expired', link);
    }
    return link;
  }

  function findPayment(id: string): StandInPayment {
    const payment = payments.get(id);
    if (!payment) throw new RazorpayError(400, 'The id provided does not exist', 'id');
    return payment;
  }

  /** Sends an event, signed, to the site's webhook, retrying with the same event id until a 2xx. */
  function announce(type: string, link: StandInPaymentLink, payment?: StandInPayment) {
    const eventId = newId('evt');
    const payload = JSON.stringify({
      entity: 'event',
      account_id: 'acc_standin',
      event: type,
      // As Razorpay's documented payment_link.paid: the link, the order it made, and the payment.
      contains: payment ? ['payment_link', 'order', 'payment'] : ['payment_link'],
      payload: {
        payment_link: { entity: link },
        ...(payment
          ? {
              order: {
                entity: {
                  id: payment.order_id,
                  entity: 'order',
                  amount: link.amount,
                  amount_paid: payment.amount,
                  amount_due: link.amount - payment.amount,
                  currency: link.currency,
                  receipt: link.reference_id,
                  status: 'paid',
                  attempts: 1,
                  notes: link.notes,
                  created_at: link.created_at,
                },
              },
              payment: { entity: payment },
            }
          : {}),
      },
      created_at: nowSeconds(),
    });
    const signature = createHmac('sha256', options.webhookSecret).update(payload).digest('hex');
    const attempt = async (tries: number) => {
      const status = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body: payload,
      }).then(
        async (response) => {
          await response.body?.cancel();
          return response.status;
        },
        () => 'failed' as const,
      );
      deliveries.push({ eventId, type, status });
      const delay = options.retryDelaysMs[tries];
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

  /** Pays a link as its guest would, by card or UPI; answers where the guest is sent. */
  async function pay(link: StandInPaymentLink, method: 'card' | 'upi', vpa: string | null): Promise<string> {
    const payment: StandInPayment = {
      id: newId('pay'),
      entity: 'payment',
      order_id: newId('order'),
      amount: link.amount,
      currency: link.currency,
      status: 'captured',
      method,
      vpa,
      amount_refunded: 0,
      notes: link.notes,
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    link.status = 'paid';
    link.amount_paid = link.amount;
    link.updated_at = nowSeconds();
    link.payments = [
      { payment_id: payment.id, amount: payment.amount, status: 'captured', method, plink_id: link.id },
    ];
    await announce('payment_link.paid', link, payment);
    // The callback's signature, as Razorpay makes it, for a site that checks it.
    const signed = `${link.id}|${link.reference_id}|${link.status}|${payment.id}`;
    const back = new URL(link.callback_url);
    back.searchParams.set('razorpay_payment_id', payment.id);
    back.searchParams.set('razorpay_payment_link_id', link.id);
    back.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
    back.searchParams.set('razorpay_payment_link_status', link.status);
    back.searchParams.set(
      'razorpay_signature',
      createHmac('sha256', options.keySecret).update(signed).digest('hex'),
    );
    return back.href;
  }

  function refund(payment: StandInPayment, body: Record<string, unknown>): StandInRazorpayRefund {
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 100 || amount > left) {
      throw new RazorpayError(400, `The refund amount must be between 100 and ${left}.`, 'amount');
    }
    payment.amount_refunded += amount;
    const made: StandInRazorpayRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'processed',
      created_at: nowSeconds(),
    };
    refunds.push(made);
    return made;
  }

  async function answerApi(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (!holdsKey(req.headers.authorization, options.keyId, options.keySecret)) {
      throw new RazorpayError(401, 'Authentication failed');
    }
    const raw = req.method === 'POST' ? await readBody(req, res, tooLarge) : '';
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      throw new RazorpayError(400, 'The request body is not JSON.');
    }
    const link = /^\/v1\/payment_links\/([^/]+)$/.exec(pathname);
    const payment = /^\/v1\/payments\/([^/]+)(\/refund|\/refunds)?$/.exec(pathname);
    if (pathname === '/v1/payment_links' && req.method === 'POST')
      return sendJson(res, 200, createLink(body));
    if (link && req.method === 'GET')
      return sendJson(res, 200, findLink(decodeURIComponent(link[1] as string)));
    if (payment && req.method === 'GET' && !payment[2]) {
      return sendJson(res, 200, findPayment(decodeURIComponent(payment[1] as string)));
    }
    if (payment && req.method === 'GET' && payment[2] === '/refunds') {
      const id = decodeURIComponent(payment[1] as string);
      findPayment(id);
      const items = refunds.filter((each) => each.payment_id === id);
      return sendJson(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (payment && req.method === 'POST' && payment[2] === '/refund') {
      return sendJson(res, 200, refund(findPayment(decodeURIComponent(payment[1] as string)), body));
    }
    throw new RazorpayError(404, 'The requested URL was not found on the server.');
  }

  async function answerPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const link = links.get(id) ? findLink(id) : undefined;
    if (!link)
      return sendPage(res, 404, '<!doctype html><title>Not found</title><p>No such payment link.</p>');
    if (req.method === 'GET' || link.status !== 'created') {
      return sendPage(res, req.method === 'GET' ? 200 : 409, renderLinkPage(link));
    }
    const form = new URLSearchParams(await readBody(req, res, tooLarge));
    if (link.currency === 'INR') {
      const vpa = (form.get('vpa') ?? '').trim().toLowerCase();
      if (vpa === testVpas.failed) {
        return sendPage(
          res,
          402,
          renderLinkPage(link, 'Payment failed: the UPI app declined it. Try again.'),
        );
      }
      if (vpa !== testVpas.paid) {
        return sendPage(
          res,
          400,
          renderLinkPage(link, `Use a test UPI ID: ${testVpas.paid} (pays) or ${testVpas.failed} (fails).`),
        );
      }
      res.writeHead(303, { location: await pay(link, 'upi', vpa) });
      return res.end();
    }
    const card = (form.get('card') ?? '').replaceAll(/\s/g, '');
    if (card === testCards.declined.replaceAll(' ', '')) {
      return sendPage(res, 402, renderLinkPage(link, 'Your card was declined. Try another card.'));
    }
    if (card !== testCards.paid.replaceAll(' ', '')) {
      return sendPage(
        res,
        400,
        renderLinkPage(
          link,
          `Use a test card: ${testCards.paid} (paid) or ${testCards.declined} (declined).`,
        ),
      );
    }
    res.writeHead(303, { location: await pay(link, 'card', null) });
    return res.end();
  }

  return {
    links,
    payments,
    refunds,
    deliveries,
    /** Pays a link as its guest would (tests with no browser); answers the callback address. */
    pay: (id: string, method: 'card' | 'upi' = 'card') =>
      pay(findLink(id), method, method === 'upi' ? testVpas.paid : null),
    /**
     * Answers `req` when it is Razorpay's (its API under /v1/payment_links and /v1/payments, its pages
     * under /razorpay/); false otherwise, for the Stripe shape to answer.
     */
    answer(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      const page = /^\/razorpay\/([^/]+)$/.exec(pathname);
      const work =
        pathname.startsWith('/v1/payment_links') || pathname.startsWith('/v1/payments/')
          ? answerApi(req, res, pathname)
          : page && (req.method === 'GET' || req.method === 'POST')
            ? answerPage(req, res, decodeURIComponent(page[1] as string))
            : undefined;
      if (!work) return false;
      work.catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        const refusal =
          error instanceof RazorpayError ? error : new RazorpayError(500, 'The stand-in failed.');
        if (!(error instanceof RazorpayError)) console.error('Payment stand-in (Razorpay):', error);
        sendJson(res, refusal.status, {
          error: {
            code:
              refusal.status === 401
                ? 'BAD_REQUEST_ERROR'
                : refusal.status >= 500
                  ? 'SERVER_ERROR'
                  : 'BAD_REQUEST_ERROR',
            description: refusal.message,
            field: refusal.field ?? null,
            source: 'business',
            step: 'payment_initiation',
            reason: 'input_validation_failed',
          },
        });
      });
      return true;
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}
