import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import availability from '../../netlify/functions/availability.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import {
  type BookingRequestInput,
  bookingRequestSchema,
} from '../../src/features/booking/booking-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { bookingHorizonDays, findStayProblems } from '../../src/lib/stay-rules.ts';
import { findProperty, loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { accountIdOf, asClient, type Guest, signedInGuest } from '../support/accounts.ts';
import {
  encodeBody,
  expectAnswer,
  expectPlainTextOnly,
  formType,
  judgeBody,
  newMarker,
  notASessionCookie,
  otherMethod,
  type Post,
  queryParts,
  queryText,
  queryValue,
  sameSiteRequest,
  scriptPayload,
} from '../support/bad-bodies.ts';
import { describeBadInput, withEnv } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against the booking API: each answer is a 4xx in the API's one error shape,
 * never a 5xx, and a refused booking request stores nothing. Where a generated body might still be
 * valid, the schema and the stay rules the form shares with the API are the oracle: what they accept
 * is stored once (201).
 */

const endpoint = '/api/booking-requests';
// This apartment (sleeps 6, at least 3 nights) has confirmed stays only from search.test.ts, all
// within its first 560 days; only new requests are made here, which never block dates.
const property = 'panampilly-nagar-duplex';
// This run's own stretch of the calendar: past every stay search.test.ts confirms, inside the
// two-year horizon (a request here met one of them once: 409 where 201 was expected).
const firstDay = 600 + Math.floor(Math.random() * (bookingHorizonDays - 610));
const day = (n: number) => addDays(todayInKerala(), firstDay + n);

// A few generated requests are large, and an accepted one sends two emails; this keeps the file short.
const numRuns = propertyRuns(40);

type SignedInGuest = Guest & { cookie: string; id: string };
let guest: SignedInGuest;

// Every generated request is judged on its body; booking-requests.test.ts proves the rate limit.
withEnv('FORM_RATE_LIMIT', '0');
beforeAll(async () => {
  const signedIn = await signedInGuest();
  guest = { ...signedIn, id: await accountIdOf(signedIn.email) };
});

/** A request the API accepts, with `marker` in its name, email, city and message. */
const validBody = (marker: string): Record<string, unknown> => ({
  property,
  arrival: day(0),
  departure: day(5),
  guests: 4,
  name: `Probe ${marker}`,
  email: `probe+${marker}@example.com`,
  phone: '+91 98470 12345',
  city: `Kochi ${marker}`,
  message: `A cot for our youngest, please. ${marker}`,
});

/** The guest's rows that carry `marker` in any of the fields a generated request leaves intact. */
async function countRows(marker: string): Promise<number> {
  const [row] = await ownerQuery<{ rows: number }>(
    `select count(*)::int as rows from booking_requests
     where user_id = $1 and (strpos(name, $2) > 0 or strpos(email, $2) > 0 or strpos(city, $2) > 0
       or strpos(coalesce(message, ''), $2) > 0)`,
    [guest.id, marker],
  );
  return row?.rows ?? 0;
}

/** What the API answers a body the schema accepts: the stay rules' verdict on it. */
async function accepted(input: BookingRequestInput) {
  const found = await findProperty(input.property);
  if (!found) return { status: 422 };
  return Object.keys(findStayProblems(input, found, todayInKerala())).length > 0
    ? { status: 422 }
    : { status: 201, changes: (rows: number) => rows + 1 };
}

/** Sends `request` as the signed-in guest, or with `cookie` in place of the guest's session. */
const sendAs = (request: Post, cookie = guest.cookie) =>
  sendBookingRequest(
    sameSiteRequest(endpoint, { ...request, headers: [...(request.headers ?? []), ['cookie', cookie]] }),
    asClient(),
  );

describeBadInput({
  name: `POST ${endpoint}`,
  schema: bookingRequestSchema,
  validBody,
  send: (request) => sendAs(request),
  observe: countRows,
  // The booking form is an island that posts JSON; a form-encoded post is refused however it reads.
  judge: (sent) => (sent.contentType === formType ? { refused: 415 } : judgeBody(bookingRequestSchema, sent)),
  accepted: (input) => accepted(input as BookingRequestInput),
  runs: numRuns,
  nul: { fields: ['name', 'email', 'phone', 'city', 'message'], runs: propertyRuns(20) },
  sendsForms: false,
  method: 'POST',
  idempotent: true,
});

describe('a booking request with cookies that are no session', () => {
  it('is refused with 401, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(notASessionCookie, async (cookie) => {
        const marker = newMarker();
        await expectAnswer(await sendAs(encodeBody(validBody(marker), false), cookie), 401);
        expect(await countRows(marker)).toBe(0);
      }),
      { numRuns },
    );
  });
});

