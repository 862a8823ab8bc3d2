import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import * as refundFunction from '../../netlify/functions/admin-booking-refund.mts';
import * as refundsFunction from '../../netlify/functions/admin-booking-refunds.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import { bookingLedgerAnswerSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { adminPaymentsRoute, adminRefundRoute, adminRefundsRoute } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import {
  choosePaymentProvider,
  type PaymentStandIn,
  standInKeys,
  startPaymentStandIn,
} from '../../src/server/payments/index.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { readCsv } from '../support/csv.ts';
import { sessionInsert } from '../support/payment-rows.ts';
import { recordOfficePayment, storePayment } from '../support/payment-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The office refunds from a booking's Payments through the function and the stand-in provider: in
 * full, the policy's amount, an amount up to what is left (a field refusal past it), a payment taken
 * but never recorded; each in the admin's name, audited, once per submitted form; and an owed refund
 * marked returned by hand.
 */

const key = 'office-refunds-test-key-0123456789abcdef';
const today = todayInKerala();
let standIn: PaymentStandIn;
let admin: Admin;

beforeAll(async () => {
  standIn = await startPaymentStandIn({
    apiKey: standInKeys(key).secretKey,
    webhookSecret: standInKeys(key).webhookSecret,
    webhookUrl: 'http://127.0.0.1:9/',
    retryDelaysMs: [],
  });
  process.env.PAYMENT_STAND_IN_URL = standIn.url;
  process.env.PAYMENT_STAND_IN_KEY = key;
  admin = await signedInAdmin();
});

afterAll(async () => {
  await standIn.close();
  delete process.env.PAYMENT_STAND_IN_URL;
  delete process.env.PAYMENT_STAND_IN_KEY;
});

/** A week at £2,650 of a made-up property, arriving in 200 days: deposit £662.50. */
const insertBooking = (status = 'confirmed') =>
  insertScenario(ownerQuery, {
    name: 'Anil Menon',
    email: `anil+${crypto.randomUUID()}@example.com`,
    property: madeUpProperty('office-refund-villa'),
    arrival: addDays(today, 200),
    weeklyRatePence: 265_000,
    status,
    statusChangedAt: 'now',
  });

/** A session of `amountPence` paid at the stand-in; answers its ids there. */
async function paidSession(booking: { id: string; reference: string }, amountPence = 66250) {
  const { sessionId } = await choosePaymentProvider().createSession({
    bookingId: booking.id,
    reference: booking.reference,
    kind: 'deposit',
    due: { minor: amountPence, currency: 'GBP' },
    charge: { minor: amountPence, currency: 'GBP' },
    description: `Deposit for ${booking.reference}`,
    returnUrl: 'http://localhost:8888/pay/x/return',
    cancelUrl: 'http://localhost:8888/account',
  });
  await standIn.pay(sessionId);
  return { sessionId, paymentIntent: standIn.sessions.get(sessionId)?.payment_intent as string };
}

/** The deposit paid online three days ago, recorded; answers the provider's name for the money. */
async function payDeposit(booking: { id: string; reference: string }): Promise<string> {
  const { paymentIntent } = await paidSession(booking);
  // Stored directly: the settlement would record it now, and the refund rules read how long ago it was.
  await storePayment(ownerQuery, booking.id, {
    amountPence: 66250,
    receivedOn: today,
    provider: 'stand-in',
    providerReference: paymentIntent,
    createdHoursAgo: 3 * 24,
  });
  return paymentIntent;
}

const refundsAtStandIn = (paymentIntent: string) =>
  [...standIn.sessions.values()]
    .find((session) => session.payment_intent === paymentIntent)
    ?.refunds.map(({ amount }) => amount) ?? [];

const refundsOf = (bookingId: string) =>
  ownerQuery<{ amount_pence: number; status: string; reason: string; requested_by_email: string | null }>(
    `select amount_pence, status, reason, requested_by_email from payment_refunds
     where booking_request_id = $1 order by created_at`,
    [bookingId],
  );

const refund = (bookingId: string, body: unknown, headers: Record<string, string> = {}) => {
  const request = adminRequest('POST', adminRefundsRoute(bookingId), { cookie: admin.cookie, body });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return invoke(refundsFunction, request);
};

