import { beforeAll, describe, expect, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import { bookingReferencePattern } from '../../src/features/booking/booking-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatGbp } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { bookingHorizonDays } from '../../src/lib/stay-rules.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { asClient, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { captureLog } from '../support/log-lines.ts';
import { formPost, jsonPost, siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const endpoint = '/api/booking-requests';
const today = todayInKerala();
// Kakkanad Skyline Apartment: one rate all year (it has no seasons, so any dates price alike), £2,400 a
// week, sleeps 8, at least 3 nights. Stays across seasons: booking-requests-seasons.test.ts.
const villa = {
  slug: 'kakkanad-skyline-apartment',
  name: 'Kakkanad Skyline Apartment',
  weeklyRatePence: 240_000,
};

// Every run books its own stretch of the calendar, more than 45 days out (so a deposit applies) and
// inside the two-year horizon: other files share this database and may confirm stays of their own.
// The latest stay below starts on day(260), so the random start leaves room for it in the horizon.
const latestArrival = 260;
const firstDay = 60 + Math.floor(Math.random() * (bookingHorizonDays - 60 - latestArrival));
const day = (n: number) => addDays(today, firstDay + n);

type SignedInGuest = Guest & { cookie: string; id: string };

async function aSignedInGuest(): Promise<SignedInGuest> {
  const guest = await signedInGuest();
  const [user] = await ownerQuery<{ id: string }>(
    'select id from app_private.users where lower(email) = lower($1)',
    [guest.email],
  );
  return { ...guest, id: user?.id as string };
}

function aRequest(guest: Guest, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    property: villa.slug,
    arrival: day(0),
    departure: day(7),
    guests: 4,
    name: guest.name,
    email: guest.email,
    phone: '+91 98470 12345',
    city: 'Kochi',
    message: 'We would like a cot for our youngest, please.',
    ...overrides,
  };
}

function send(body: unknown, cookie: string, headers: Record<string, string> = {}) {
  return sendBookingRequest(jsonPost(endpoint, body, { cookie, ...headers }), asClient());
}

type StoredRow = { id: string; arrival: string; status: string; total_pence: number };

function rowsOf(userId: string): Promise<StoredRow[]> {
  return ownerQuery<StoredRow>(
    `select id, to_char(arrival, 'YYYY-MM-DD') as arrival, status, total_pence
     from booking_requests where user_id = $1 order by created_at`,
    [userId],
  );
}

/** A confirmed stay of the villa by someone else, made as the database owner the way the office would. */
async function confirmedStay(arrival: string, departure: string): Promise<string> {
  const quote = quoteStay({ weeklyRatePence: villa.weeklyRatePence, arrival, departure, guests: 4, today });
  const row = await insertBooking(ownerQuery, {
    name: 'Another Guest',
    email: 'another@example.com',
    phone: '+44 20 7946 0000',
    city: 'London',
    property: villa.slug,
    arrival,
    departure,
    ...quote,
  });
  await ownerQuery(`update booking_requests set status = 'confirmed' where id = $1`, [row.id]);
  return row.id;
}

describe('POST /api/booking-requests', () => {
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await aSignedInGuest();
  });

  it('stores a valid request as new and answers 201 with its reference and the quote the server made', async () => {
    const request = aRequest(guest);
    const response = await send(request, guest.cookie);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; reference: string };
    const quote = quoteStay({
      weeklyRatePence: villa.weeklyRatePence,
      arrival: day(0),
      departure: day(7),
      guests: 4,
      today,
    });
    expect(body).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(bookingReferencePattern),
      status: 'new',
      quote,
    });
    expect(quote).toMatchObject({
      totalPence: 240_000,
      depositPence: 60_000,
      balanceDueDate: addDays(day(0), -45),
    });

    const [row] = await ownerQuery(
      `select user_id, name, email, phone, city, property, to_char(arrival, 'YYYY-MM-DD') as arrival,
              to_char(departure, 'YYYY-MM-DD') as departure, guests, message, status, nights, total_pence,
              deposit_pence, balance_pence, to_char(balance_due_date, 'YYYY-MM-DD') as balance_due_date,
              reference
       from booking_requests where id = $1`,
      [body.id],
    );
    expect(row).toEqual({
      reference: body.reference,
      user_id: guest.id,
      name: guest.name,
      email: guest.email,
      phone: '+91 98470 12345',
      city: 'Kochi',
      property: villa.slug,
      arrival: day(0),
      departure: day(7),
      guests: 4,
      message: request.message,
      status: 'new',
      nights: 7,
      total_pence: quote.totalPence,
      deposit_pence: quote.depositPence,
      balance_pence: quote.balancePence,
      balance_due_date: quote.balanceDueDate,
    });
  });

  it('stores a request without a town or city, which is optional, as an empty one', async () => {
    const guest = await aSignedInGuest();
    const response = await send(
      aRequest(guest, { arrival: day(230), departure: day(235), city: '' }),
      guest.cookie,
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await ownerQuery<{ city: string }>('select city from booking_requests where id = $1', [id]);
    expect(row?.city).toBe('');
  });

  it('takes 20% off for exactly two guests and asks for everything on confirmation within 45 days', async () => {
    // Marine Drive Studio Apartment: £1,400 a week all year (a £200 night), at least 3 nights.
    const [arrival, departure] = [addDays(today, 10), addDays(today, 14)];
    const response = await send(
      aRequest(guest, { property: 'marine-drive-studio', arrival, departure, guests: '2' }),
      guest.cookie,
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { quote: unknown }).quote).toEqual({
      nights: 4,
      weeklyRatePence: 140_000,
      lines: [{ season: null, nights: 4, weeklyRatePence: 140_000, amountPence: 80_000 }],
      subtotalPence: 80_000,
      discountPence: 16_000,
      totalPence: 64_000,
      depositPence: 64_000,
      balancePence: 0,
      balanceDueDate: null,
    });
  });

  it('ignores any price, status or owner a client adds to the request', async () => {
    const request = aRequest(guest, { arrival: day(100), departure: day(105) });
    const response = await send(
      {
        ...request,
        weeklyRatePence: 1,
        totalPence: 1,
        quote: { totalPence: 1, depositPence: 1 },
        status: 'confirmed',
        user_id: crypto.randomUUID(),
      },
      guest.cookie,
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; quote: { totalPence: number } };
    const honest = quoteStay({
      weeklyRatePence: villa.weeklyRatePence,
      arrival: day(100),
      departure: day(105),
      guests: 4,
      today,
    });
    expect(body.quote).toEqual(honest);
    const [row] = await ownerQuery(
      'select user_id, status, total_pence from booking_requests where id = $1',
      [body.id],
    );
    expect(row).toEqual({ user_id: guest.id, status: 'new', total_pence: honest.totalPence });
  });

  it('refuses a visitor without a session with 401 and stores nothing', async () => {
    const email = `nobody+${crypto.randomUUID()}@example.com`;
    const response = await send(aRequest(guest, { email }), '');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in to continue.' },
    });
    expect(await ownerQuery('select id from booking_requests where email = $1', [email])).toEqual([]);
  });

  it('refuses a request from another site with 403 and stores nothing', async () => {
    const before = (await rowsOf(guest.id)).length;
    const response = await send(aRequest(guest, { arrival: day(200), departure: day(207) }), guest.cookie, {
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect(await rowsOf(guest.id)).toHaveLength(before);
  });

  it('refuses a form-encoded post with 415: the booking form is an island that sends JSON', async () => {
    const before = (await rowsOf(guest.id)).length;
    const fields = Object.fromEntries(
      Object.entries(aRequest(guest)).map(([key, value]) => [key, String(value)]),
    );
    const response = await sendBookingRequest(
      formPost(endpoint, fields, { cookie: guest.cookie }),
      asClient(),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(await rowsOf(guest.id)).toHaveLength(before);
  });

  it('answers a method other than POST with 405 and Allow', async () => {
    const response = await sendBookingRequest(getWithCookies(endpoint, guest.cookie), asClient());
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/booking-requests refuses bad input', () => {
  // One guest who only ever sends bad requests, so any row of theirs is a row that should not exist.
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await aSignedInGuest();
  });

  it.each<[string, Record<string, unknown>, string, unknown]>([
    ['a missing property', { property: undefined }, 'property', 'Choose a villa or apartment'],
    ['a property that is a number', { property: 42 }, 'property', 'Choose a villa or apartment'],
    [
      'a property that is not a slug',
      { property: 'Kovalam Cliff Villa' },
      'property',
      'Choose a villa or apartment from the list',
    ],
    [
      'a property that does not exist',
      { property: 'kovalam-cliff' },
      'property',
      'Choose a villa or apartment from the list',
    ],
    [
      'a home only for sale (forRent: false), which is no stay',
      { property: 'mattancherry-merchant-house' },
      'property',
      'Mattancherry Merchant House is for sale only, not to rent: choose another villa or apartment',
    ],
    ['a missing arrival', { arrival: undefined }, 'arrival', 'Choose the arrival date'],
    ['an arrival that is a number', { arrival: 20270301 }, 'arrival', 'Choose the arrival date'],
    [
      'an arrival that is not a real date',
      { arrival: '2027-02-30' },
      'arrival',
      'Enter the arrival date as a real date, like 2027-03-14',
    ],
    [
      'a departure written another way',
      { departure: '14/03/2027' },
      'departure',
      'Enter the departure date as a real date, like 2027-03-14',
    ],
    [
      'an arrival in the past',
      { arrival: addDays(today, -1), departure: addDays(today, 6) },
      'arrival',
      'Choose an arrival date from today on',
    ],
    [
      'an arrival more than two years ahead',
      { arrival: addDays(today, 731), departure: addDays(today, 738) },
      'arrival',
      expect.stringContaining('up to two years ahead'),
    ],
    [
      'a departure on the arrival day',
      { departure: day(0) },
      'departure',
      'Choose a departure date after the arrival date',
    ],
    [
      'a departure before the arrival',
      { departure: day(-3) },
      'departure',
      'Choose a departure date after the arrival date',
    ],
    [
      'a stay shorter than the property’s minimum',
      { departure: day(2) },
      'departure',
      'Kakkanad Skyline Apartment takes stays of at least 3 nights',
    ],
    ['more guests than it sleeps', { guests: 9 }, 'guests', 'Kakkanad Skyline Apartment sleeps at most 8'],
    ['missing guests', { guests: undefined }, 'guests', 'Enter how many guests will stay'],
    ['guests as a word', { guests: 'four' }, 'guests', 'Enter how many guests will stay'],
    ['guests as true', { guests: true }, 'guests', 'Enter how many guests will stay'],
    ['half a guest', { guests: 2.5 }, 'guests', 'Enter a whole number of guests'],
    ['no guests', { guests: 0 }, 'guests', 'At least one guest stays'],
    ['a missing name', { name: undefined }, 'name', 'Enter your name'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name', 'Name can be at most 120 characters'],
    [
      'a name with a NUL character',
      { name: 'Meera\u0000' },
      'name',
      'Remove the invisible control character from this text',
    ],
    [
      'a name of several lines (a forged line in the office notice)',
      { name: 'Meera\nEmail: attacker@evil.example' },
      'name',
      'Write your name on one line',
    ],
    [
      'a town of several lines',
      { city: 'Kochi\r\nPaid: yes' },
      'city',
      'Write your town or city on one line',
    ],
    ['an invalid email', { email: 'meera@' }, 'email', 'Enter a valid email address, like name@example.com'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Use digits, spaces and an optional leading +'],
    [
      'a town over 120 characters',
      { city: 'c'.repeat(121) },
      'city',
      'Town or city can be at most 120 characters',
    ],
    [
      'a message over 5000 characters',
      { message: 'm'.repeat(5001) },
      'message',
      'Message can be at most 5000 characters',
    ],
    [
      'a message with a NUL character',
      { message: 'Hello\u0000' },
      'message',
      'Remove the invisible control character from this text',
    ],
    ['a message that is a number', { message: 7 }, 'message', 'Write your message as text'],
  ])(
    'refuses %s with 422 and that field’s message, storing nothing',
    async (_case, overrides, field, message) => {
      const response = await send(aRequest(guest, overrides), guest.cookie);
      expect(response.status).toBe(422);
      const answer = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(answer.error.code).toBe('validation_failed');
      expect(answer.error.fields[field]).toEqual(message);
      expect(await rowsOf(guest.id)).toEqual([]);
    },
  );

  it('refuses a body that is not JSON with 400, storing nothing', async () => {
    const response = await send('{"property": ', guest.cookie);
    expect(response.status).toBe(400);
    expect(await rowsOf(guest.id)).toEqual([]);
  });
});

describe('POST /api/booking-requests and confirmed stays', () => {
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await aSignedInGuest();
  });

  it('refuses a stay that overlaps a confirmed booking with 409, storing nothing', async () => {
    await confirmedStay(day(40), day(47));
    for (const [arrival, departure] of [
      [day(40), day(47)],
      [day(36), day(41)],
      [day(46), day(52)],
      [day(35), day(55)],
    ] as const) {
      const response = await send(aRequest(guest, { arrival, departure }), guest.cookie);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: {
          code: 'conflict',
          message: `Those dates overlap a confirmed booking of ${villa.name}. Please choose other dates.`,
          fields: { arrival: 'These dates are already booked' },
        },
      });
    }
    expect(await rowsOf(guest.id)).toEqual([]);
  });

  it('accepts stays that end on the day a confirmed one starts, or start on the day it ends', async () => {
    await confirmedStay(day(20), day(27));
    const before = await send(aRequest(guest, { arrival: day(15), departure: day(20) }), guest.cookie);
    const after = await send(aRequest(guest, { arrival: day(27), departure: day(32) }), guest.cookie);
    expect([before.status, after.status]).toEqual([201, 201]);
  });

  it('ignores requests that are only new, declined or deleted', async () => {
    const declined = await send(aRequest(guest, { arrival: day(60), departure: day(65) }), guest.cookie);
    const { id } = (await declined.json()) as { id: string };
    await ownerQuery(`update booking_requests set status = 'declined' where id = $1`, [id]);
    const deleted = await confirmedStay(day(70), day(75));
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [deleted]);
    for (const [arrival, departure] of [
      [day(60), day(65)],
      [day(70), day(75)],
    ] as const) {
      expect((await send(aRequest(guest, { arrival, departure }), guest.cookie)).status).toBe(201);
    }
  });
});

