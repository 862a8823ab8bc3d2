import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import instantBookings from '../../netlify/functions/instant-bookings.mts';
import * as returnFunction from '../../netlify/functions/pay-return.mts';
import * as webhookFunction from '../../netlify/functions/payment-webhook.mts';
import {
  accountBookingRequestsAnswerSchema,
  instantBookingAnswerSchema,
} from '../../src/features/booking/booking-contract.ts';
import { describeBooking, readBookingState } from '../../src/features/booking/booking-words.ts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { payReturnPath } from '../../src/lib/paths.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { bookingHorizonDays } from '../../src/lib/stay-rules.ts';
import { listAvailability } from '../../src/server/booking/availability-service.ts';
import { bookingPayables } from '../../src/server/booking/booking-payable.ts';
import {
  choosePaymentProvider,
  type PaymentStandIn,
  reconcilePayments,
  standInKeys,
  startPaymentStandIn,
} from '../../src/server/payments/index.ts';
import { searchStays } from '../../src/server/search/search-service.ts';
import { asClient, emailsTo, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { invoke } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { admin, asCaller, asOwner, guestA, guestB, server, touches } from '../support/roles.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Instant book through the function and the stand-in provider: a guest books an instant-book
 * property's free nights, which are held (the calendar and the search count them) while they pay; the
 * payment confirms the booking with no office step; a hold that runs out frees its nights at once and is
 * released by the reconciliation job; a payment after that confirms while the nights are free and is
 * refunded when they are not. Two guests racing, a double click and taken nights are refused.
 */

// Edappally Gated Residence is marked instantBook: £1,500 a week, at least 3 nights, no seasons.
const apartment = 'edappally-gated-residence';
const requestApartment = 'kakkanad-skyline-apartment';
const today = todayInKerala();
// Each run its own stretch of the calendar, past 45 days (a deposit applies) and inside the horizon:
// other files book this apartment too. The latest stay below ends on day(95), so no night passes day
// 712 (availability.test.ts books the nights after 713).
const firstDay = 60 + Math.floor(Math.random() * (bookingHorizonDays - 60 - 112));
const day = (n: number) => addDays(today, firstDay + n);
const depositOf = (arrival: string, departure: string) =>
  quoteStay({ weeklyRatePence: 150_000, arrival, departure, guests: 4, today }).depositPence;

const key = 'instant-book-test-key-0123456789abcdef';
const { secretKey, webhookSecret } = standInKeys(key);
let standIn: PaymentStandIn;
let closeRelay: () => void;
/** Whether the stand-in's webhooks reach the webhook function (off: a payment's webhook is late). */
const relayOn = true;

beforeAll(async () => {
  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (!relayOn) return res.writeHead(503).end();
      const response = await invoke(
        webhookFunction,
        new Request(new URL(apiRoutes.paymentWebhook, siteOrigin), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': String(req.headers['stripe-signature'] ?? ''),
          },
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
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
});

afterAll(async () => {
  await standIn.close();
  closeRelay();
  delete process.env.PAYMENT_STAND_IN_URL;
  delete process.env.PAYMENT_STAND_IN_KEY;
});

function aBooking(guest: Guest, overrides: Record<string, unknown> = {}) {
  return {
    property: apartment,
    arrival: day(0),
    departure: day(7),
    guests: 4,
    name: guest.name,
    email: guest.email,
    phone: '+91 98470 12345',
    city: 'Kochi',
    ...overrides,
  };
}

/** A booking as its guest's account page lists it. */
async function listOwn(cookie: string, bookingId: string) {
  const response = await accountBookingRequests(
    getWithCookies(apiRoutes.accountBookingRequests, cookie),
    asClient(),
  );
  const { bookingRequests } = accountBookingRequestsAnswerSchema.parse(await response.json());
  const listed = bookingRequests.find(({ id }) => id === bookingId);
  if (!listed) throw new Error(`${bookingId} is not on the account page`);
  return listed;
}

const book = (body: unknown, cookie: string, headers: Record<string, string> = {}) =>
  instantBookings(jsonPost(apiRoutes.instantBookings, body, { cookie, ...headers }), asClient());

type Row = { id: string; status: string; held_until: Date | null; user_id: string };
const rowOf = async (reference: string) =>
  (
    await ownerQuery<Row>(
      'select id, status, held_until, user_id from booking_requests where reference = $1',
      [reference],
    )
  )[0] as Row;

/** The stand-in's session a hold's answer sends the guest to. */
const sessionOf = (payUrl: string) => payUrl.split('/').pop() ?? '';

const takenNights = async () => (await listAvailability(apartment)).confirmed;

const isFreeInSearch = async (arrival: string, departure: string) =>
  (await searchStays({ arrival, departure, guests: 4, instant: false }, today)).free.some(
    ({ slug }) => slug === apartment,
  );

/** Ends a hold's 30 minutes now, as the clock would. */
const runOut = (reference: string) =>
  ownerQuery(`update booking_requests set held_until = now() - interval '1 minute' where reference = $1`, [
    reference,
  ]);

describe('booking instantly', () => {
  it('holds the nights (calendar and search agree), and paying confirms the booking with no office step', async () => {
    const guest = await signedInGuest();
    const response = await book(aBooking(guest), guest.cookie);
    expect(response.status).toBe(201);
    const hold = instantBookingAnswerSchema.parse(await response.json());
    expect(hold.payUrl.startsWith(`${standIn.url}/checkout/`)).toBe(true);
    const row = await rowOf(hold.reference);
    expect(row.status).toBe('held');
    const minutesLeft = ((row.held_until?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    const held = await listOwn(guest.cookie, row.id);
    expect(held.heldUntil).toBe(row.held_until?.toISOString());
    const heldWords = describeBooking(readBookingState(held, new Date()));
    expect(heldWords.label).toBe('Held while you pay');
    expect(heldWords.madeLabel).toBe('Booked');
    expect(await takenNights()).toContainEqual({ arrival: day(0), departure: day(7) });
    expect(await isFreeInSearch(day(2), day(5))).toBe(false);
    const deposit = depositOf(day(0), day(7));
    expect(deposit).toBe(37_500);
    expect(standIn.sessions.get(sessionOf(hold.payUrl))).toMatchObject({
      amount_total: deposit,
      currency: 'gbp',
    });

    await standIn.pay(sessionOf(hold.payUrl));
    expect((await rowOf(hold.reference)).status).toBe('confirmed');
    const page = await invoke(
      returnFunction,
      new Request(
        new URL(`${payReturnPath(hold.reference)}?session_id=${sessionOf(hold.payUrl)}`, siteOrigin),
      ),
    );
    expect(await page.text()).toContain('Booked: your stay is confirmed');
    const booked = await listOwn(guest.cookie, row.id);
    expect(booked.heldUntil).toBeNull();
    // Paid and confirmed, it was still booked, not sent as a request: its card keeps saying so.
    expect(booked.bookedInstantly).toBe(true);
    expect(describeBooking(readBookingState(booked, new Date())).explanation).toMatch(
      /^Booked: these dates are yours\. Deposit received\./,
    );
    expect(
      await ownerQuery('select kind, amount_pence from payments where booking_request_id = $1', [row.id]),
    ).toEqual([{ kind: 'deposit', amount_pence: deposit }]);
    const subjects = (await emailsTo(guest.email)).map(({ subject }) => subject);
    expect(subjects).toContainEqual(
      expect.stringContaining(`Confirmed: your stay at Edappally Gated Residence (${hold.reference})`),
    );
    expect(subjects).toContainEqual(expect.stringContaining(`Payment received: ${formatPence(deposit)}`));
    const [alert] = await ownerQuery<{ subject: string }>(
      `select subject from email_outbox where booking_request_id = $1 and kind = 'booking_office_notice'`,
      [row.id],
    );
    expect(alert?.subject).toContain(`Booked instantly: ${hold.reference}`);
  });

  it('gives one of two guests racing for the same nights the hold, and the other a 409 on arrival', async () => {
    const [first, second] = await Promise.all([signedInGuest(), signedInGuest()]);
    const stay = { arrival: day(10), departure: day(14) };
    const answers = await Promise.all([
      book(aBooking(first, stay), first.cookie),
      book(aBooking(second, stay), second.cookie),
    ]);
    expect(answers.map(({ status }) => status).sort()).toEqual([201, 409]);
    const refused = answers.find(({ status }) => status === 409);
    expect(await refused?.json()).toMatchObject({
      error: { code: 'conflict', fields: { arrival: 'These dates are already booked' } },
    });
    const [{ count }] = (await ownerQuery<{ count: number }>(
      `select count(*)::int as count from booking_requests
       where property = $1 and arrival = $2 and status = 'held'`,
      [apartment, stay.arrival],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('stores one hold for a double click (one Idempotency-Key) and sends both to the same payment', async () => {
    const guest = await signedInGuest();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = aBooking(guest, { arrival: day(20), departure: day(24) });
    const [one, two] = await Promise.all([
      book(body, guest.cookie, headers),
      book(body, guest.cookie, headers),
    ]);
    expect([one?.status, two?.status]).toEqual([201, 201]);
    const [a, b] = [
      instantBookingAnswerSchema.parse(await one?.json()),
      instantBookingAnswerSchema.parse(await two?.json()),
    ];
    expect(b.reference).toBe(a.reference);
    const rows = await ownerQuery('select id from booking_requests where property = $1 and arrival = $2', [
      apartment,
      day(20),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses nights a confirmed stay holds (409), a property booked by request and a bad body (422), field by field', async () => {
    const guest = await signedInGuest();
    await insertBooking(ownerQuery, {
      property: apartment,
      arrival: day(30),
      departure: day(35),
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const taken = await book(aBooking(guest, { arrival: day(32), departure: day(36) }), guest.cookie);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: { fields: { arrival: 'These dates are already booked' } },
    });

    const byRequest = await book(aBooking(guest, { property: requestApartment }), guest.cookie);
    expect(byRequest.status).toBe(422);
    expect(await byRequest.json()).toMatchObject({
      error: { fields: { property: expect.stringContaining('is booked by request') } },
    });

    const bad = await book(aBooking(guest, { departure: day(-1), guests: 'many' }), guest.cookie);
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields)).toEqual(
      expect.arrayContaining(['guests']),
    );
    expect(
      await ownerQuery(
        'select 1 from booking_requests where user_id = (select id from app_private.users where email = $1)',
        [guest.email],
      ),
    ).toEqual([]);
  });
});

describe('a hold is one guest paying for one stay', () => {
  it('lets one account hold one stay at a time: a second is refused naming the first, a retry of the first still answers it, and its lapse frees the account', async () => {
    const guest = await signedInGuest();
    const client = asClient();
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await instantBookings(
      jsonPost(apiRoutes.instantBookings, aBooking(guest, { arrival: day(55), departure: day(58) }), {
        cookie: guest.cookie,
        ...key,
      }),
      client,
    );
    expect(first.status).toBe(201);
    const hold = instantBookingAnswerSchema.parse(await first.json());

    const second = await book(aBooking(guest, { arrival: day(60), departure: day(63) }), guest.cookie);
    expect(second.status).toBe(409);
    const refusal = (await second.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(refusal.error.message).toContain(`You already hold the nights of ${hold.reference}`);
    expect(refusal.error.message).toMatch(/lapses in (30|29) minutes/);
    expect(refusal.error.fields.arrival).toContain(hold.reference);

    const retry = await instantBookings(
      jsonPost(apiRoutes.instantBookings, aBooking(guest, { arrival: day(55), departure: day(58) }), {
        cookie: guest.cookie,
        ...key,
      }),
      client,
    );
    expect(retry.status).toBe(201);
    expect(instantBookingAnswerSchema.parse(await retry.json()).reference).toBe(hold.reference);

    await runOut(hold.reference);
    const afterLapse = await book(aBooking(guest, { arrival: day(60), departure: day(63) }), guest.cookie);
    expect(afterLapse.status).toBe(201);
    const held = await ownerQuery<{ count: number }>(
      `select count(*)::int as count from booking_requests
       where user_id = (select id from app_private.users where email = $1)
         and status = 'held' and held_until > now()`,
      [guest.email],
    );
    expect(held).toEqual([{ count: 1 }]);
  });

  it('holds one stay of a home for a connection however many accounts it signs in with: of nine tries one holds, the rest are told when to try again', async () => {
    const guests = await Promise.all(Array.from({ length: 9 }, () => signedInGuest()));
    const client = asClient();
    const answers = [];
    for (const [index, guest] of guests.entries()) {
      // Each asks for nights of its own, as the tester's nine requests did: what stops them is the count.
      const stay = { arrival: day(64 + 3 * index), departure: day(67 + 3 * index) };
      answers.push(
        await instantBookings(
          jsonPost(apiRoutes.instantBookings, aBooking(guest, stay), { cookie: guest.cookie }),
          client,
        ),
      );
    }
    expect(answers.map(({ status }) => status)).toEqual([201, ...Array(8).fill(429)]);
    for (const answer of answers.slice(1)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(28 * 60);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(30 * 60);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('rate_limited');
      expect(error.message).toContain('Another stay at this home is already held from your connection');
    }
    const held = await ownerQuery<{ reference: string; nights: number }>(
      `select reference, departure - arrival as nights from booking_requests
       where user_id in (select id from app_private.users where email = any($1::text[]))
         and status = 'held' and held_until > now()`,
      [guests.map(({ email }) => email)],
    );
    expect(held.map(({ nights }) => nights)).toEqual([3]);

    // Once that hold lapses the same connection may hold again: lapsed holds count for nothing.
    await runOut(held[0]?.reference ?? '');
    const last = guests[8] as Guest & { cookie: string };
    const again = await instantBookings(
      jsonPost(apiRoutes.instantBookings, aBooking(last, { arrival: day(64), departure: day(67) }), {
        cookie: last.cookie,
      }),
      client,
    );
    expect(again.status).toBe(201);
  });

  it('refuses a connection that already has as many running holds as it may, across homes (429)', async () => {
    const client = asClient();
    const clientKey = String(client.ip);
    for (let n = 0; n < 3; n++) {
      const other = await insertBooking(ownerQuery, {
        property: madeUpProperty('held-elsewhere'),
        status: 'held',
      });
      await ownerQuery('insert into app_private.hold_clients (booking_request_id, client) values ($1, $2)', [
        other.id,
        clientKey,
      ]);
    }
    const guest = await signedInGuest();
    const answer = await instantBookings(
      jsonPost(apiRoutes.instantBookings, aBooking(guest, { arrival: day(92), departure: day(95) }), {
        cookie: guest.cookie,
      }),
      client,
    );
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(
      '3 stays are already held from your connection',
    );
  });
});

describe('a hold that runs out', () => {
  it('frees its nights at once, is released by the job, and a payment after it confirms while they are free', async () => {
    const guest = await signedInGuest();
    const stay = { arrival: day(40), departure: day(44) };
    const hold = instantBookingAnswerSchema.parse(
      await (await book(aBooking(guest, stay), guest.cookie)).json(),
    );
    await runOut(hold.reference);
    // Before any job runs: the calendar and the search both see the nights free.
    expect(await takenNights()).not.toContainEqual(stay);
    expect(await isFreeInSearch(stay.arrival, stay.departure)).toBe(true);

    const report = await reconcilePayments(bookingPayables, choosePaymentProvider());
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect((await rowOf(hold.reference)).status).toBe('expired');

    await standIn.pay(sessionOf(hold.payUrl));
    expect((await rowOf(hold.reference)).status).toBe('confirmed');
    expect(await takenNights()).toContainEqual(stay);
  });

  it('lets another guest book its nights, and refunds a payment that comes after them, telling the office', async () => {
    const [late, next] = await Promise.all([signedInGuest(), signedInGuest()]);
    const stay = { arrival: day(50), departure: day(54) };
    const hold = instantBookingAnswerSchema.parse(
      await (await book(aBooking(late, stay), late.cookie)).json(),
    );
    await runOut(hold.reference);
    // No job has run: the database releases the lapsed hold in the way as the new one is stored.
    const nextHold = await book(aBooking(next, stay), next.cookie);
    expect(nextHold.status).toBe(201);
    expect((await rowOf(hold.reference)).status).toBe('expired');

    await standIn.pay(sessionOf(hold.payUrl));
    const row = await rowOf(hold.reference);
    expect(row.status).toBe('expired');
    expect(await ownerQuery('select 1 from payments where booking_request_id = $1', [row.id])).toEqual([]);
    expect(
      await ownerQuery(
        `select refund.amount_pence, refund.status, session.status as session
         from payment_refunds refund join payment_sessions session on session.id = refund.payment_session_id
         where refund.booking_request_id = $1`,
        [row.id],
      ),
    ).toEqual([
      { amount_pence: depositOf(stay.arrival, stay.departure), status: 'refunded', session: 'unrecorded' },
    ]);
    const told = await ownerQuery<{ kind: string }>(
      'select kind from email_outbox where booking_request_id = $1 order by kind',
      [row.id],
    );
    // The refund back on the card is a credit note's email too, with no receipt to name: none was made.
    expect(told.map(({ kind }) => kind)).toEqual([
      'cancellation_refund',
      'refund_credit_note',
      'refund_office_alert',
    ]);
  });
});

describe('who may write a hold', () => {
  let ownHold = '';
  let otherHold = '';

  beforeAll(async () => {
    const property = madeUpProperty('rls-hold-villa');
    ownHold = (await insertBooking(asOwner, { userId: guestA.claims.sub, property, status: 'held' })).id;
    otherHold = (
      await insertBooking(asOwner, {
        userId: guestB.claims.sub,
        property,
        arrival: '2090-03-01',
        status: 'held',
      })
    ).id;
  });

  it('lets a guest read their own hold and when it ends, never another guest’s', async () => {
    await asCaller(guestA, async (db) => {
      expect(await touches(db, `select held_until from booking_requests where id = '${ownHold}'`)).toBe(1);
      expect(await touches(db, `select held_until from booking_requests where id = '${otherHold}'`)).toBe(0);
    });
  });

  it('refuses a guest holding nights, confirming a hold or moving its end', async () => {
    await asCaller(guestA, async (db) => {
      for (const statement of [
        `insert into booking_requests (user_id, name, email, phone, city, property, arrival, departure, guests,
           nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence, status, held_until)
         values ('${guestA.claims.sub}', 'A', 'a@example.com', '+44 7700 900123', 'Kochi', 'rls-hold-villa-x',
           '2090-05-01', '2090-05-08', 2, 7, 70000, 70000, 0, 70000, 17500, 52500, 'held', now() + interval '1 day')`,
        `update booking_requests set status = 'confirmed' where id = '${ownHold}'`,
        `update booking_requests set held_until = now() + interval '1 year' where id = '${ownHold}'`,
      ]) {
        expect([0, 'refused'], statement).toContain(await touches(db, statement));
      }
    });
  });

  it('lets an admin read every hold, but not move its end; only the server stores one', async () => {
    await asCaller(admin, async (db) => {
      expect(
        await touches(db, `select id from booking_requests where id in ('${ownHold}', '${otherHold}')`),
      ).toBe(2);
      expect(
        await touches(
          db,
          `update booking_requests set held_until = now() + interval '1 year' where id = '${ownHold}'`,
        ),
      ).toBe('refused');
    });
    await asCaller(server, async (db) => {
      expect(
        await touches(db, `update booking_requests set status = 'expired' where id = '${ownHold}'`),
      ).toBe(1);
    });
  });
});
