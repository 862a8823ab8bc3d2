import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import search from '../../netlify/functions/search.mts';
import searchPage from '../../netlify/functions/search-page.mts';
import { type SearchAnswer, searchAnswerSchema } from '../../src/features/search/search-contract.ts';
import { apiErrorSchema } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { withStay } from '../../src/lib/paths.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { findMinimumStay } from '../../src/lib/seasons.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { asClient } from '../support/accounts.ts';
import { siteOrigin } from '../support/requests.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

const today = todayInKerala();
// Panampilly Nagar Duplex (£1,900 a week, sleeps 6, at least 3 nights, no seasons): no other test file
// confirms a stay of it, so every confirmed stay of it in the database is this file's. They all fall
// within the first 560 days; booking-bad-input.property.test.ts sends its requests after day 600.
const apartment = 'panampilly-nagar-duplex';
const apartmentPath = '/apartments/panampilly-nagar-duplex';
// This run's stretch of the calendar, well inside the two-year horizon, where Kumarakom Lakeside Villa
// keeps its 7-night minimum (its monsoon takes 3 nights: src/content/villas).
const kumarakom = (await loadCatalogue()).find('kumarakom-lakeside-villa');
const firstDay = (() => {
  for (;;) {
    const candidate = 60 + Math.floor(Math.random() * 400);
    const arrival = addDays(today, candidate);
    if (
      kumarakom &&
      findMinimumStay({ arrival, departure: addDays(arrival, 4) }, kumarakom).minNights === 7
    ) {
      return candidate;
    }
  }
})();
const day = (n: number) => addDays(today, firstDay + n);

/** A stay of the apartment stored as the owner, moved to `status` as the office would move it. */
async function seedStay(
  arrival: string,
  departure: string,
  { status = 'confirmed', deleted = false }: { status?: string; deleted?: boolean } = {},
) {
  const id = await insertBookingRequest({ property: apartment, arrival });
  // insertBookingRequest books a week; stretch or shrink it to this stay, with a quote that fits.
  const quote = quoteStay({ weeklyRatePence: 190_000, arrival, departure, guests: 4, today: arrival });
  await ownerQuery(
    `update booking_requests set departure = $2, nights = $3, subtotal_pence = $4, discount_pence = $5,
       total_pence = $6, deposit_pence = $7, balance_pence = $8, balance_due_date = $9 where id = $1`,
    [
      id,
      departure,
      quote.nights,
      quote.subtotalPence,
      quote.discountPence,
      quote.totalPence,
      quote.depositPence,
      quote.balancePence,
      quote.balanceDueDate,
    ],
  );
  // A stay is cancelled only once confirmed, as the office's moves allow.
  const moves = status === 'cancelled' ? ['confirmed', 'cancelled'] : status === 'new' ? [] : [status];
  for (const move of moves) {
    await ownerQuery('update booking_requests set status = $2 where id = $1', [id, move]);
  }
  if (deleted) await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [id]);
}

const query = (fields: Record<string, string>) => `?${new URLSearchParams(fields)}`;
const askJson = (fields: Record<string, string> | string) =>
  search(
    new Request(new URL(`/api/search${typeof fields === 'string' ? fields : query(fields)}`, siteOrigin)),
    asClient(),
  );
const askPage = (fields: Record<string, string> | string, method = 'GET') =>
  searchPage(
    new Request(new URL(`/search${typeof fields === 'string' ? fields : query(fields)}`, siteOrigin), {
      method,
    }),
  );

async function answerFor(arrival: string, departure: string, guests = '4'): Promise<SearchAnswer> {
  const response = await askJson({ arrival, departure, guests });
  expect(response.status).toBe(200);
  return searchAnswerSchema.parse(await response.json());
}

/** The apartment's result, free or not, in an answer. */
function apartmentIn(answer: SearchAnswer) {
  return [...answer.free, ...answer.unavailable].find((result) => result.slug === apartment);
}

