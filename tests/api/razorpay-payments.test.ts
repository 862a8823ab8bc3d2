import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as officePaymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import * as payFunction from '../../netlify/functions/pay.mts';
import * as returnFunction from '../../netlify/functions/pay-return.mts';
import * as webhookFunction from '../../netlify/functions/payment-webhook.mts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { payPath, payReturnPath } from '../../src/lib/paths.ts';
import { convertToRupees, describeAmountPaid, describeRupeePayment } from '../../src/lib/rupee-payment.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import { serviceRole, withCaller } from '../../src/server/db/database.ts';
import type { StandInPaymentLink } from '../../src/server/payments/index.ts';
import {
  composeReceipt,
  type PaymentStandIn,
  readPoundRate,
  standInRazorpayKeys,
  startPaymentStandIn,
} from '../../src/server/payments/index.ts';
import { type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import {
  insertBookedService,
  insertBooking as insertScenario,
  madeUpProperty,
} from '../support/booking-scenario.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Paying through Razorpay, end to end through the functions and the stand-in in Razorpay's shape (the
 * official `razorpay` SDK pointed at it, `PAYMENT_STAND_IN_SHAPE=razorpay`): the guest is offered
 * pounds by card or rupees by UPI at the office's dated rate, the webhook signed with Razorpay's HMAC
 * records the money once with what was paid and its value in pounds, and a forged, replayed or
 * wrong-amount webhook is refused, the office told of the last.
 */

const key = 'razorpay-payments-test-key-0123456789abcdef';
const keys = standInRazorpayKeys(key);
const today = todayInKerala();
let standIn: PaymentStandIn;
let closeRelay: () => void;
const relayed: { body: string; status: number }[] = [];
let guest: Guest & { cookie: string; id: string };

beforeAll(async () => {
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const response = await deliver(
        body,
        String(req.headers['x-razorpay-signature'] ?? ''),
        String(req.headers['x-razorpay-event-id'] ?? ''),
      );
      relayed.push({ body, status: response.status });
      res.writeHead(response.status).end();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  closeRelay = () => relay.close();
  standIn = await startPaymentStandIn({
    apiKey: 'sk_test_unused',
    webhookSecret: 'whsec_unused',
    webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`,
    retryDelaysMs: [],
    razorpay: keys,
  });
  process.env.PAYMENT_STAND_IN_URL = standIn.url;
  process.env.PAYMENT_STAND_IN_KEY = key;
  process.env.PAYMENT_STAND_IN_SHAPE = 'razorpay';
  const signedIn = await signedInGuest();
  const [row] = await ownerQuery<{ id: string }>('select id from app_private.users where email = $1', [
    signedIn.email,
  ]);
  guest = { ...signedIn, id: row?.id as string };
});

afterAll(async () => {
  await standIn.close();
  closeRelay();
  delete process.env.PAYMENT_STAND_IN_URL;
  delete process.env.PAYMENT_STAND_IN_KEY;
  delete process.env.PAYMENT_STAND_IN_SHAPE;
});

beforeEach(() => {
  relayed.length = 0;
});

function deliver(body: string, signature: string, eventId: string): Promise<Response> {
  return invoke(
    webhookFunction,
    new Request(new URL(apiRoutes.paymentWebhook, siteOrigin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      body,
    }),
  );
}

const sign = (body: string, secret = keys.webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A week at £2,650 of a made-up property: deposit £662.50. */
const insertBooking = () =>
  insertScenario(ownerQuery, {
    userId: guest.id,
    name: 'Anjali Menon',
    email: guest.email,
    property: madeUpProperty('upi-villa'),
    arrival: addDays(today, 200),
    weeklyRatePence: 265_000,
    status: 'confirmed',
    statusChangedAt: 'now',
  });

const pay = (reference: string, query = '') =>
  invoke(payFunction, getWithCookies(`${payPath(reference)}${query}`, guest.cookie));

const rate = readPoundRate() ?? expect.fail('the content sets no rate for the pound');
const deposit = convertToRupees(66_250, rate, today);

/** Opens a link as the signed-in guest, in rupees or pounds, and answers the stand-in's record of it. */
async function openLink(reference: string, query: string): Promise<StandInPaymentLink> {
  const response = await pay(reference, query);
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(`${standIn.url}/razorpay/plink_`)).toBe(true);
  return standIn.razorpay?.links.get(location.split('/').pop() ?? '') as StandInPaymentLink;
}

const paymentsOf = (bookingId: string) =>
  ownerQuery(
    `select kind, amount_pence, method, provider, paid_currency, paid_minor, rupees_per_pound::float8 as rupees_per_pound,
       to_char(rate_of, 'YYYY-MM-DD') as rate_of
     from payments where booking_request_id = $1`,
    [bookingId],
  );

const sessionsOf = (bookingId: string) =>
  ownerQuery(
    `select amount_pence, currency, charge_minor, status from payment_sessions
     where booking_request_id = $1 order by created_at`,
    [bookingId],
  );

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

/** A payment_link.paid event for `link` paid `amount` in `currency`, signed as Razorpay signs one. */
function paidEvent(link: StandInPaymentLink, amount = link.amount, currency = link.currency) {
  const paymentId = `pay_${randomUUID().slice(0, 14)}`;
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment_link.paid',
    contains: ['payment_link', 'payment'],
    payload: {
      payment_link: { entity: { ...link, status: 'paid', amount_paid: amount } },
      payment: {
        entity: { id: paymentId, entity: 'payment', amount, currency, status: 'captured', method: 'upi' },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, signature: sign(body), eventId: `evt_${randomUUID().slice(0, 14)}` };
}

describe('choosing how to pay', () => {
  it('offers pounds by card or rupees by UPI, the rate and its date shown before paying', async () => {
    const booking = await insertBooking();
    const response = await pay(booking.reference);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Pay £662.50 by card');
    expect(page).toContain(`Pay ${describeRupeePayment(deposit).split(' at ')[0]} by UPI`);
    expect(page).toContain(describeRupeePayment(deposit));
    expect(page).toContain(`?currency=INR&amp;paise=${deposit.paise}`);
    expect(await sessionsOf(booking.id)).toEqual([]);
  });

  it('offers a service paid on its own in its own words, its choices keeping the service', async () => {
    const booking = await insertBooking();
    const massage = await insertBookedService(ownerQuery, booking.id, {
      date: addDays(today, 201),
      createdBy: guest.id,
    });
    const response = await pay(booking.reference, `?service=${massage}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Pay for Ayurvedic massage on');
    expect(page).toContain(`booked on your stay ${booking.reference} and paid on its own`);
    expect(page).not.toContain('Pay the balance');
    expect(page).toContain('Pay £45 by card');
    expect(page).toContain(`service=${massage}`);
  });

  it('refuses rupees at an amount the guest was not shown, and a currency it does not take', async () => {
    const booking = await insertBooking();
    const stale = await pay(booking.reference, `?currency=INR&paise=${deposit.paise + 1}`);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(`The amount in rupees is now ${describeRupeePayment(deposit)}`);
    for (const query of [
      '?currency=INR',
      '?currency=INR&paise=-5',
      '?currency=INR&paise=1e6',
      '?currency=USD',
    ]) {
      const refused = await pay(booking.reference, query);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(
        /Choose how to pay again|Pay in pounds \(GBP\) or in rupees \(INR\)/,
      );
    }
    expect(await sessionsOf(booking.id)).toEqual([]);
  });
});

describe('paying in rupees by UPI', () => {
  it('records the rupees paid and their value in pounds once, by webhook and return alike', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, `?currency=INR&paise=${deposit.paise}`);
    expect(link).toMatchObject({
      amount: deposit.paise,
      currency: 'INR',
      callback_url: expect.stringContaining(payReturnPath(booking.reference)),
    });
    expect(await sessionsOf(booking.id)).toEqual([
      { amount_pence: 66_250, currency: 'INR', charge_minor: deposit.paise, status: 'open' },
    ]);
    // A second click goes back to the same link.
    expect(
      (await pay(booking.reference, `?currency=INR&paise=${deposit.paise}`)).headers.get('location'),
    ).toBe(link.short_url);

    const paid = await fetch(link.short_url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'upi', vpa: 'success@razorpay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await until(() => relayed.length === 1);
    expect(relayed[0]?.status).toBe(200);
    const back = new URL(paid.headers.get('location') ?? '');
    const result = await invoke(returnFunction, new Request(back));
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('Payment received');

    expect(await paymentsOf(booking.id)).toEqual([
      {
        kind: 'deposit',
        amount_pence: 66_250,
        method: 'upi',
        provider: 'stand-in',
        paid_currency: 'INR',
        paid_minor: deposit.paise,
        rupees_per_pound: deposit.rupeesPerPound,
        rate_of: deposit.rateOf,
      },
    ]);
    expect((await sessionsOf(booking.id)).map(({ status }) => status)).toEqual(['paid']);
    // The balance is what remains in pounds: the next visit offers it, not the deposit again.
    const next = await (await pay(booking.reference)).text();
    expect(next).toContain('Pay £1,987.50 by card');
  });

  it('says the rupees paid, and the pounds they settle at the dated rate, on the return page, the email, the receipt and the office’s Payments', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, `?currency=INR&paise=${deposit.paise}`);
    const paid = await fetch(link.short_url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'upi', vpa: 'success@razorpay' }),
      redirect: 'manual',
    });
    await until(() => relayed.length === 1);
    const words = describeAmountPaid({ pence: 66_250, inRupees: deposit });
    expect(words).toMatch(/^₹[\d,.]+ \(£662\.50 at £1 = ₹[\d.]+, rate of \d+ \w+ \d{4}\)$/);

    const page = await (
      await invoke(returnFunction, new Request(new URL(paid.headers.get('location') ?? '')))
    ).text();
    expect(page).toContain(`Thank you: we received ${words.replaceAll('£', '£')}`);

    const [email] = await ownerQuery<{ subject: string; body: string }>(
      `select subject, body from email_outbox where booking_request_id = $1 and kind = 'payment_receipt'`,
      [booking.id],
    );
    expect(email?.subject).toContain(`Payment received: ${formatPaise(deposit.paise)} for`);
    expect(email?.body).toContain(`we received your deposit of ${words} on`);
    expect(email?.body).toContain('paid online by UPI.');

    const [payment] = await ownerQuery<{ id: string }>(
      'select id from payments where booking_request_id = $1',
      [booking.id],
    );
    const receipt = await withCaller(serviceRole, (tx) =>
      composeReceipt(bookingPayables, tx, booking.id, payment?.id ?? ''),
    );
    const pdf = await getDocument({ data: receipt?.bytes.slice() ?? new Uint8Array(), useSystemFonts: false })
      .promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(`Amount received ${words}`);
    expect(text).toContain('Paid by UPI, online (the payment stand-in)');

    const office = await signedInAdmin();
    const ledger = await invoke(
      officePaymentsFunction,
      adminRequest('GET', `/api/admin/booking-requests/${booking.id}/payments`, { cookie: office.cookie }),
    );
    expect(((await ledger.json()) as { payments: { inRupees: unknown }[] }).payments).toEqual([
      expect.objectContaining({
        amountPence: 66_250,
        inRupees: { paise: deposit.paise, rupeesPerPound: deposit.rupeesPerPound, rateOf: deposit.rateOf },
      }),
    ]);
  });

  it('pays in pounds by card through Razorpay when the guest chooses pounds', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, '?currency=GBP');
    expect(link).toMatchObject({ amount: 66_250, currency: 'GBP' });
    await standIn.razorpay?.pay(link.id, 'card');
    await until(() => relayed.length === 1);
    expect(await paymentsOf(booking.id)).toEqual([
      expect.objectContaining({
        amount_pence: 66_250,
        method: 'card',
        paid_currency: 'GBP',
        paid_minor: null,
      }),
    ]);
  });
});

