import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as stayCancellationFunction from '../../netlify/functions/account-booking-cancellation.mts';
import * as receiptFunction from '../../netlify/functions/account-booking-receipt.mts';
import * as accountBookingsFunction from '../../netlify/functions/account-booking-requests.mts';
import * as cancellationFunction from '../../netlify/functions/account-booking-service-cancellation.mts';
import * as servicesFunction from '../../netlify/functions/account-booking-services.mts';
import * as officeRefundsFunction from '../../netlify/functions/admin-booking-refunds.mts';
import * as officeServicesFunction from '../../netlify/functions/admin-booking-services.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import * as payFunction from '../../netlify/functions/pay.mts';
import * as returnFunction from '../../netlify/functions/pay-return.mts';
import * as webhookFunction from '../../netlify/functions/payment-webhook.mts';
import {
  accountCancellationRoute,
  accountReceiptRoute,
  accountServiceCancellationRoute,
  accountServicesRoute,
  adminBookingServicesRoute,
  adminItemRoute,
  adminRefundsRoute,
  apiRoutes,
} from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { payPath, payReturnPath } from '../../src/lib/paths.ts';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import {
  choosePaymentProvider,
  type PaymentStandIn,
  reconcilePayments,
  type StandInSession,
  standInKeys,
  startPaymentStandIn,
} from '../../src/server/payments/index.ts';
import { emailsTo, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBookedService, insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { readCsv } from '../support/csv.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A service booked on a stay is paid online on its own (#49): `/pay/<reference>?service=<id>` opens a
 * session for its whole price naming the service, and its webhook, the guest's return and a
 * reconciliation run settle it once between them, as a `payments` row naming the service (never the
 * stay's money), with a receipt of its own. A service another guest booked, one on request, one
 * waiting for the concierge and one paid already cannot be paid.
 */

const key = 'service-payments-test-key-0123456789abcdef';
const { secretKey, webhookSecret } = standInKeys(key);
const today = todayInKerala();
let standIn: PaymentStandIn;
let closeRelay: () => void;
let relayOn = true;
const relayed: { body: string; signature: string; status: number }[] = [];
let guest: Guest & { cookie: string; id: string };
let stranger: Guest & { cookie: string };

beforeAll(async () => {
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      if (!relayOn) return res.writeHead(503).end();
      const response = await invoke(
        webhookFunction,
        new Request(new URL(apiRoutes.paymentWebhook, siteOrigin), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        }),
      );
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

/** A confirmed week of a made-up property, its deposit unpaid, and a massage on it. */
async function stayWithService(
  service: {
    pricePence?: number | null;
    status?: string;
    freeHours?: number;
    lateRefundPercent?: number;
  } = {},
) {
  const arrival = addDays(today, 60);
  const stay = await insertBooking(ownerQuery, {
    userId: guest.id,
    name: 'Meera Pillai',
    email: guest.email,
    property: madeUpProperty('service-pay-villa'),
    arrival,
    weeklyRatePence: 265_000,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
  const serviceId = await insertBookedService(ownerQuery, stay.id, {
    date: addDays(arrival, 2),
    time: '16:00',
    createdBy: guest.id,
    ...service,
  });
  return { stay, serviceId };
}

const payService = (reference: string, serviceId: string, cookie = guest.cookie) =>
  invoke(payFunction, getWithCookies(`${payPath(reference)}?service=${serviceId}`, cookie));

async function openServiceSession(reference: string, serviceId: string): Promise<StandInSession> {
  const response = await payService(reference, serviceId);
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(`${standIn.url}/checkout/`)).toBe(true);
  return standIn.sessions.get(location.split('/').pop() ?? '') as StandInSession;
}

const moneyOf = (bookingId: string) =>
  ownerQuery<{ amount_pence: number; booking_service_id: string | null }>(
    'select amount_pence, booking_service_id from payments where booking_request_id = $1',
    [bookingId],
  );

const serviceRow = (id: string) =>
  ownerQuery<{ payment_id: string | null }>('select payment_id from booking_services where id = $1', [id]);

const returnTo = (reference: string, sessionId: string) =>
  invoke(
    returnFunction,
    new Request(new URL(`${payReturnPath(reference)}?session_id=${sessionId}`, siteOrigin)),
  );

describe('paying a service on its own', () => {
  it('opens a session for its whole price naming the service, and a second click goes back to it', async () => {
    const { stay, serviceId } = await stayWithService();
    const session = await openServiceSession(stay.reference, serviceId);
    expect(session).toMatchObject({ amount_total: 4500, currency: 'gbp', client_reference_id: stay.id });
    const again = await payService(stay.reference, serviceId);
    expect(again.headers.get('location')).toBe(`${standIn.url}/checkout/${session.id}`);
    expect(
      await ownerQuery(
        'select kind, amount_pence, booking_service_id from payment_sessions where booking_request_id = $1',
        [stay.id],
      ),
    ).toEqual([{ kind: 'balance', amount_pence: 4500, booking_service_id: serviceId }]);
  });

  it('records one payment naming the service from its webhook, retried or not, and emails its own receipt', async () => {
    const { stay, serviceId } = await stayWithService();
    const session = await openServiceSession(stay.reference, serviceId);
    await standIn.pay(session.id);
    const [first] = relayed.slice(-1);
    // The provider delivers the same event again, and the guest comes back: still one payment.
    await Promise.all(
      [1, 2].map(() =>
        invoke(
          webhookFunction,
          new Request(new URL(apiRoutes.paymentWebhook, siteOrigin), {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': first?.signature ?? '' },
            body: first?.body ?? '',
          }),
        ),
      ),
    );
    const back = await returnTo(stay.reference, session.id);
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain('Paid: Ayurvedic massage on');
    expect(page).toContain(`we received £45 for Ayurvedic massage on`);
    expect(page).toContain('is paid in full: nothing more is due for it');
    const money = await moneyOf(stay.id);
    expect(money).toEqual([{ amount_pence: 4500, booking_service_id: serviceId }]);
    const [{ id: paymentId = '' } = {}] = await ownerQuery<{ id: string }>(
      'select id from payments where booking_service_id = $1',
      [serviceId],
    );
    expect(await serviceRow(serviceId)).toEqual([{ payment_id: paymentId }]);

    const receipts = (await emailsTo(guest.email)).filter(
      ({ subject }) => subject.startsWith('Payment received') && subject.includes(stay.reference),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toMatch(/^Payment received: £45 for Ayurvedic massage on /);
    expect(receipts[0]?.text).toContain('we received your payment for Ayurvedic massage on');
    expect(receipts[0]?.text).toContain('Its price: £45');
    expect(receipts[0]?.text).not.toContain('Total: £2,650');
    expect(receipts[0]?.attachments[0]?.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The stay's deposit is still what it was: the service's money is not the stay's.
    const deposit = await invoke(payFunction, getWithCookies(payPath(stay.reference), guest.cookie));
    expect(deposit.status).toBe(303);
    const depositSession = standIn.sessions.get(
      deposit.headers.get('location')?.split('/').pop() ?? '',
    ) as StandInSession;
    expect(depositSession.amount_total).toBe(66250);

    // Paid, it cannot be paid again.
    const twice = await payService(stay.reference, serviceId);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('is paid (£45)');
  });

  it('records it from a reconciliation run when neither the webhook nor the guest came back', async () => {
    const { stay, serviceId } = await stayWithService({ pricePence: 6_000 });
    const session = await openServiceSession(stay.reference, serviceId);
    relayOn = false;
    await standIn.pay(session.id);
    relayOn = true;
    expect(await moneyOf(stay.id)).toEqual([]);
    await reconcilePayments(stayPayables, choosePaymentProvider(), {
      now: new Date(Date.now() + 11 * 60_000),
      limit: 1000,
    });
    expect(await moneyOf(stay.id)).toEqual([{ amount_pence: 6000, booking_service_id: serviceId }]);
  });

  it('refuses another guest’s service as if it did not exist, and one that cannot be paid yet, saying why', async () => {
    const { stay, serviceId } = await stayWithService();
    const other = await payService(stay.reference, serviceId, stranger.cookie);
    expect(other.status).toBe(404);
    const onRequest = await stayWithService({ pricePence: null });
    const waiting = await payService(onRequest.stay.reference, onRequest.serviceId);
    expect(waiting.status).toBe(409);
    expect(await waiting.text()).toContain('waits for the office to price it');
    const asked = await stayWithService({ status: 'requested' });
    const unconfirmed = await payService(asked.stay.reference, asked.serviceId);
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.text()).toContain('waits for the concierge to confirm it');
    // A service named under another stay's reference is not that stay's to pay.
    const mismatched = await payService(onRequest.stay.reference, serviceId);
    expect(mismatched.status).toBe(404);
    expect(
      await ownerQuery('select 1 from payment_sessions where booking_service_id = any($1::uuid[])', [
        [onRequest.serviceId, asked.serviceId],
      ]),
    ).toEqual([]);
  });
});

describe('a payment that arrives after what it paid for stopped taking payments', () => {
  it('is kept for the office to refund, and the return page says it goes back, never that nothing was charged', async () => {
    const { stay, serviceId } = await stayWithService();
    const session = await openServiceSession(stay.reference, serviceId);
    // The guest cancels the massage in another tab while the provider's page is open, then pays there.
    const cancelled = await cancelService(stay.id, serviceId);
    expect(cancelled.status).toBe(200);
    await standIn.pay(session.id);
    expect(await moneyOf(stay.id)).toEqual([]);
    expect(
      await ownerQuery<{ status: string }>(
        'select status from payment_sessions where provider_session_id = $1',
        [session.id],
      ),
    ).toEqual([{ status: 'unrecorded' }]);
    // Back from the provider, and back again later: the same true sentence each time.
    for (const visit of [1, 2]) {
      const page = await (await returnTo(stay.reference, session.id)).text();
      expect(page, `visit ${visit}`).toContain('Your payment is going back to you');
      expect(page, `visit ${visit}`).toContain('we are returning it');
      expect(page, `visit ${visit}`).toContain('our office will refund it in full to the way you paid');
      expect(page, `visit ${visit}`).not.toContain('Nothing was charged');
      expect(page, `visit ${visit}`).not.toContain('No payment was taken');
    }
  });
});

/** Pays the service through the stand-in and its webhook, as the guest would. */
async function paidService(service: { freeHours?: number; lateRefundPercent?: number } = {}) {
  const { stay, serviceId } = await stayWithService(service);
  const session = await openServiceSession(stay.reference, serviceId);
  await standIn.pay(session.id);
  expect(await moneyOf(stay.id)).toHaveLength(1);
  return { stay, serviceId };
}

const cancelService = (bookingId: string, serviceId: string) =>
  invoke(
    cancellationFunction,
    adminRequest('POST', accountServiceCancellationRoute(bookingId, serviceId), { cookie: guest.cookie }),
  );

const refundsOf = (bookingId: string) =>
  ownerQuery<{ amount_pence: number; status: string; reason: string }>(
    'select amount_pence, status, reason from payment_refunds where booking_request_id = $1',
    [bookingId],
  );

describe('cancelling a paid service', () => {
  it('shows a confirmed unpaid service as payable, and paid once it is', async () => {
    const { stay, serviceId } = await stayWithService();
    const read = async () =>
      (
        await (
          await invoke(servicesFunction, getWithCookies(accountServicesRoute(stay.id), guest.cookie))
        ).json()
      ).booked.find((service: { id: string }) => service.id === serviceId);
    expect(await read()).toMatchObject({ payable: true, paid: false, words: 'Confirmed, £45 to pay.' });
    const session = await openServiceSession(stay.reference, serviceId);
    await standIn.pay(session.id);
    const paid = await read();
    expect(paid).toMatchObject({ payable: false, paid: true, words: 'Confirmed. Paid £45.' });
    // Its receipt, as the email says, is kept on the account page: the guest's, and nobody else's.
    const receipt = await invoke(
      receiptFunction,
      getWithCookies(accountReceiptRoute(stay.id, paid.paymentId), guest.cookie),
    );
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await receipt.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stolen = await invoke(
      receiptFunction,
      getWithCookies(accountReceiptRoute(stay.id, paid.paymentId), stranger.cookie),
    );
    expect(stolen.status).toBe(404);
  });

  it('refunds it in full before its free cancellation ends, once, with a credit note naming it', async () => {
    const { stay, serviceId } = await paidService();
    const response = await cancelService(stay.id, serviceId);
    expect(response.status).toBe(200);
    const after = (await response.json()).booked.find((service: { id: string }) => service.id === serviceId);
    expect(after).toMatchObject({
      status: 'refunded',
      words: 'Cancelled and refunded £45.',
      cancellable: false,
      payable: false,
    });
    expect(await refundsOf(stay.id)).toEqual([
      { amount_pence: 4500, status: 'refunded', reason: 'cancellation' },
    ]);
    const again = await cancelService(stay.id, serviceId);
    expect(again.status).toBe(409);
    expect(await refundsOf(stay.id)).toHaveLength(1);
    const notes = (await emailsTo(guest.email)).filter(
      ({ subject }) => subject.startsWith('Refunded') && subject.includes(stay.reference),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.subject).toMatch(/^Refunded: £45 for Ayurvedic massage on /);
    expect(notes[0]?.text).toContain('We refunded £45 for Ayurvedic massage on');
    expect(notes[0]?.attachments[0]?.filename).toMatch(/^credit-note-.+\.pdf$/);
    // The stay's own payments on the account show none of it: the refund is the service card's.
    const { bookingRequests } = await (
      await invoke(accountBookingsFunction, getWithCookies(apiRoutes.accountBookingRequests, guest.cookie))
    ).json();
    const own = bookingRequests.find((request: { id: string }) => request.id === stay.id);
    expect(own?.refunds).toEqual([]);
    // The stay itself is untouched: still confirmed, its deposit still due.
    const [row] = await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [
      stay.id,
    ]);
    expect(row?.status).toBe('confirmed');
  });

  it('refunds its late share once its free cancellation has passed', async () => {
    // Free until 100 days before: long gone; half refunded after that.
    const { stay, serviceId } = await paidService({ freeHours: 2_400, lateRefundPercent: 50 });
    const response = await cancelService(stay.id, serviceId);
    expect(response.status).toBe(200);
    const after = (await response.json()).booked.find((service: { id: string }) => service.id === serviceId);
    expect(after).toMatchObject({ status: 'refunded', words: 'Cancelled and refunded £22.50.' });
    expect(await refundsOf(stay.id)).toEqual([
      { amount_pence: 2250, status: 'refunded', reason: 'cancellation' },
    ]);
  });

  it('refunds a paid service by its own rule when the whole stay is cancelled, and the stay’s policy refunds only the stay’s money', async () => {
    const { stay, serviceId } = await paidService();
    const cancelled = await invoke(
      stayCancellationFunction,
      adminRequest('POST', accountCancellationRoute(stay.id), { cookie: guest.cookie }),
    );
    expect(cancelled.status).toBe(200);
    // Nothing of the stay was paid: its policy refunds nothing; the massage, cancelled in time, in full.
    expect((await cancelled.json()).offer?.paidPence ?? 0).toBe(0);
    expect(await refundsOf(stay.id)).toEqual([
      { amount_pence: 4500, status: 'refunded', reason: 'cancellation' },
    ]);
    const [row] = await ownerQuery<{ status: string; refund_pence: number }>(
      'select status, refund_pence from booking_services where id = $1',
      [serviceId],
    );
    expect(row).toEqual({ status: 'refunded', refund_pence: 4500 });
    // Asked again, it refunds nothing again.
    await invoke(
      stayCancellationFunction,
      adminRequest('POST', accountCancellationRoute(stay.id), { cookie: guest.cookie }),
    );
    expect(await refundsOf(stay.id)).toHaveLength(1);
  });

  it('refunds a paid service by its own rule when the office cancels the stay, once, with its credit note', async () => {
    const { stay } = await paidService();
    const office = await signedInAdmin();
    const cancel = () =>
      invoke(
        itemFunction,
        adminRequest('PATCH', adminItemRoute('booking-requests', stay.id), {
          cookie: office.cookie,
          body: { status: 'cancelled' },
        }),
      );
    expect((await cancel()).status).toBe(200);
    // The massage is 62 days away, well before its free cancellation ends: all of it goes back.
    expect(await refundsOf(stay.id)).toEqual([
      expect.objectContaining({ amount_pence: 4500, status: 'refunded' }),
    ]);
    // Asked again, nothing more is refunded.
    await cancel();
    expect(await refundsOf(stay.id)).toHaveLength(1);
    const notes = (await emailsTo(guest.email)).filter(
      ({ subject }) => subject.startsWith('Refunded') && subject.includes(stay.reference),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.subject).toMatch(/^Refunded: £45 for Ayurvedic massage on /);
    expect(notes[0]?.attachments[0]?.filename).toMatch(/^credit-note-.+\.pdf$/);
  });

  it('leaves a paid service out of the policy refund the office makes on a stay it cancelled', async () => {
    const { stay } = await paidService();
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [stay.id]);
    const office = await signedInAdmin();
    const response = await invoke(
      officeRefundsFunction,
      adminRequest('POST', adminRefundsRoute(stay.id), { cookie: office.cookie, body: { mode: 'policy' } }),
    );
    // Nothing of the stay was paid: its policy has nothing to refund, whatever the massage received.
    expect(response.status).toBe(409);
    expect(await refundsOf(stay.id)).toEqual([]);
  });

  it('shows the office each service with its own payment and refund, and no guest', async () => {
    const { stay, serviceId } = await paidService();
    await cancelService(stay.id, serviceId);
    const office = await signedInAdmin();
    const read = (cookie: string) =>
      invoke(officeServicesFunction, adminRequest('GET', adminBookingServicesRoute(stay.id), { cookie }));
    const response = await read(office.cookie);
    expect(response.status).toBe(200);
    const { services } = await response.json();
    expect(services).toEqual([
      expect.objectContaining({
        id: serviceId,
        status: 'refunded',
        pricePence: 4500,
        payment: expect.objectContaining({ amountPence: 4500, provider: 'stand-in', receivedOn: today }),
        refunds: [{ amountPence: 4500, status: 'refunded' }],
      }),
    ]);
    expect((await read(guest.cookie)).status).toBe(403);
    // The stay's own money in the bookings CSV: the service's payment and refund are not the stay's.
    const csv = await invoke(
      csvFunction,
      adminRequest('GET', `/api/admin/booking-requests.csv?q=${stay.reference}`, { cookie: office.cookie }),
    );
    const [headers, row] = readCsv(await csv.text());
    const value = (header: string) => row?.[headers?.indexOf(header) ?? -1];
    expect([value('Received (GBP)'), value('Refunded (GBP)')]).toEqual(['0.00', '0.00']);
  });
});
