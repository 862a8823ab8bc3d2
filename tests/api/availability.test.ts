import { beforeAll, describe, expect, it } from 'vitest';
import availability from '../../netlify/functions/availability.mts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { asClient } from '../support/accounts.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const today = todayInKerala();
// Poovar Estuary Villa (£1,850 a week) and Edappally Gated Residence: no other test file books them.
const villa = 'poovar-estuary-villa';
const apartment = 'edappally-gated-residence';
// The future stays sit in a stretch of the calendar of this run's own choosing.
const firstDay = 60 + Math.floor(Math.random() * 500);
const day = (n: number) => addDays(today, firstDay + n);
const otherPropertyArrival = addDays(today, 715);
const secret = { name: 'Availability Secret', email: `secret+${crypto.randomUUID()}@example.com` };

type Seed = { status?: 'new' | 'confirmed' | 'declined'; deleted?: boolean };

/** A request stored as the database owner, moved to `status` the way the office would. */
async function seedStay(
  property: string,
  arrival: string,
  departure: string,
  { status = 'new', deleted = false }: Seed = {},
) {
  // Quoted as if sent on the arrival day, so even a stay in the past has a quote the table accepts.
  const quote = quoteStay({ weeklyRatePence: 185_000, arrival, departure, guests: 3, today: arrival });
  const row = await insertBooking(ownerQuery, {
    name: secret.name,
    email: secret.email,
    phone: '+91 98470 55555',
    city: 'Secret Town',
    property,
    arrival,
    departure,
    guests: 3,
    message: 'A private note',
    ...quote,
  });
  if (status !== 'new')
    await ownerQuery('update booking_requests set status = $2 where id = $1', [row.id, status]);
  if (deleted) await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [row.id]);
}

const ask = (query: string) =>
  availability(new Request(new URL(`/api/availability${query}`, siteOrigin)), asClient());

type Answer = { property: string; confirmed: { arrival: string; departure: string }[] };

describe('GET /api/availability', () => {
  beforeAll(async () => {
    await seedStay(villa, day(30), day(34), { status: 'confirmed' });
    await seedStay(villa, day(10), day(17), { status: 'confirmed' });
    await seedStay(villa, day(20), day(25));
    await seedStay(villa, day(40), day(45), { status: 'declined' });
    await seedStay(villa, day(50), day(55), { status: 'confirmed', deleted: true });
    await seedStay(villa, addDays(today, -20), addDays(today, -14), { status: 'confirmed' });
    await seedStay(villa, addDays(today, -10), today, { status: 'confirmed' });
    await seedStay(villa, addDays(today, 725), addDays(today, 730), { status: 'confirmed' });
    await seedStay(villa, addDays(today, 731), addDays(today, 736), { status: 'confirmed' });
    await seedStay(apartment, addDays(today, -2), addDays(today, 3), { status: 'confirmed' });
    // Past the last night instant-book.test's random stays on this apartment can reach (day 713), so the
    // two files' confirmed stays never meet in the exclusion constraint.
    await seedStay(apartment, otherPropertyArrival, addDays(today, 720), { status: 'confirmed' });
  });

  it('lists the confirmed, non-deleted stays of that property still to come, by arrival', async () => {
    const response = await ask(`?property=${villa}`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.property).toBe(villa);
    expect(answer.confirmed).toEqual(
      expect.arrayContaining([
        { arrival: day(10), departure: day(17) },
        { arrival: day(30), departure: day(34) },
        { arrival: addDays(today, 725), departure: addDays(today, 730) },
      ]),
    );
    const arrivals = answer.confirmed.map((stay) => stay.arrival);
    expect(arrivals).toEqual([...arrivals].sort());
    for (const hidden of [
      day(20), // only requested
      day(40), // declined
      day(50), // confirmed, then deleted
      addDays(today, -20), // over
      addDays(today, -10), // the guests leave today
      addDays(today, 731), // beyond the two years a guest may book ahead
      otherPropertyArrival, // another property
    ]) {
      expect(arrivals).not.toContain(hidden);
    }
  });

  it('includes a stay under way today', async () => {
    const answer = (await (await ask(`?property=${apartment}`)).json()) as Answer;
    expect(answer.confirmed).toContainEqual({ arrival: addDays(today, -2), departure: addDays(today, 3) });
  });

  it('gives nothing but the dates: no names, emails, prices or other columns', async () => {
    const response = await ask(`?property=${villa}`);
    const text = await response.text();
    const answer = JSON.parse(text) as Answer;
    expect(Object.keys(answer).sort()).toEqual(['confirmed', 'property']);
    for (const stay of answer.confirmed) expect(Object.keys(stay).sort()).toEqual(['arrival', 'departure']);
    for (const leak of [
      secret.name,
      secret.email,
      'Secret Town',
      'A private note',
      '98470',
      'pence',
      '"id"',
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it('lets browsers and the CDN keep the answer for a minute', async () => {
    const response = await ask(`?property=${villa}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an unknown property with 404', async () => {
    const response = await ask('?property=kovalam-cliff');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['no property', '', 'Choose a villa or apartment'],
    ['an empty property', '?property=', 'Choose a villa or apartment'],
    [
      'a property that is not a slug',
      '?property=Kovalam%20Cliff%20Villa',
      'Choose a villa or apartment from the list',
    ],
    [
      'a property that is far too long',
      `?property=${'a'.repeat(101)}`,
      'Choose a villa or apartment from the list',
    ],
  ])('refuses %s with 422 and a message for the property field', async (_case, query, message) => {
    const response = await ask(query);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields need your attention.',
        fields: { property: message },
      },
    });
  });

  it('answers anything but GET with 405', async () => {
    const response = await availability(jsonPost(`/api/availability?property=${villa}`, {}), asClient());
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
