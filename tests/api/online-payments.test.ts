import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as payFunction from '../../netlify/functions/pay.mts';
import * as returnFunction from '../../netlify/functions/pay-return.mts';
import * as webhookFunction from '../../netlify/functions/payment-webhook.mts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { payPath, payReturnPath } from '../../src/lib/paths.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import {
  choosePaymentProvider,
  type PaymentStandIn,
  payLinkUrl,
  readPayLinkKey,
  reconcileAfterMs,
  reconcilePayments,
  type StandInSession,
  standInKeys,
  startPaymentStandIn,
} from '../../src/server/payments/index.ts';
import { emailsTo, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { invoke } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Paying a booking online, end to end through the functions and the stand-in provider (the official
 * Stripe SDK pointed at it): `/pay/<reference>` opens a session for exactly what is due, the signed
 * webhook and the guest's return each record the money, once between them, and a forged, replayed,
 * wrong-amount or other booking's webhook is refused and stores nothing.
 */

const key = 'online-payments-test-key-0123456789abcdef';
const { secretKey, webhookSecret } = standInKeys(key);
const today = todayInKerala();
let standIn: PaymentStandIn;
let closeRelay: () => void;
/** Whether the stand-in's webhooks reach the webhook function (off: the provider's webhook is late). */
let relayOn = true;
const relayed: { body: string; signature: string; status: number }[] = [];
let guest: Guest & { cookie: string; id: string };
let stranger: Guest & { cookie: string };

beforeAll(async () => {
  // The stand-in posts its webhooks here; the relay hands each to the function as Netlify would.
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      if (!relayOn) return res.writeHead(503).end();
      const response = await deliver(body, signature);
      relayed.push({ body, signature, status: response.status });
      res.writeHead(response.status).end();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  closeRelay = () => relay.close();
  standIn = await startPaymentStandIn({
    apiKey: secretKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`,
    retryDelaysMs: [],
  });
  process.env.PAYMENT_STAND_IN_URL = standIn.url;
  process.env.PAYMENT_STAND_IN_KEY = key;
  const signedIn = await signedInGuest();
  const [row] = await ownerQuery<{ id: string }>('select id from app_private.users where email = $1', [
    signedIn.email,
  ]);
  guest = { ...signedIn, id: row?.id as string };
  stranger = await signedInGuest();
});

afterAll(async () => {
  await standIn.close();
  closeRelay();
  delete process.env.PAYMENT_STAND_IN_URL;
  delete process.env.PAYMENT_STAND_IN_KEY;
});

beforeEach(() => {
  relayOn = true;
  relayed.length = 0;
});

function deliver(body: string, signature: string): Promise<Response> {
  return invoke(
    webhookFunction,
    new Request(new URL(apiRoutes.paymentWebhook, siteOrigin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    }),
  );
}

/** A week at £2,650 of a made-up property (it overlaps nobody's): deposit £662.50, balance by its date. */
async function insertBooking({
  status = 'confirmed',
  userId = guest.id,
  arrival = addDays(today, 200),
} = {}) {
  return insertScenario(ownerQuery, {
    userId,
    name: 'Meera Pillai',
    email: guest.email,
    property: madeUpProperty('pay-villa'),
    arrival,
    weeklyRatePence: 265_000,
    status,
    statusChangedAt: status === 'new' ? undefined : 'now',
  });
}

const pay = (reference: string, cookie = guest.cookie, query = '') =>
  invoke(payFunction, getWithCookies(`${payPath(reference)}${query}`, cookie));

/** Opens a session as the signed-in guest and answers the stand-in's record of it. */
async function openSession(reference: string): Promise<StandInSession> {
  const response = await pay(reference);
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(`${standIn.url}/checkout/`)).toBe(true);
  return standIn.sessions.get(location.split('/').pop() ?? '') as StandInSession;
}

const paymentsOf = (bookingId: string) =>
  ownerQuery<{
    kind: string;
    amount_pence: number;
    provider: string;
    provider_reference: string;
    method: string;
  }>(
    'select kind, amount_pence, provider, provider_reference, method from payments where booking_request_id = $1',
    [bookingId],
  );

const sessionsOf = (bookingId: string) =>
  ownerQuery<{ kind: string; amount_pence: number; status: string }>(
    'select kind, amount_pence, status from payment_sessions where booking_request_id = $1 order by created_at',
    [bookingId],
  );

const returnTo = (reference: string, sessionId: string) =>
  invoke(
    returnFunction,
    new Request(new URL(`${payReturnPath(reference)}?session_id=${sessionId}`, siteOrigin)),
  );

/** An event signed with the stand-in's secret, as if the provider sent it. */
function signedEvent(session: Partial<StandInSession>, overrides: { id?: string; timestamp?: number } = {}) {
  const body = JSON.stringify({
    id: overrides.id ?? `evt_test_${crypto.randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', ...session } },
  });
  const signature = new Stripe(secretKey).webhooks.generateTestHeaderString({
    payload: body,
    secret: webhookSecret,
    timestamp: overrides.timestamp,
  });
  return { body, signature };
}

describe('opening a payment', () => {
  it('sends the signed-in guest to the provider’s page for the deposit, in pounds', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    expect(session).toMatchObject({ amount_total: 66250, currency: 'gbp', client_reference_id: booking.id });
    expect(session.success_url).toContain(
      `${payReturnPath(booking.reference)}?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(await sessionsOf(booking.id)).toEqual([{ kind: 'deposit', amount_pence: 66250, status: 'open' }]);
  });

  it('goes back to the same page on a second click on Pay', async () => {
    const booking = await insertBooking();
    const first = await pay(booking.reference);
    const second = await pay(booking.reference);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await sessionsOf(booking.id)).toHaveLength(1);
  });

  it('sends a signed-out guest to sign in and back', async () => {
    const booking = await insertBooking();
    const response = await pay(booking.reference, '');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent(payPath(booking.reference))}`,
    );
  });

  it('lets the holder of the emailed link pay without signing in, until its day', async () => {
    const booking = await insertBooking();
    const link = new URL(
      payLinkUrl(await readPayLinkKey(), siteOrigin, booking.reference, addDays(today, 1)),
    );
    expect((await pay(booking.reference, '', link.search)).status).toBe(303);
    expect((await pay(booking.reference, '', link.search)).headers.get('location')).toMatch(/\/checkout\//);
    const forged = new URLSearchParams(link.search);
    forged.set('until', addDays(today, 400));
    const refused = await pay(booking.reference, '', `?${forged}`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This payment link has expired or is not valid');
    const expired = new URL(
      payLinkUrl(await readPayLinkKey(), siteOrigin, booking.reference, addDays(today, -1)),
    );
    expect((await pay(booking.reference, '', expired.search)).status).toBe(403);
    const other = await insertBooking();
    expect((await pay(other.reference, '', link.search)).status).toBe(403);
  });

  it('refuses a guest paying someone else’s booking, as if it did not exist', async () => {
    const booking = await insertBooking();
    const response = await pay(booking.reference, stranger.cookie);
    expect(response.status).toBe(404);
    expect(await sessionsOf(booking.id)).toEqual([]);
  });

  it('refuses a booking not confirmed yet, and one paid in full, saying why on the page', async () => {
    const waiting = await insertBooking({ status: 'new' });
    const response = await pay(waiting.reference);
    expect(response.status).toBe(409);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('not confirmed yet');
    const paid = await insertBooking();
    await recordOfficePayment(paid.id, {
      kind: 'other',
      amountPence: 'total',
      receivedOn: today,
      method: 'bank_transfer',
    });
    const full = await pay(paid.reference);
    expect(full.status).toBe(409);
    expect(await full.text()).toContain('paid in full');
  });
});

describe('recording what was paid', () => {
  it('records the deposit once from its webhook, emails a receipt, and asks for the balance next', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    await standIn.pay(session.id);
    expect(relayed.map(({ status }) => status)).toEqual([200]);
    expect(await paymentsOf(booking.id)).toEqual([
      {
        kind: 'deposit',
        amount_pence: 66250,
        provider: 'stand-in',
        provider_reference: session.payment_intent,
        method: 'card',
      },
    ]);
    // This booking's: the guest has others here, paid by the office, with receipts of their own.
    const [receipt] = (await emailsTo(guest.email)).filter(
      ({ subject }) => subject.startsWith('Payment received') && subject.includes(booking.reference),
    );
    expect(receipt?.subject).toMatch(
      new RegExp(`^Payment received: £662\\.50 for pay-villa-\\S+ \\(${booking.reference}\\)$`),
    );
    expect(receipt?.text).toContain('we received your deposit of £662.50');
    expect(receipt?.text).toContain('Next: the balance of £1,987.50 is due by');
    const [{ receipt_number: number = '' } = {}] = await ownerQuery<{ receipt_number: string }>(
      'select receipt_number from payments where booking_request_id = $1',
      [booking.id],
    );
    const file = `receipt-${number.replaceAll('/', '-')}.pdf`;
    expect(receipt?.text).toContain(`Your receipt is attached (${file})`);
    expect(receipt?.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      [file, 'application/pdf'],
    ]);
    expect(receipt?.attachments[0]?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt?.text).toMatch(
      new RegExp(`Pay the balance \\(£1,987.50 by [^)]+\\): http\\S+/pay/${booking.reference}\\?until=`),
    );

    const back = await returnTo(booking.reference, session.id);
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain('Payment received');
    expect(page).toContain(`we received £662.50 for booking ${booking.reference}`);
    expect(await paymentsOf(booking.id)).toHaveLength(1);

    const balance = await openSession(booking.reference);
    expect(balance.amount_total).toBe(198750);
    expect((await sessionsOf(booking.id)).map(({ kind, status }) => `${kind} ${status}`)).toEqual([
      'deposit paid',
      'balance open',
    ]);
  });

  it('records it from the guest’s return when the webhook is late, and once when the webhook comes', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    relayOn = false;
    await standIn.pay(session.id);
    expect(await paymentsOf(booking.id)).toEqual([]);
    const back = await returnTo(booking.reference, session.id);
    expect(await back.text()).toContain('Payment received');
    expect(await paymentsOf(booking.id)).toHaveLength(1);

    const late = signedEvent({ ...standIn.sessions.get(session.id) });
    const response = await deliver(late.body, late.signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'already_recorded' });
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('records nothing again when a delivery is retried or replayed', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    await standIn.pay(session.id);
    const [first] = relayed;
    const again = await deliver(first?.body ?? '', first?.signature ?? '');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ outcome: 'duplicate_event' });
    const retries = await Promise.all(
      [1, 2, 3].map(() => deliver(first?.body ?? '', first?.signature ?? '')),
    );
    expect(retries.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('says so when nothing was charged', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    const back = await returnTo(booking.reference, session.id);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('Payment on its way');
    expect(await paymentsOf(booking.id)).toEqual([]);
  });

  it('refuses a return for a session of another booking', async () => {
    const booking = await insertBooking();
    const other = await insertBooking();
    const session = await openSession(booking.reference);
    expect((await returnTo(other.reference, session.id)).status).toBe(404);
    expect((await returnTo(booking.reference, 'cs_test_unknown')).status).toBe(404);
  });
});

describe('webhooks refused', () => {
  it('refuses a forged signature, a missing one and a stale one, storing nothing', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    const paid = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_forged',
    } as const;
    const genuine = signedEvent(paid);
    const forgedSignature = new Stripe(secretKey).webhooks.generateTestHeaderString({
      payload: genuine.body,
      secret: 'whsec_not_ours',
    });
    const stale = signedEvent(paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const [body, signature] of [
      [genuine.body, forgedSignature],
      [genuine.body, ''],
      [genuine.body.replace('"amount_total":66250', '"amount_total":1'), genuine.signature],
      [stale.body, stale.signature],
    ] as const) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(
      await ownerQuery('select 1 from payment_provider_events where provider_session_id = $1', [session.id]),
    ).toEqual([]);
  });

  it('refuses an amount or a currency other than the session was opened for', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    const paid = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_wrong',
    } as const;
    for (const wrong of [{ amount_total: 100 }, { currency: 'inr' }]) {
      const event = signedEvent({ ...paid, ...wrong });
      const response = await deliver(event.body, event.signature);
      expect(response.status).toBe(409);
    }
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect((await sessionsOf(booking.id)).map(({ status }) => status)).toEqual(['open']);
  });

  it('refuses a session that names another booking, and one never opened here', async () => {
    const booking = await insertBooking();
    const other = await insertBooking();
    const session = await openSession(booking.reference);
    const paid = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_other',
    } as const;
    const elsewhere = signedEvent({ ...paid, metadata: { ...session.metadata, bookingId: other.id } });
    expect((await deliver(elsewhere.body, elsewhere.signature)).status).toBe(409);
    const unknown = signedEvent({ ...paid, id: 'cs_test_never_opened' });
    expect((await deliver(unknown.body, unknown.signature)).status).toBe(404);
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(await paymentsOf(other.id)).toEqual([]);
  });

  it('stores an event about no session once and records nothing', async () => {
    const body = JSON.stringify({
      id: `evt_test_${crypto.randomUUID()}`,
      object: 'event',
      type: 'payout.paid',
      data: { object: {} },
    });
    const signature = new Stripe(secretKey).webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
    });
    const response = await deliver(body, signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'ignored' });
  });
});