describe('a script-like booking request', () => {
  // The emails are plain text only (src/server/email/email.ts has no HTML part to inject into).
  it('is stored verbatim and emailed to the office and the guest as plain text, with no HTML part', async () => {
    await fc.assert(
      fc.asyncProperty(scriptPayload, scriptPayload, async (name, message) => {
        const marker = newMarker();
        const body = { ...validBody(marker), name, message: `${message} ${marker}` };
        const response = await sendBookingRequest(
          sameSiteRequest(endpoint, { ...encodeBody(body, false), headers: [['cookie', guest.cookie]] }),
          asClient(),
        );
        const { id, reference } = JSON.parse(await expectAnswer(response, 201)) as {
          id: string;
          reference: string;
        };
        const [row] = await ownerQuery<{ name: string; message: string }>(
          'select name, message from booking_requests where id = $1',
          [id],
        );
        expect(row).toEqual({ name, message: body.message });

        const outbox = await readOutbox();
        const office = outbox.find((sent) => sent.subject.startsWith(`New booking request ${reference}:`));
        expect(office?.text).toContain(`Name: ${name}`);
        expect(office?.text).toContain(`Message: ${body.message}`);
        const receipt = outbox.find(
          (sent) => sent.to.includes(guest.email) && sent.text.includes(`Hello ${name},`),
        );
        await expectPlainTextOnly(office);
        await expectPlainTextOnly(receipt);
      }),
      { numRuns: 10 },
    );
  });
});

describe('bad input to GET /api/availability (property-based)', () => {
  it('answers generated query strings with the dates (200), or 422 or 404 as the schema and the catalogue say', async () => {
    const slugs = (await loadCatalogue()).properties.map((known) => known.slug);
    const looksRight = fc.oneof(
      fc.constantFrom(...slugs),
      fc.constantFrom('no-such-villa', 'Kovalam-Cliff-Villa', 'kovalam--cliff-villa', '-villa', 'villa-'),
      fc.stringMatching(/^[a-z0-9-]{1,120}$/),
    );
    const parameter = fc.tuple(
      fc.oneof(
        fc.constantFrom('property', 'Property', 'property[]', 'utm_source'),
        fc.string({ maxLength: 8 }),
      ),
      queryValue(looksRight),
    );
    await fc.assert(
      fc.asyncProperty(queryParts(parameter), async (parts) => {
        const url = new URL(`/api/availability${queryText(parts)}`, siteOrigin);
        const response = await availability(new Request(url), asClient());
        const slug = bookingRequestSchema.shape.property.safeParse(
          url.searchParams.get('property') ?? undefined,
        );
        const expected = !slug.success ? 422 : (await findProperty(slug.data)) ? 200 : 404;
        await expectAnswer(response, expected);
        // A refusal must not sit in the CDN's cache for a minute like the dates do.
        if (expected >= 400) expect(response.headers.get('cache-control')).toBe('no-store');
      }),
      { numRuns },
    );
  });

  it('answers any other method with 405 and Allow: GET', async () => {
    await fc.assert(
      fc.asyncProperty(otherMethod(['GET']), async (method) => {
        const response = await availability(
          sameSiteRequest(`/api/availability?property=${property}`, { method }),
          asClient(),
        );
        await expectAnswer(response, 405);
        expect(response.headers.get('allow')).toBe('GET');
      }),
      { numRuns: 20 },
    );
  });
});

describe('bad input to GET /api/account/booking-requests (property-based)', () => {
  const list = (query: string, method: string, cookie: string) =>
    accountBookingRequests(
      sameSiteRequest(`/api/account/booking-requests${query}`, { method, headers: [['cookie', cookie]] }),
      asClient(),
    );

  it('lists the guest’s own requests whatever the query string, which it does not read', async () => {
    const parameter = fc.tuple(fc.string({ maxLength: 8 }), queryValue(fc.constantFrom('all', '1', 'new')));
    await fc.assert(
      fc.asyncProperty(queryParts(parameter), async (parts) => {
        const response = await list(queryText(parts), 'GET', guest.cookie);
        const answer = JSON.parse(await expectAnswer(response, 200)) as { bookingRequests: unknown[] };
        expect(Array.isArray(answer.bookingRequests)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses cookies that are no session with 401, and other methods with 405', async () => {
    const attempt = fc.oneof(
      notASessionCookie.map((cookie) => ({ cookie, method: 'GET', expected: 401 })),
      otherMethod(['GET']).map((method) => ({ cookie: guest.cookie, method, expected: 405 })),
    );
    await fc.assert(
      fc.asyncProperty(attempt, async ({ cookie, method, expected }) => {
        await expectAnswer(await list('', method, cookie), expected);
      }),
      { numRuns },
    );
  });
});