describe('GET /api/search', () => {
  beforeAll(async () => {
    await seedStay(day(10), day(17));
    await seedStay(day(17), day(20));
    await seedStay(day(24), day(40));
    // None of these holds its dates.
    await seedStay(day(50), day(57), { status: 'new' });
    await seedStay(day(60), day(67), { status: 'declined' });
    await seedStay(day(70), day(77), { status: 'cancelled' });
    // A confirmed stay the office moved to the trash holds no dates either, as in the overlap constraint.
    await seedStay(day(80), day(87), { deleted: true });
  });

  it('answers every villa and apartment to rent once (a home only for sale is no stay), in the contract, free ones cheapest first', async () => {
    const answer = await answerFor(day(0), day(7));
    const slugs = [...answer.free, ...answer.unavailable].map((result) => result.slug);
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toHaveLength(10);
    const totals = answer.free.map((result) => result.quote.totalPence);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(answer.stay).toEqual({ arrival: day(0), departure: day(7), guests: 4, nights: 7, instant: false });
  });

  it('marks each home booked and paid at once, and with "Instant book only" answers only those', async () => {
    const every = await answerFor(day(0), day(7));
    const instant = [...every.free, ...every.unavailable].filter((result) => result.instantBook);
    expect(instant.map(({ slug }) => slug)).toEqual(['edappally-gated-residence']);
    const response = await askJson({ arrival: day(0), departure: day(7), guests: '4', instant: '1' });
    expect(response.status).toBe(200);
    const only = searchAnswerSchema.parse(await response.json());
    expect(only.stay.instant).toBe(true);
    expect([...only.free, ...only.unavailable].map(({ slug }) => slug)).toEqual([
      'edappally-gated-residence',
    ]);
    const refused = await askJson({ arrival: day(0), departure: day(7), guests: '4', instant: 'yes' });
    expect(refused.status).toBe(400);
  });

  it('answers one home alone when its page asks (its panel without JavaScript), and keeps it for the next search', async () => {
    const html = await (
      await askPage({ arrival: day(0), departure: day(8), guests: '4', home: apartment })
    ).text();
    expect(html.match(/<article /g)).toHaveLength(1);
    expect(html).toContain('id="result-panampilly-nagar-duplex"');
    expect(html).toContain(`<input type="hidden" name="home" value="${apartment}"/>`);
    expect(html).toContain('See every home free for these dates');
    const refused = await askJson({ arrival: day(0), departure: day(8), guests: '4', home: 'Not A Slug' });
    expect(refused.status).toBe(400);
  });

  it('marks an instant-book home on the page with its promise, and never the wait', async () => {
    // The promise is for a free week: other files confirm stays of the one instant home at random
    // dates, and a taken week shows its mark and later dates instead. So take the first week it is free.
    let arrival = '';
    for (let week = 0; week < 30 && !arrival; week += 1) {
      const answer = await answerFor(day(week * 7), day(week * 7 + 7));
      if (answer.free.some(({ slug }) => slug === 'edappally-gated-residence')) arrival = day(week * 7);
    }
    expect(arrival, 'a free week of Edappally Gated Residence within 30 weeks').not.toBe('');
    const html = await (
      await askPage({ arrival, departure: addDays(arrival, 7), guests: '4', instant: '1' })
    ).text();
    expect(html.match(/<article /g)).toHaveLength(1);
    expect(html).toContain('<p class="instant-mark">Instant book</p>');
    expect(html).toContain('Book and pay the deposit now: confirmed at once.');
    expect(html).not.toContain('within one working day');
    expect(html).toContain('<input type="checkbox" name="instant" checked="" value="1"/>');
  });

  it('offers a free property with its facts and the price of exactly that stay from quoteStay', async () => {
    const answer = await answerFor(day(0), day(8), '2');
    const result = answer.free.find((free) => free.slug === apartment);
    expect(result).toMatchObject({
      status: 'free',
      name: 'Panampilly Nagar Duplex Apartment',
      kind: 'apartments',
      path: apartmentPath,
      sleeps: 6,
      bedrooms: 3,
    });
    expect(result?.quote).toEqual(
      quoteStay({ weeklyRatePence: 190_000, arrival: day(0), departure: day(8), guests: 2, today }),
    );
    // Two guests get the discount.
    expect(result?.quote.discountPence).toBeGreaterThan(0);
  });

  it('names a booked property not free, with the first later arrival that has as many nights free', async () => {
    // 7 nights from day 12: taken until day 20, then 4 free nights before day 24 (too few), so day 40.
    expect(apartmentIn(await answerFor(day(12), day(19)))).toMatchObject({
      status: 'booked',
      freeFrom: day(40),
    });
    // 3 nights fit the gap from day 20.
    expect(apartmentIn(await answerFor(day(12), day(15)))).toMatchObject({
      status: 'booked',
      freeFrom: day(20),
    });
  });

  it('counts a departure day as free for the next arrival', async () => {
    expect(apartmentIn(await answerFor(day(20), day(24)))).toMatchObject({ status: 'free' });
    expect(apartmentIn(await answerFor(day(7), day(10)))).toMatchObject({ status: 'free' });
  });

  it.each([
    ['a new request', 50],
    ['a declined request', 60],
    ['a cancelled stay', 70],
    ['a confirmed stay deleted to the trash', 80],
  ])('lets %s leave the dates free', async (_, start) => {
    expect(apartmentIn(await answerFor(day(start), day(start + 7)))).toMatchObject({ status: 'free' });
  });

  it('says a property sleeps fewer than the party', async () => {
    const result = apartmentIn(await answerFor(day(0), day(7), '7'));
    expect(result).toMatchObject({ status: 'sleeps-fewer', sleeps: 6 });
  });

  it('takes a property out for a stay shorter than its minimum, without refusing the search', async () => {
    const answer = await answerFor(day(0), day(4));
    const kumarakom = answer.unavailable.find((result) => result.slug === 'kumarakom-lakeside-villa');
    expect(kumarakom).toMatchObject({ status: 'stay-too-short', minNights: 7 });
    expect(apartmentIn(answer)).toMatchObject({ status: 'free' });
  });

  it.each([
    ['no fields at all', {}, { arrival: 'Choose the arrival date', departure: 'Choose the departure date' }],
    [
      'a date that does not exist',
      { arrival: '2027-02-30', departure: '2027-03-05', guests: '2' },
      { arrival: 'Enter the arrival date as a real date, like 2027-03-14' },
    ],
    [
      'an arrival in the past',
      { arrival: addDays(today, -1), departure: addDays(today, 5), guests: '2' },
      { arrival: 'Choose an arrival date from today on' },
    ],
    [
      'departure before arrival',
      { arrival: day(5), departure: day(2), guests: '2' },
      { departure: 'Choose a departure date after the arrival date' },
    ],
    [
      'more than 90 nights',
      { arrival: day(0), departure: day(91), guests: '2' },
      { departure: 'For stays longer than 90 nights, please contact us' },
    ],
    ['no guests', { arrival: day(0), departure: day(7) }, { guests: 'Enter how many guests will stay' }],
    [
      'guests as words',
      { arrival: day(0), departure: day(7), guests: 'four' },
      { guests: 'Enter how many guests will stay' },
    ],
    [
      'too large a party',
      { arrival: day(0), departure: day(7), guests: '51' },
      { guests: 'For more than 50 guests, please contact us' },
    ],
  ])('refuses %s with 400 and the booking form’s field messages', async (_, fields, messages) => {
    const response = await askJson(fields);
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toMatchObject(messages);
  });

  it.each([
    ['control and broken bytes', '?arrival=%00&departure=%FF%FE&guests=1e309'],
    ['repeated and bracketed names', '?arrival[]=1&arrival=2&guests=-0'],
    ['a 5,000-character date', `?arrival=${'9'.repeat(5000)}&departure=x`],
  ])('answers 400, never a 500, for %s', async (_, raw) => {
    const response = await askJson(raw);
    expect(response.status).toBe(400);
  });

  it('answers any query with 200 or 400, never a 5xx, on both edges', async () => {
    // Near-dates as often as noise, so the generated searches reach the database too.
    const field = fc.oneof(
      fc.string(),
      fc.integer({ min: -5, max: 800 }).map((offset) => addDays(today, offset)),
      fc.integer({ min: -3, max: 60 }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ arrival: field, departure: field, guests: field }, { requiredKeys: [] }),
        async (fields) => {
          const json = await askJson(fields);
          expect([200, 400]).toContain(json.status);
          if (json.status === 200) searchAnswerSchema.parse(await json.json());
          else apiErrorSchema.parse(await json.json());
          expect([200, 400]).toContain((await askPage(fields)).status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a POST with 405', async () => {
    const response = await search(
      new Request(new URL('/api/search', siteOrigin), { method: 'POST', headers: { origin: siteOrigin } }),
      asClient(),
    );
    expect(response.status).toBe(405);
  });

  it('is never cached, so a confirmation shows at once', async () => {
    const response = await askJson({ arrival: day(0), departure: day(7), guests: '2' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /search (the page)', () => {
  it('renders the results on the server: one article per property, the price, a link carrying the stay', async () => {
    const response = await askPage({ arrival: day(0), departure: day(8), guests: '4' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html.match(/<article /g)).toHaveLength(10);
    expect(html).toContain(
      '<h3 class="result__name" id="result-panampilly-nagar-duplex">Panampilly Nagar Duplex Apartment</h3>',
    );
    const total = quoteStay({
      weeklyRatePence: 190_000,
      arrival: day(0),
      departure: day(8),
      guests: 4,
      today,
    });
    expect(html).toContain(`£${(total.totalPence / 100).toLocaleString('en-GB')} for 8 nights`);
    const link = withStay(apartmentPath, { arrival: day(0), departure: day(8), guests: 4 }).replaceAll(
      '&',
      '&amp;',
    );
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('See Panampilly Nagar Duplex Apartment for these dates');
    // The search bar again, filled with the search.
    expect(html).toContain(`value="${day(0)}"`);
    expect(html).toMatch(/<option value="4" selected/);
  });

  it('says when a booked property is free again, in words', async () => {
    const html = await (await askPage({ arrival: day(12), departure: day(19), guests: '4' })).text();
    const [, card] = html.split('id="result-panampilly-nagar-duplex"');
    expect(card).toMatch(/Not free then; free from \w{3}, \d{1,2} \w+ \d{4} for 7 nights/);
  });

  it('answers bad dates with 400, each field’s message and what was typed', async () => {
    const response = await askPage({ arrival: '2027-02-30', departure: day(2), guests: '3' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Some fields need your attention.');
    expect(html).toContain('Enter the arrival date as a real date, like 2027-03-14');
    expect(html).toContain('value="2027-02-30"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('<article');
  });

  it('shows the empty search when no dates were given', async () => {
    const response = await askPage('');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Choose your arrival and departure dates');
    expect(html).not.toContain('<article');
  });

  it('shows what was typed as text, never as markup', async () => {
    const html = await (await askPage({ arrival: '"><script>alert(1)</script>', guests: '<b>' })).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>');
  });

  it('asks search engines not to index it and sends the page security headers', async () => {
    const response = await askPage({ arrival: day(0), departure: day(7), guests: '2' });
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a POST with 405 as a page', async () => {
    const response = await askPage('', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