describe('money the ledger cannot take', () => {
  it('keeps a payment for a booking cancelled meanwhile as unrecorded, for the office to refund', async () => {
    const booking = await insertBooking();
    const session = await openSession(booking.reference);
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [booking.id]);
    await standIn.pay(session.id);
    expect(relayed.map(({ status }) => status)).toEqual([200]);
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect((await sessionsOf(booking.id)).map(({ status }) => status)).toEqual(['unrecorded']);
  });
});

describe('reconciliation', () => {
  it('records a payment whose webhook was lost and whose guest never came back, once, and marks an abandoned session expired', async () => {
    const lost = await insertBooking();
    const abandoned = await insertBooking();
    const waiting = await insertBooking();
    const paidSession = await openSession(lost.reference);
    const abandonedSession = await openSession(abandoned.reference);
    await openSession(waiting.reference);
    relayOn = false;
    await standIn.pay(paidSession.id);
    const expiring = standIn.sessions.get(abandonedSession.id);
    if (expiring) expiring.expires_at = Math.floor(Date.now() / 1000) - 1;
    expect(await paymentsOf(lost.id)).toEqual([]);

    // Too soon: a session is given time for its webhook and its guest first.
    await reconcilePayments(bookingPayables, choosePaymentProvider(), { now: new Date(), limit: 1000 });
    expect(await paymentsOf(lost.id)).toEqual([]);

    const later = { now: new Date(Date.now() + reconcileAfterMs + 60_000), limit: 1000 };
    const report = await reconcilePayments(bookingPayables, choosePaymentProvider(), later);
    expect(report.recorded).toBeGreaterThanOrEqual(1);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(lost.id)).toMatchObject([{ kind: 'deposit', amount_pence: 66250 }]);
    expect((await sessionsOf(lost.id)).map(({ status }) => status)).toEqual(['paid']);
    expect((await sessionsOf(abandoned.id)).map(({ status }) => status)).toEqual(['expired']);
    expect((await sessionsOf(waiting.id)).map(({ status }) => status)).toEqual(['open']);
    const receipts = (await emailsTo(guest.email)).filter(({ text }) =>
      text.includes(`Reference: ${lost.reference}`),
    );
    expect(receipts).toHaveLength(1);

    await reconcilePayments(bookingPayables, choosePaymentProvider(), later);
    expect(await paymentsOf(lost.id)).toHaveLength(1);
  });
});
