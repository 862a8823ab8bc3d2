import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cancellationFunction from '../../netlify/functions/account-booking-cancellation.mts';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import content from '../../src/content/site.json' with { type: 'json' };
import { accountBookingRequestsAnswerSchema } from '../../src/features/booking/booking-contract.ts';
import { describeBooking, readBookingState } from '../../src/features/booking/booking-words.ts';
import { bookingCancellationSchema } from '../../src/features/payment/refund-contract.ts';
import { accountCancellationRoute, apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import {
  choosePaymentProvider,
  type PaymentStandIn,
  reconcilePayments,
  standInKeys,
  startPaymentStandIn,
  testCards,
} from '../../src/server/payments/index.ts';
import { asClient, emailsTo, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { adminRequest, invoke } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { storePayment } from '../support/payment-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A guest cancels their own booking from the account page, by the cancellation policy, through the
 * function and the stand-in provider (the official Stripe SDK pointed at it): the server works out the
 * refund, the stand-in really refunds it (once, however often the guest clicks), what was paid to the
 * office by hand is owed, a refund the provider refuses leaves the booking cancelled and the refund
 * owed, and another guest's booking is a 404.
 */

const key = 'cancel-and-refund-test-key-0123456789abcdef';
const { secretKey } = standInKeys(key);
const today = todayInKerala();
const office = content.site.office.email;
let standIn: PaymentStandIn;
let guest: Guest & { cookie: string; id: string };
let stranger: Guest & { cookie: string };

beforeAll(async () => {
  standIn = await startPaymentStandIn({
    apiKey: secretKey,
    webhookSecret: standInKeys(key).webhookSecret,
    // Nothing listens there: these tests record the ledger's entries themselves.
    webhookUrl: 'http://127.0.0.1:9/',
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
  delete process.env.PAYMENT_STAND_IN_URL;
  delete process.env.PAYMENT_STAND_IN_KEY;
});

/** A week at £2,650 of a made-up property: deposit £662.50, the balance due 45 days before arrival. */
async function insertBooking({ status = 'confirmed', arrival = addDays(today, 200) } = {}) {
  const property = madeUpProperty('cancel-villa');
  const stored = await insertScenario(ownerQuery, {
    userId: guest.id,
    name: 'Meera Pillai',
    email: guest.email,
    property,
    arrival,
    weeklyRatePence: 265_000,
    status,
    statusChangedAt: status === 'new' ? undefined : 'now',
  });
  return { ...stored, property };
}

/**
 * The deposit paid at the stand-in `hoursAgo` hours ago and recorded in the ledger as its webhook
 * would have; answers the provider's name for the money.
 */
async function payDeposit(
  booking: { id: string; reference: string },
  hoursAgo = 72,
  card: string = testCards.paid,
): Promise<string> {
  const session = await choosePaymentProvider().createSession({
    bookingId: booking.id,
    reference: booking.reference,
    kind: 'deposit',
    due: { minor: 66250, currency: 'GBP' },
    charge: { minor: 66250, currency: 'GBP' },
    description: `Deposit for ${booking.reference}`,
    returnUrl: 'http://localhost:8888/pay/x/return',
    cancelUrl: 'http://localhost:8888/account',
  });
  await standIn.pay(session.sessionId, card);
  const paymentIntent = standIn.sessions.get(session.sessionId)?.payment_intent as string;
  // Stored directly: the settlement would record it now, and the refund rules read how long ago it was.
  await storePayment(ownerQuery, booking.id, {
    amountPence: 66250,
    receivedOn: today,
    provider: 'stand-in',
    providerReference: paymentIntent,
    createdHoursAgo: hoursAgo,
  });
  return paymentIntent;
}

/** The refunds the stand-in made of a payment. */
const refundsAtStandIn = (paymentIntent: string) =>
  [...standIn.sessions.values()].find((session) => session.payment_intent === paymentIntent)?.refunds ?? [];

const refundsOf = (bookingId: string) =>
  ownerQuery<{
    amount_pence: number;
    status: string;
    reason: string;
    provider: string | null;
    provider_refund_id: string | null;
    problem: string | null;
  }>(
    `select amount_pence, status, reason, provider, provider_refund_id, problem from payment_refunds
     where booking_request_id = $1 order by created_at`,
    [bookingId],
  );

const statusOf = async (bookingId: string) =>
  (await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [bookingId]))[0]
    ?.status;

const ask = (bookingId: string, cookie = guest.cookie) =>
  invoke(cancellationFunction, adminRequest('GET', accountCancellationRoute(bookingId), { cookie }));

const cancel = (bookingId: string, cookie = guest.cookie) =>
  invoke(cancellationFunction, adminRequest('POST', accountCancellationRoute(bookingId), { cookie }));

/** The booking as the guest's account page lists it. */
async function listOwn(bookingId: string) {
  const response = await accountBookingRequests(
    getWithCookies(apiRoutes.accountBookingRequests, guest.cookie),
    asClient(),
  );
  expect(response.status).toBe(200);
  const { bookingRequests } = accountBookingRequestsAnswerSchema.parse(await response.json());
  const listed = bookingRequests.find(({ id }) => id === bookingId);
  if (!listed) throw new Error(`${bookingId} is not on the account page`);
  return listed;
}

async function answerOf(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return bookingCancellationSchema.parse(await response.json());
}

describe('what cancelling would refund', () => {
  it('says what the policy keeps and refunds today, in the policy’s words', async () => {
    const booking = await insertBooking();
    await payDeposit(booking);
    expect(await answerOf(await ask(booking.id))).toEqual({
      status: 'confirmed',
      offer: {
        paidPence: 66250,
        keptPence: 33125,
        refundPence: 33125,
        rule: '60 days or more before arrival: we keep half the deposit',
      },
      refunds: { refundedPence: 0, pendingPence: 0, owedPence: 0 },
    });
  });

  it('refunds everything within 48 hours of the deposit when arrival is 60 days away or more', async () => {
    const booking = await insertBooking();
    await payDeposit(booking, 2);
    const { offer } = await answerOf(await ask(booking.id));
    expect(offer).toMatchObject({ keptPence: 0, refundPence: 66250 });
    expect(offer?.rule).toMatch(/^Within 48 hours of paying the deposit/);
  });

  it('keeps the deposit 45 to 59 days before arrival, and refunds nothing', async () => {
    const booking = await insertBooking({ arrival: addDays(today, 50) });
    await payDeposit(booking);
    expect((await answerOf(await ask(booking.id))).offer).toEqual({
      paidPence: 66250,
      keptPence: 66250,
      refundPence: 0,
      rule: '45 to 59 days before arrival: we keep the deposit',
    });
  });

  it('offers nothing once the stay has begun, nor on a request not confirmed', async () => {
    const begun = await insertBooking({ arrival: addDays(today, -1) });
    expect((await answerOf(await ask(begun.id))).offer).toBeNull();
    const waiting = await insertBooking({ status: 'new' });
    expect((await answerOf(await ask(waiting.id))).offer).toBeNull();
  });
});

describe('cancelling', () => {
  const aboutBooking = (reference: string) => async (to: string) =>
    (await emailsTo(to)).filter(({ subject }) => subject.includes(reference));

  it('tells the office, never the guest, that a refund which waited at the provider failed', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking, 72, testCards.refundFails);
    const answer = await answerOf(await cancel(booking.id));
    expect(answer.refunds).toEqual({ refundedPence: 0, pendingPence: 33125, owedPence: 0 });
    const [waiting] = await refundsOf(booking.id);
    expect(waiting).toMatchObject({ status: 'pending', problem: null });
    expect(waiting?.provider_refund_id).toMatch(/^re_/);
    const toGuest = aboutBooking(booking.reference);
    const told = (await toGuest(guest.email)).map(({ text }) => text).join('\n');
    expect(told).toContain('Being refunded to your card: £331.25.');
    expect(told).not.toContain('Refunded to your card');

    const report = await reconcilePayments(bookingPayables, choosePaymentProvider(), { limit: 1000 });
    expect(report.refunds.failed).toBeGreaterThanOrEqual(1);
    const [failed] = await refundsOf(booking.id);
    expect(failed).toMatchObject({ status: 'owed', provider_refund_id: waiting?.provider_refund_id });
    expect(failed?.problem).toBe(
      'stand-in could not make the refund (expired or canceled card): return it by hand.',
    );
    expect(refundsAtStandIn(paymentIntent)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const alerts = (await toGuest(office)).filter(({ subject }) => subject.startsWith('Refund failed'));
    expect(alerts.map(({ subject }) => subject)).toEqual([
      `Refund failed: £331.25 of ${booking.reference} to return by hand`,
    ]);
    // Nothing more to the guest: their email said it was on its way, never that it arrived.
    expect((await toGuest(guest.email)).map(({ text }) => text).join('\n')).toBe(told);
    // A second run finds nothing waiting and alerts no one again.
    await reconcilePayments(bookingPayables, choosePaymentProvider(), { limit: 1000 });
    expect((await toGuest(office)).filter(({ subject }) => subject.startsWith('Refund failed'))).toHaveLength(
      1,
    );
  });

  it('records a refund that waited at the provider as refunded once it succeeds', async () => {
    const booking = await insertBooking();
    await payDeposit(booking, 72, testCards.refundPending);
    expect((await answerOf(await cancel(booking.id))).refunds.pendingPence).toBe(33125);
    await reconcilePayments(bookingPayables, choosePaymentProvider(), { limit: 1000 });
    expect(await refundsOf(booking.id)).toMatchObject([{ status: 'refunded', problem: null }]);
    expect((await answerOf(await ask(booking.id))).refunds).toEqual({
      refundedPence: 33125,
      pendingPence: 0,
      owedPence: 0,
    });
  });

  it('cancels, refunds the policy’s amount through the provider, emails the guest and alerts the office', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    const answer = await answerOf(await cancel(booking.id));
    expect(answer).toEqual({
      status: 'cancelled',
      offer: null,
      refunds: { refundedPence: 33125, pendingPence: 0, owedPence: 0 },
    });
    expect(await statusOf(booking.id)).toBe('cancelled');
    const refunds = await refundsOf(booking.id);
    expect(refunds).toMatchObject([
      {
        amount_pence: 33125,
        status: 'refunded',
        reason: 'cancellation',
        provider: 'stand-in',
        problem: null,
      },
    ]);
    expect(refundsAtStandIn(paymentIntent)).toEqual([
      expect.objectContaining({ id: refunds[0]?.provider_refund_id, amount: 33125 }),
    ]);
    const emails = (await emailsTo(guest.email)).filter(({ subject }) => subject.includes(booking.reference));
    const email = emails.find(({ subject }) => subject.startsWith('Cancelled:'));
    expect(email?.subject).toBe(`Cancelled: ${booking.property} (${booking.reference}), refund £331.25`);
    // The refund back on the card is a document too: its credit note, in an email of its own.
    const creditNote = emails.find(({ subject }) => subject.startsWith('Refunded:'));
    expect(creditNote?.subject).toBe(`Refunded: £331.25 for ${booking.property} (${booking.reference})`);
    expect(creditNote?.text).toContain('it went back to the card you paid with.');
    expect(creditNote?.attachments.map(({ contentType }) => contentType)).toEqual(['application/pdf']);
    expect(email?.text).toContain(
      'Kept by our cancellation policy (60 days or more before arrival: we keep half the deposit): £331.25',
    );
    expect(email?.text).toContain('Refunded to your card: £331.25.');
    const alerts = (await emailsTo(office)).filter(({ subject }) => subject.includes(booking.reference));
    expect(alerts.map(({ subject }) => subject)).toEqual([
      `${booking.reference} cancelled by the guest, refund £331.25`,
    ]);
    expect(await answerOf(await ask(booking.id))).toEqual(answer);
  });

  it('keeps the payment, its receipt and the refund on the cancelled booking’s card, in words that say so', async () => {
    const booking = await insertBooking();
    await payDeposit(booking);
    const before = await listOwn(booking.id);
    expect(describeBooking(readBookingState(before, new Date())).explanation).toMatch(
      /^Booked: these dates are yours\. Deposit received\. The balance of £1,987\.50 is due by /,
    );
    await answerOf(await cancel(booking.id));
    const listed = await listOwn(booking.id);
    expect(listed.status).toBe('cancelled');
    expect(listed.payments).toMatchObject([{ kind: 'deposit', amountPence: 66250, receivedOn: today }]);
    expect(listed.refunds).toMatchObject([{ amountPence: 33125, status: 'refunded', askedOn: today }]);
    expect(describeBooking(readBookingState(listed, new Date()))).toMatchObject({
      label: 'Cancelled',
      explanation:
        'This booking was cancelled. £331.25 has been refunded to you. Under the cancellation terms we keep the other £331.25 of the £662.50 paid. Nothing more is due; the receipts stay below.',
    });
  });

  it('cancels and refunds once for a double click, a second tab and a retry', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    const answers = await Promise.all([cancel(booking.id), cancel(booking.id), cancel(booking.id)]);
    for (const response of answers) {
      expect((await answerOf(response)).status).toBe('cancelled');
    }
    const retried = await answerOf(await cancel(booking.id));
    expect(retried.refunds).toEqual({ refundedPence: 33125, pendingPence: 0, owedPence: 0 });
    expect(await refundsOf(booking.id)).toHaveLength(1);
    expect(refundsAtStandIn(paymentIntent)).toHaveLength(1);
    const emails = (await emailsTo(guest.email)).filter(({ subject }) => subject.includes(booking.reference));
    // One cancellation and one credit note, however often it was asked.
    expect(emails.map(({ subject }) => subject.split(':')[0]).sort()).toEqual(['Cancelled', 'Refunded']);
    const audited = await ownerQuery<{ action: string }>(
      `select action from admin_audit_log where row_id = $1 and action like 'refund_%' order by created_at, action`,
      [booking.id],
    );
    expect(audited.map(({ action }) => action)).toEqual(['refund_requested', 'refund_settled']);
  });

  it('lists money paid to the office by hand as owed, for the office to return', async () => {
    const booking = await insertBooking();
    // Stored directly: written five days ago, which no way in can back-date.
    await storePayment(ownerQuery, booking.id, {
      amountPence: 66250,
      receivedOn: today,
      method: 'bank_transfer',
      createdHoursAgo: 5 * 24,
    });
    const answer = await answerOf(await cancel(booking.id));
    expect(answer.refunds).toEqual({ refundedPence: 0, pendingPence: 0, owedPence: 33125 });
    expect(await refundsOf(booking.id)).toMatchObject([
      {
        amount_pence: 33125,
        status: 'owed',
        provider: null,
        problem: 'Paid to the office (not online): return it by hand.',
      },
    ]);
    const [alert] = (await emailsTo(office)).filter(({ subject }) => subject.includes(booking.reference));
    expect(alert?.subject).toBe(
      `Refund to make: ${booking.reference} cancelled by the guest, refund £331.25`,
    );
    expect(alert?.text).toContain('To return yourself: £331.25');
  });

  it('keeps the booking cancelled and the refund owed when the provider refuses it, and alerts the office', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    // The office refunded the whole payment at the provider's own dashboard: nothing is left to refund.
    await new Stripe(secretKey, {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    }).refunds.create({ payment_intent: paymentIntent });
    const answer = await answerOf(await cancel(booking.id));
    expect(await statusOf(booking.id)).toBe('cancelled');
    expect(answer.refunds).toEqual({ refundedPence: 0, pendingPence: 0, owedPence: 33125 });
    const [refund] = await refundsOf(booking.id);
    expect(refund).toMatchObject({ status: 'owed', provider: 'stand-in', provider_refund_id: null });
    expect(refund?.problem).toMatch(/^stand-in refused the refund: Refund amount must be between 1 and 0/);
    const [alert] = (await emailsTo(office)).filter(({ subject }) => subject.includes(booking.reference));
    expect(alert?.subject).toMatch(/^Refund to make: /);
    expect(alert?.text).toContain('stand-in refused the refund');
    const [email] = (await emailsTo(guest.email)).filter(({ subject }) =>
      subject.includes(booking.reference),
    );
    expect(email?.text).toContain('Still to come back: £331.25.');
  });

  it('cancels a confirmed stay with nothing paid, refunding nothing', async () => {
    const booking = await insertBooking();
    const answer = await answerOf(await cancel(booking.id));
    expect(answer.refunds).toEqual({ refundedPence: 0, pendingPence: 0, owedPence: 0 });
    expect(await statusOf(booking.id)).toBe('cancelled');
    expect(await refundsOf(booking.id)).toEqual([]);
  });

  it('refuses a stay already begun and a request not confirmed, changing nothing', async () => {
    const begun = await insertBooking({ arrival: addDays(today, -1) });
    const late = await cancel(begun.id);
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toMatch(/can no longer be cancelled online/);
    expect(await statusOf(begun.id)).toBe('confirmed');
    const waiting = await insertBooking({ status: 'new' });
    expect((await cancel(waiting.id)).status).toBe(409);
    expect(await statusOf(waiting.id)).toBe('new');
  });

  it('answers another guest’s booking as if it did not exist, and a signed-out caller 401', async () => {
    const booking = await insertBooking();
    const paymentIntent = await payDeposit(booking);
    expect((await ask(booking.id, stranger.cookie)).status).toBe(404);
    expect((await cancel(booking.id, stranger.cookie)).status).toBe(404);
    expect((await cancel(booking.id, '')).status).toBe(401);
    expect((await cancel('not-a-uuid')).status).toBe(404);
    expect((await cancel(crypto.randomUUID())).status).toBe(404);
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(refundsAtStandIn(paymentIntent)).toEqual([]);
  });
});