describe('POST /api/booking-requests with an Idempotency-Key', () => {
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await aSignedInGuest();
  });

  it('stores one row for two sends with the same key and answers both the same', async () => {
    const key = crypto.randomUUID();
    const request = aRequest(guest, { arrival: day(120), departure: day(127) });
    const first = await send(request, guest.cookie, { 'idempotency-key': key });
    const again = await send(request, guest.cookie, { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect((await rowsOf(guest.id)).filter((row) => row.arrival === day(120))).toHaveLength(1);
  });

  it('refuses the same key for a different request with 409', async () => {
    const key = crypto.randomUUID();
    await send(aRequest(guest, { arrival: day(140), departure: day(145) }), guest.cookie, {
      'idempotency-key': key,
    });
    const other = await send(aRequest(guest, { arrival: day(150), departure: day(155) }), guest.cookie, {
      'idempotency-key': key,
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { code: 'conflict' } });
    expect((await rowsOf(guest.id)).filter((row) => row.arrival === day(150))).toEqual([]);
  });

  it('keeps one guest’s key apart from another’s', async () => {
    const key = crypto.randomUUID();
    const other = await aSignedInGuest();
    const mine = await send(aRequest(guest, { arrival: day(160), departure: day(165) }), guest.cookie, {
      'idempotency-key': key,
    });
    const theirs = await send(aRequest(other, { arrival: day(160), departure: day(165) }), other.cookie, {
      'idempotency-key': key,
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(((await theirs.json()) as { id: string }).id).not.toBe(((await mine.json()) as { id: string }).id);
  });
});

describe('the emails about a booking request', () => {
  let guest: SignedInGuest;
  beforeAll(async () => {
    guest = await aSignedInGuest();
  });

  it('tells the office every field and the quote, and sends the guest a receipt with deposit and balance', async () => {
    const request = aRequest(guest, { arrival: day(180), departure: day(190), guests: 2, city: 'Thrissur' });
    const response = await send(request, guest.cookie);
    expect(response.status).toBe(201);
    const { reference, quote } = (await response.json()) as {
      reference: string;
      quote: ReturnType<typeof quoteStay>;
    };
    const pounds = (pence: number) => formatGbp(pence / 100);
    const outbox = await readOutbox();

    const office = outbox.filter(
      (message) => message.text.includes(`Reference: ${reference}`) && message.subject.startsWith('New'),
    );
    expect(office).toHaveLength(1);
    expect(office[0]?.to).toContain('reservations@kayalvillas.in');
    expect(office[0]?.subject).toBe(
      `New booking request ${reference}: ${villa.name}, ${day(180)}–${day(190)}`,
    );
    for (const text of [
      guest.name,
      guest.email,
      '+91 98470 12345',
      'Thrissur',
      request.message as string,
      'Guests: 2',
      'Nights: 10',
      `Total: ${pounds(quote.totalPence)}`,
      pounds(quote.discountPence),
      pounds(quote.depositPence),
    ]) {
      expect(office[0]?.text).toContain(text);
    }

    const receipts = outbox.filter(
      (message) =>
        message.to.includes(guest.email) &&
        message.subject === `Your booking request for ${villa.name} (${reference})`,
    );
    expect(receipts).toHaveLength(1);
    for (const text of [
      `Your reference is ${reference}; quote it when you pay or call.`,
      `Reference: ${reference}`,
      `Total: ${pounds(quote.totalPence)}`,
      `deposit of ${pounds(quote.depositPence)}`,
      `balance of ${pounds(quote.balancePence)}`,
      'Our reservations office will check the calendar',
      `${siteOrigin}/account`,
    ]) {
      expect(receipts[0]?.text).toContain(text);
    }
  });

  it('says the full amount is due on confirmation when arrival is within 45 days', async () => {
    const [arrival, departure] = [addDays(today, 20), addDays(today, 27)];
    const response = await send(
      aRequest(guest, { property: 'marine-drive-studio', arrival, departure, guests: 1 }),
      guest.cookie,
    );
    expect(response.status).toBe(201);
    const { quote } = (await response.json()) as { quote: ReturnType<typeof quoteStay> };
    const receipt = (await readOutbox()).find(
      (message) => message.to.includes(guest.email) && message.subject.includes('Marine Drive Studio'),
    );
    expect(receipt?.text).toContain(
      `the full amount of ${formatGbp(quote.totalPence / 100)} is due when we confirm`,
    );
  });

  it('stores the request and answers 201 when the mail server cannot be reached, and logs why', async () => {
    // Nothing listens on the discard port, so every send is refused at once.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      const { result: response, lines } = await captureLog(() =>
        send(aRequest(guest, { arrival: day(260), departure: day(265) }), guest.cookie),
      );
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(await ownerQuery('select status from booking_requests where id = $1', [id])).toEqual([
        { status: 'new' },
      ]);
      const notSent = lines.filter((line) => line.msg.includes('not sent'));
      expect(notSent).toHaveLength(2);
      expect(notSent).toContainEqual(
        expect.objectContaining({ bookingRequestId: id, requestId: response.headers.get('x-request-id') }),
      );
    } finally {
      delete process.env.SMTP_URL;
    }
  });

  it('sends nothing again for a retried request', async () => {
    const key = crypto.randomUUID();
    const request = aRequest(guest, { arrival: day(220), departure: day(225) });
    const first = await send(request, guest.cookie, { 'idempotency-key': key });
    const { reference } = (await first.json()) as { reference: string };
    await send(request, guest.cookie, { 'idempotency-key': key });
    const office = (await readOutbox()).filter((message) =>
      message.subject.includes(`request ${reference}:`),
    );
    expect(office).toHaveLength(1);
  });
});

describe('a booking request seen from the account page', () => {
  it('is listed for the guest who sent it and for no other guest', async () => {
    const [first, second] = [await aSignedInGuest(), await aSignedInGuest()];
    const sent = await send(aRequest(first, { arrival: day(240), departure: day(245) }), first.cookie);
    const { id } = (await sent.json()) as { id: string };
    const listFor = async (cookie: string) => {
      const response = await accountBookingRequests(
        getWithCookies('/api/account/booking-requests', cookie),
        asClient(),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { bookingRequests: { id: string }[] }).bookingRequests;
    };
    expect((await listFor(first.cookie)).map((request) => request.id)).toEqual([id]);
    expect(await listFor(second.cookie)).toEqual([]);
  });
});