describe('Razorpay webhooks', () => {
  it('refuses a forged or altered webhook, and one without its event id, storing nothing', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, `?currency=INR&paise=${deposit.paise}`);
    const genuine = paidEvent(link);
    for (const [body, signature, eventId] of [
      [genuine.body, sign(genuine.body, 'not the secret'), genuine.eventId],
      [genuine.body.replace(`"amount":${deposit.paise}`, '"amount":100'), genuine.signature, genuine.eventId],
      [genuine.body, '', genuine.eventId],
      [genuine.body, genuine.signature, ''],
    ] as const) {
      const response = await deliver(body, signature, eventId);
      expect(response.status).toBe(400);
    }
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(
      await ownerQuery('select 1 from payment_provider_events where event_id = $1', [genuine.eventId]),
    ).toEqual([]);
  });

  it('records a replayed webhook once, and a second event for the same payment once', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, `?currency=INR&paise=${deposit.paise}`);
    const event = paidEvent(link);
    const answers = await Promise.all(
      [1, 2, 3].map(() => deliver(event.body, event.signature, event.eventId)),
    );
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.sort()).toEqual(['duplicate_event', 'duplicate_event', 'recorded']);
    const again = { ...event, eventId: `evt_${randomUUID().slice(0, 14)}` };
    expect(
      ((await (await deliver(again.body, again.signature, again.eventId)).json()) as { outcome: string })
        .outcome,
    ).toBe('already_recorded');
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  it('refuses a wrong amount or currency, records nothing, and tells the office once', async () => {
    const booking = await insertBooking();
    const link = await openLink(booking.reference, `?currency=INR&paise=${deposit.paise}`);
    for (const wrong of [paidEvent(link, deposit.paise - 1), paidEvent(link, 66_250, 'GBP')]) {
      for (let delivery = 0; delivery < 2; delivery++) {
        expect((await deliver(wrong.body, wrong.signature, wrong.eventId)).status).toBe(409);
      }
    }
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect((await sessionsOf(booking.id)).map(({ status }) => status)).toEqual(['open']);
    const alerts = await ownerQuery<{ subject: string; body: string }>(
      `select subject, body from email_outbox where booking_request_id = $1 and kind = 'refund_office_alert'`,
      [booking.id],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe(
      `Payment to check: ${booking.reference}, stand-in session ${link.id} does not match what was due`,
    );
    expect(alerts[0]?.body).toContain('Nothing was recorded');
  });
});