describe('the office’s refunds', () => {
  it('refunds everything received through the provider, in the admin’s name, audited', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    const response = await refund(booking.id, { mode: 'full' });
    expect(response.status, await response.clone().text()).toBe(201);
    const ledger = bookingLedgerAnswerSchema.parse(await response.json());
    expect(ledger.payments).toMatchObject([
      { provider: 'stand-in', providerReference: paymentIntent, amountPence: 66250, refundedPence: 66250 },
    ]);
    expect(ledger.refundedPence).toBe(66250);
    expect(ledger.refunds).toMatchObject([
      {
        amountPence: 66250,
        reason: 'office',
        status: 'refunded',
        provider: 'stand-in',
        requestedByEmail: admin.email,
      },
    ]);
    expect(ledger.refunds[0]?.providerRefundId).toMatch(/^re_test_/);
    expect(await refundsOf(booking.id)).toEqual([
      { amount_pence: 66250, status: 'refunded', reason: 'office', requested_by_email: admin.email },
    ]);
    expect(refundsAtStandIn(paymentIntent)).toEqual([66250]);
    const audited = await ownerQuery<{ action: string; actor_email: string }>(
      `select action, actor_email from admin_audit_log where row_id = $1 and action = 'refund_requested'`,
      [booking.id],
    );
    expect(audited).toEqual([{ action: 'refund_requested', actor_email: admin.email }]);
    const again = await refund(booking.id, { mode: 'full' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('Nothing received on this booking is left to refund.');
  });

  it('puts what was received, refunded and outstanding in the bookings CSV', async () => {
    const booking = await insertBooking();
    await payDeposit(booking);
    expect((await refund(booking.id, { mode: 'amount', amount: '62.50' })).status).toBe(201);
    const csv = await invoke(
      csvFunction,
      adminRequest('GET', `/api/admin/booking-requests.csv?q=${booking.reference}`, { cookie: admin.cookie }),
    );
    const [headers, row] = readCsv(await csv.text());
    const value = (header: string) => row?.[headers?.indexOf(header) ?? -1];
    expect([value('Received (GBP)'), value('Refunded (GBP)'), value('Outstanding (GBP)')]).toEqual([
      '662.50',
      '62.50',
      '1987.50',
    ]);
  });

  it('refunds the policy’s amount on a booking the office cancelled', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [booking.id]);
    expect((await refund(booking.id, { mode: 'policy' })).status).toBe(201);
    expect(refundsAtStandIn(paymentIntent)).toEqual([33125]);
  });

  it('shows the policy’s amount before it is chosen, and refunds that amount', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [booking.id]);
    const read = await invoke(
      paymentsFunction,
      adminRequest('GET', adminPaymentsRoute(booking.id), { cookie: admin.cookie }),
    );
    expect(read.status).toBe(200);
    const before = bookingLedgerAnswerSchema.parse(await read.json());
    expect(before.policyRefund).toMatchObject({ paidPence: 66250, refundPence: 33125 });
    expect(before.policyRefund?.rule).toMatch(/deposit/);
    const after = bookingLedgerAnswerSchema.parse(
      await (await refund(booking.id, { mode: 'policy' })).json(),
    );
    expect(refundsAtStandIn(paymentIntent)).toEqual([before.policyRefund?.refundPence]);
    expect(after.policyRefund).toMatchObject({ paidPence: 33125 });
  });

  it('refunds an amount up to what is left, and refuses more with a field message', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    expect((await refund(booking.id, { mode: 'amount', amount: '100' })).status).toBe(201);
    const tooMuch = await refund(booking.id, { mode: 'amount', amount: '600' });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).error.fields).toEqual({ amount: 'Enter at most £562.50' });
    const bad = await refund(booking.id, { mode: 'amount', amount: '-5' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields).toEqual({
      amount: 'Enter the amount in pounds, like 250 or 250.50',
    });
    expect((await refund(booking.id, { mode: 'everything' })).status).toBe(422);
    expect(refundsAtStandIn(paymentIntent)).toEqual([10000]);
  });

  it('refunds once for a form submitted twice with its Idempotency-Key', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const answers = await Promise.all([
      refund(booking.id, { mode: 'amount', amount: '50' }, headers),
      refund(booking.id, { mode: 'amount', amount: '50' }, headers),
    ]);
    expect(answers.map(({ status }) => status).sort()).toEqual([201, 201]);
    expect(refundsAtStandIn(paymentIntent)).toEqual([5000]);
  });

  it('refunds a payment the provider took but the ledger never recorded', async () => {
    const booking = await insertBooking('cancelled');
    const { sessionId, paymentIntent } = await paidSession(booking);
    const [session] = await ownerQuery<{ id: string }>(
      ...sessionInsert(
        {
          booking_request_id: booking.id,
          provider_session_id: sessionId,
          amount_pence: 66250,
          status: 'unrecorded',
          settled_at: new Date().toISOString(),
        },
        'id',
      ),
    );
    const response = await refund(booking.id, { mode: 'session', sessionId: session?.id });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(bookingLedgerAnswerSchema.parse(await response.json()).sessions).toMatchObject([
      { provider: 'stand-in', providerSessionId: sessionId, status: 'unrecorded', refundedPence: 66250 },
    ]);
    expect(refundsAtStandIn(paymentIntent)).toEqual([66250]);
    expect((await refund(booking.id, { mode: 'session', sessionId: session?.id })).status).toBe(409);
    expect((await refund(booking.id, { mode: 'session', sessionId: crypto.randomUUID() })).status).toBe(404);
    expect((await refund(booking.id, { mode: 'session', sessionId: 'nope' })).status).toBe(422);
  });

  it('keeps a refund of money paid in cash owed until the office marks it returned by hand', async () => {
    const booking = await insertBooking();
    await recordOfficePayment(booking.id, { amountPence: 66250, receivedOn: today, method: 'cash' }, admin);
    expect((await refund(booking.id, { mode: 'full' })).status).toBe(201);
    const [owed] = await ownerQuery<{ id: string; status: string }>(
      'select id, status from payment_refunds where booking_request_id = $1',
      [booking.id],
    );
    expect(owed?.status).toBe('owed');
    const settle = () =>
      invoke(
        refundFunction,
        adminRequest('PATCH', adminRefundRoute(booking.id, owed?.id as string), {
          cookie: admin.cookie,
          body: { status: 'refunded' },
        }),
      );
    expect((await settle()).status).toBe(200);
    expect(await refundsOf(booking.id)).toMatchObject([{ status: 'refunded' }]);
    expect((await settle()).status).toBe(404);
  });
});
