import { beforeAll, describe, expect, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { asClient, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { jsonPost } from '../support/requests.ts';
import { pickDaysClearOfChangeovers } from '../support/seasons.ts';
import { ownerQuery } from '../support/sql.ts';

const endpoint = '/api/account/booking-requests';
const today = todayInKerala();
// This run's own stretch of the calendar; only new requests are made here, which never block dates.
const firstDay = pickDaysClearOfChangeovers(today, { earliest: 60, latest: 560, span: 50 });
const day = (n: number) => addDays(today, firstDay + n);

type Listed = {
  id: string;
  reference: string;
  property: string;
  propertyName: string;
  propertyKind: string | null;
  arrival: string;
  departure: string;
  guests: number;
  status: string;
  createdAt: string;
  quote: ReturnType<typeof quoteStay>;
};

const references = new Map<string, string>();

/** Sends a request and answers its id; `references` keeps the reference its 201 answer gave. */
async function send(guest: Guest & { cookie: string }, stay: Record<string, unknown>): Promise<string> {
  const response = await sendBookingRequest(
    jsonPost(
      '/api/booking-requests',
      {
        name: guest.name,
        email: guest.email,
        phone: '+91 98470 12345',
        city: 'Kottayam',
        guests: 3,
        ...stay,
      },
      { cookie: guest.cookie },
    ),
    asClient(),
  );
  expect(response.status).toBe(201);
  const { id, reference } = (await response.json()) as { id: string; reference: string };
  references.set(id, reference);
  return id;
}

async function listFor(cookie: string) {
  const response = await accountBookingRequests(getWithCookies(endpoint, cookie), asClient());
  return {
    response,
    list: response.ok ? ((await response.json()) as { bookingRequests: Listed[] }).bookingRequests : [],
  };
}

describe('GET /api/account/booking-requests', () => {
  let guest: Guest & { cookie: string };
  let other: Guest & { cookie: string };
  const ids: string[] = [];
  beforeAll(async () => {
    [guest, other] = [await signedInGuest(), await signedInGuest()];
    ids.push(await send(guest, { property: 'kovalam-samudra-villa', arrival: day(0), departure: day(7) }));
    ids.push(
      await send(guest, { property: 'marine-drive-studio', arrival: day(20), departure: day(23), guests: 2 }),
    );
    // Fort Kochi, which no other file books: booking-status-emails.test.ts confirms stays at Kumarakom
    // in a random stretch of its own, which met this one's and refused this request (409) in a run.
    ids.push(
      await send(guest, { property: 'fort-kochi-heritage-villa', arrival: day(40), departure: day(47) }),
    );
    ids.push(await send(other, { property: 'kovalam-samudra-villa', arrival: day(0), departure: day(7) }));
  });

  it('lists only the caller’s own requests, newest first', async () => {
    const { response, list } = await listFor(guest.cookie);
    expect(response.status).toBe(200);
    expect(list.map((request) => request.id)).toEqual([ids[2], ids[1], ids[0]]);
    const { list: theirs } = await listFor(other.cookie);
    expect(theirs.map((request) => request.id)).toEqual([ids[3]]);
  });

  it('gives each request its reference, its property’s name and kind, its dates, the phone and town given, status and quote', async () => {
    const { list } = await listFor(guest.cookie);
    expect(list.find((request) => request.id === ids[1])).toEqual({
      id: ids[1],
      reference: references.get(ids[1] as string),
      property: 'marine-drive-studio',
      propertyName: 'Marine Drive Studio Apartment',
      propertyKind: 'apartments',
      arrival: day(20),
      departure: day(23),
      guests: 2,
      phone: '+91 98470 12345',
      city: 'Kottayam',
      status: 'new',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      quote: quoteStay({ weeklyRatePence: 140_000, arrival: day(20), departure: day(23), guests: 2, today }),
      // Only a confirmed booking has a ledger (tests/api/payments-ledger.test.ts).
      ledger: null,
      // Nothing paid or refunded (tests/api/cancel-and-refund.test.ts), and not held (tests/api/instant-book.test.ts).
      payments: [],
      refunds: [],
      heldUntil: null,
      // Sent as a request, so its card calls its date "Sent" (instant ones: tests/api/instant-book.test.ts).
      bookedInstantly: false,
      // No messages on it yet (tests/api/booking-messages.test.ts).
      unreadMessages: 0,
      // Not confirmed, so no arrival pack (tests/api/arrival-packs.test.ts).
      arrivalPack: null,
    });
  });

  it('shows the status the office gives a request', async () => {
    await ownerQuery(`update booking_requests set status = 'declined' where id = $1`, [ids[2]]);
    const { list } = await listFor(guest.cookie);
    expect(list.find((request) => request.id === ids[2])?.status).toBe('declined');
  });

  it('hides a request the office deleted', async () => {
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [ids[0]]);
    const { list } = await listFor(guest.cookie);
    expect(list.map((request) => request.id)).not.toContain(ids[0]);
    expect(list).toHaveLength(2);
  });

  it('refuses a visitor without a session with 401', async () => {
    const { response } = await listFor('');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers an unusable session cookie with 401 and clears it', async () => {
    const { response } = await listFor('kv_access=not-a-token; kv_refresh=not-a-token-either');
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/kv_access=; .*Max-Age=0/);
  });
});
