import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import * as restoreFunction from '../../netlify/functions/admin-collection-item-restore.mts';
import * as summaryFunction from '../../netlify/functions/admin-summary.mts';
import { adminCollectionNames } from '../../src/features/admin/collection-contract.ts';
import { listQuerySchema } from '../../src/features/admin/list-query-contract.ts';
import { bookingStatusChangeSchema, bookingStatuses } from '../../src/features/booking/booking-contract.ts';
import { findCollection } from '../../src/server/admin/collections.ts';
import { readListQuery } from '../../src/server/admin/list-query.ts';
import { signedInGuest } from '../support/accounts.ts';
import { type Admin, invoke, signedInAdmin } from '../support/admins.ts';
import {
  expectAnswer,
  jsonBody,
  notASessionCookie,
  otherMethod,
  type Post,
  type QueryPart,
  queryParts,
  queryText,
  queryValue,
  sameSiteRequest,
} from '../support/bad-bodies.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { siteOrigin } from '../support/requests.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against the office dashboard's API, as an admin: every answer is a 4xx in the
 * API's one error shape (or the list, export or row the request validly asks for), never a 5xx; a
 * refused status change leaves the row's status and the audit log as they were. The list query's own
 * schema and rules, and the status change's schema, are the oracle for what is valid.
 */

type NetlifyFunction = Parameters<typeof invoke>[0];

let admin: Admin;
let guestCookie: string;
/** Rows that exist, so generated paths can name a real id under the wrong list. */
let realRows: { collection: string; id: string }[];

// Each run reads a list or makes a row to change.
const numRuns = propertyRuns(40);

async function insertContactMessage(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into contact_messages (name, email, phone, message)
     values ('Property Test', 'property@example.com', '+91 98470 00002', 'For the bad-input test') returning id`,
  );
  return row?.id as string;
}

/** A row's status (null for a form row), whether it is in the trash, and its audit log entries. */
async function stateOf(id: string) {
  const [row] = await ownerQuery<{ status: string | null; deleted: boolean; entries: number }>(
    `select (select status from booking_requests where id = $1) as status,
       exists (select 1 from booking_requests where id = $1 and deleted_at is not null)
         or exists (select 1 from contact_messages where id = $1 and deleted_at is not null) as deleted,
       (select count(*)::int from admin_audit_log where row_id = $1) as entries`,
    [id],
  );
  return row;
}

beforeAll(async () => {
  admin = await signedInAdmin();
  guestCookie = (await signedInGuest()).cookie;
  realRows = [
    { collection: 'booking-requests', id: await insertBookingRequest() },
    { collection: 'contact-messages', id: await insertContactMessage() },
  ];
});

const send = (
  fn: NetlifyFunction,
  pathname: string,
  request: Post = { method: 'GET' },
  cookie = admin.cookie,
) =>
  invoke(
    fn,
    sameSiteRequest(pathname, { ...request, headers: [...(request.headers ?? []), ['cookie', cookie]] }),
  );

/** Collection names as a URL segment: the four real ones, near misses, and anything else. */
const collectionName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...adminCollectionNames) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        'Booking-Requests',
        'booking_requests',
        'booking-request',
        'booking-requests%20',
        '%00',
        '%FF',
        '__proto__',
        'constructor',
        'toString',
        'users',
        'admin_audit_log',
      ),
      // No dots: `.` and `..` are path segments the URL itself would resolve away. The summary has
      // a function of its own, which Netlify would route `/api/admin/summary` to.
      fc.stringMatching(/^[A-Za-z0-9_~-]{1,40}$/).filter((name) => name !== 'summary'),
    ),
  },
);

const isoDay = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

const dayText = fc.oneof(
  fc.constantFrom(
    '2031-05-01',
    // A real ISO 8601 date (1 BC) that PostgreSQL cannot read: the schema must refuse it.
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '2024-02-29',
    '2023-02-29',
    '2024-13-01',
    '2024-1-1',
    '20240101',
    '2024-01-01T00:00',
  ),
  isoDay.map((iso) => iso.slice(0, 10)),
);

/** Page token of a position, written the way the API writes one. */
const cursorOf = (position: [string, string, string]) =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/** Page tokens: well-formed ones with generated sorts, keys and ids, and base64url of anything else. */
const cursorText = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('newest', 'oldest', 'arrival', 'price'),
      fc.oneof(
        dayText,
        isoDay.map((iso) => iso.replace('Z', '000Z')),
        fc.constantFrom(
          '0000-01-01T00:00:00.000000Z',
          '2024-01-01T24:00:00.000000Z',
          '2024-02-30T00:00:00.000000Z',
          '9999-12-31T23:59:59.999999Z',
        ),
      ),
      fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    )
    .map(cursorOf),
  fc.json({ maxDepth: 2 }).map((json) => Buffer.from(json).toString('base64url')),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/),
);

/** A list's query parameters, each with values that look right and values that do not. */
const listParameter: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('q'),
    queryValue(
      fc.constantFrom(
        'kochi villa',
        'ab',
        'a b c',
        '100%',
        'x_y',
        'back\\slash',
        'one two three four five six seven eight nine',
      ),
    ),
  ),
  fc.tuple(fc.constant('status'), queryValue(fc.constantFrom(...bookingStatuses, 'New', 'deleted'))),
  fc.tuple(
    fc.constantFrom('property', 'position'),
    queryValue(fc.constantFrom('kovalam-cliff-villa', 'architect', 'Not-A-Slug', 'a--b')),
  ),
  fc.tuple(fc.constantFrom('from', 'to'), queryValue(dayText)),
  fc.tuple(
    fc.constant('sort'),
    queryValue(fc.constantFrom('newest', 'oldest', 'arrival', 'Newest', 'price')),
  ),
  fc.tuple(fc.constant('view'), queryValue(fc.constantFrom('inbox', 'trash', 'bin'))),
  fc.tuple(fc.constant('cursor'), queryValue(cursorText)),
  fc.tuple(
    fc.constant('limit'),
    queryValue(
      fc.constantFrom(
        '0',
        '1',
        '25',
        '100',
        '101',
        '-1',
        '1.5',
        '1e2',
        '0x10',
        ' 5 ',
        'Infinity',
        'NaN',
        '1e400',
      ),
    ),
  ),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })),
);

// Cases generation meets only now and then, run first every time: days and keys in year 0000.
const listExamples: [string, QueryPart[]][] = [
  ['contact-messages', [{ name: 'from', value: '0000-01-01' }]],
  ['partner-enquiries', [{ name: 'to', value: '0000-12-31' }]],
  [
    'career-applications',
    [{ name: 'cursor', value: cursorOf(['newest', '0000-06-01T00:00:00.000000Z', crypto.randomUUID()]) }],
  ],
  [
    'booking-requests',
    [
      { name: 'sort', value: 'arrival' },
      { name: 'cursor', value: cursorOf(['arrival', '0000-06-01', crypto.randomUUID()]) },
    ],
  ],
];

/** What a list or export answers, by the collection, the query's schema and the collection's rules. */
function expectedForList(name: string, params: URLSearchParams): number {
  const collection = findCollection(name);
  if (!collection) return 404;
  const parsed = listQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return 422;
  return 'errors' in readListQuery(collection, parsed.data) ? 422 : 200;
}

describe('bad queries to the dashboard lists (property-based)', () => {
  it('answers GET /api/admin/:collection with a page, or 404 or 422 as the collections and the query schema say', async () => {
    await fc.assert(
      fc.asyncProperty(collectionName, queryParts(listParameter), async (name, parts) => {
        const pathname = `/api/admin/${name}${queryText(parts)}`;
        const { searchParams } = new URL(pathname, siteOrigin);
        const response = await send(listFunction, pathname);
        const text = await expectAnswer(response, expectedForList(name, searchParams));
        if (response.status === 200) expect(JSON.parse(text)).toMatchObject({ items: expect.any(Array) });
      }),
      { numRuns, examples: listExamples },
    );
  });

  it('answers GET /api/admin/:collection.csv with a file, or 404 or 422 as the collections and the query schema say', async () => {
    await fc.assert(
      fc.asyncProperty(collectionName, queryParts(listParameter), async (name, parts) => {
        const pathname = `/api/admin/${name}.csv${queryText(parts)}`;
        const { searchParams } = new URL(pathname, siteOrigin);
        const expected = expectedForList(name, searchParams);
        const response = await send(csvFunction, pathname);
        if (expected !== 200) {
          await expectAnswer(response, expected);
          return;
        }
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        // The header row is enough; the rest would stream every matching row of a shared database.
        await response.body?.cancel();
      }),
      { numRuns, examples: listExamples },
    );
  });

  it('answers GET /api/admin/summary with the counts whatever the query string, which it does not read', async () => {
    await fc.assert(
      fc.asyncProperty(queryParts(listParameter), async (parts) => {
        const response = await send(summaryFunction, `/api/admin/summary${queryText(parts)}`);
        expect(JSON.parse(await expectAnswer(response, 200))).toMatchObject({
          collections: expect.any(Array),
        });
      }),
      { numRuns: propertyRuns(20) },
    );
  });
});

/** Ids as a URL segment: real ones (in any letter case), unknown uuids, and anything else. */
const idSegment = fc.oneof(
  fc.constantFrom(0, 1).map((index) => ({ real: index })),
  fc.uuid().map((id) => ({ text: id })),
  fc
    .oneof(
      fc.constantFrom(
        '00000000-0000-0000-0000-00000000000g',
        '{00000000-0000-0000-0000-000000000000}',
        '00000000000000000000000000000000',
        '%2000000000-0000-0000-0000-000000000000',
        '%00',
        '%FF',
        'null',
        'undefined',
        '1',
        '-1',
      ),
      fc.uuid().map((id) => `${id}x`),
      fc.stringMatching(/^[A-Za-z0-9_~-]{1,60}$/),
    )
    .map((id) => ({ text: id })),
);
type IdSegment = { real: number } | { text: string };

/** The segment's text, and the row it names when it is a real id under the collection it belongs to. */
function resolveId(collection: string, segment: IdSegment, upperCase: boolean) {
  if ('text' in segment) return { text: segment.text, row: undefined };
  const row = realRows[segment.real] as { collection: string; id: string };
  const text = upperCase ? row.id.toUpperCase() : row.id;
  return { text, row: row.collection === collection ? row : undefined, id: row.id };
}

describe('bad paths to the dashboard rows (property-based)', () => {
  it('answers GET /api/admin/:collection/:id with the row only for a real id in its own list, else 404', async () => {
    await fc.assert(
      fc.asyncProperty(collectionName, idSegment, fc.boolean(), async (collection, segment, upperCase) => {
        const { text, row } = resolveId(collection, segment, upperCase);
        const response = await send(itemFunction, `/api/admin/${collection}/${text}`);
        const answer = await expectAnswer(response, row ? 200 : 404);
        if (row) expect(JSON.parse(answer)).toMatchObject({ item: { id: row.id } });
      }),
      { numRuns },
    );
  });

  it('refuses DELETE, restore and PATCH on any other path with 404 (405 where a list has no status), changing nothing', async () => {
    const action = fc.constantFrom('DELETE', 'restore', 'PATCH');
    await fc.assert(
      fc.asyncProperty(
        collectionName,
        idSegment,
        fc.boolean(),
        action,
        async (collection, segment, upperCase, act) => {
          const { text, row, id } = resolveId(collection, segment, upperCase);
          // A real id in its own list would be changed for real; that is the other tests' business.
          fc.pre(row === undefined);
          const before = id ? await stateOf(id) : undefined;
          const pathname = `/api/admin/${collection}/${text}`;
          const response =
            act === 'restore'
              ? await send(restoreFunction, `${pathname}/restore`, { method: 'POST' })
              : await send(itemFunction, pathname, {
                  method: act,
                  // A move the list's contract accepts, so what is judged is the path, not the body.
                  ...(act === 'PATCH'
                    ? jsonBody(
                        collection === 'buyer-enquiries' ? '{"stage":"lost"}' : '{"status":"declined"}',
                      )
                    : {}),
                });
          const known = findCollection(collection);
          // Only a list whose rows have a status or stage (booking requests, buyers' enquiries) takes a PATCH.
          const expected = act === 'PATCH' && known && !known.readStatusMove ? 405 : 404;
          await expectAnswer(response, expected);
          if (id) expect(await stateOf(id)).toEqual(before);
        },
      ),
      { numRuns },
    );
  });
});

type RowState = Awaited<ReturnType<typeof stateOf>>;

/**
 * Each generated body goes to a fresh new booking request. An accepted move (new → confirmed or
 * declined) changes the status and adds one audit entry; new → cancelled is refused with 409; a
 * refusal leaves the status and the audit log as they were.
 */
describeBadInput({
  name: 'PATCH /api/admin/booking-requests/:id',
  schema: bookingStatusChangeSchema,
  variants: fc.constantFrom('confirmed', 'declined', 'cancelled'),
  validBody: (_id, status: string) => ({ status }),
  prepare: insertBookingRequest,
  send: (request, id) =>
    send(itemFunction, `/api/admin/booking-requests/${id}`, { method: 'PATCH', ...request }),
  observe: stateOf,
  accepted: (input) => {
    const { status } = input as { status: string };
    if (status === 'cancelled') return { status: 409 };
    return {
      status: 200,
      changes: (before: RowState) => before && { ...before, status, entries: before.entries + 1 },
    };
  },
  runs: numRuns,
  sendsForms: false,
  minChanges: 0,
});

describe('the dashboard API refuses other methods and callers (property-based)', () => {
  const routes: { fn: NetlifyFunction; pathname: () => string; allow: string }[] = [
    { fn: summaryFunction, pathname: () => '/api/admin/summary', allow: 'GET' },
    { fn: listFunction, pathname: () => '/api/admin/contact-messages', allow: 'GET' },
    { fn: csvFunction, pathname: () => '/api/admin/contact-messages.csv', allow: 'GET' },
    {
      fn: itemFunction,
      pathname: () => `/api/admin/booking-requests/${realRows[0]?.id}`,
      allow: 'GET, PATCH, DELETE',
    },
    {
      fn: restoreFunction,
      pathname: () => `/api/admin/booking-requests/${realRows[0]?.id}/restore`,
      allow: 'POST',
    },
  ];

  it('answers another method with 405 and Allow, and a caller who is no admin with 401 or 403', async () => {
    type Attempt = { method?: string; caller: 'admin' | 'guest' | { cookie: string } };
    const attempt = fc.constantFrom(...routes).chain((route) =>
      fc.tuple(
        fc.constant(route),
        fc.oneof(
          otherMethod(route.allow.split(', ')).map((method): Attempt => ({ method, caller: 'admin' })),
          notASessionCookie.map((cookie): Attempt => ({ caller: { cookie } })),
          fc.constant<Attempt>({ caller: 'guest' }),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(attempt, async ([route, { method, caller }]) => {
        const id = realRows[0]?.id as string;
        const before = await stateOf(id);
        const cookie = caller === 'admin' ? admin.cookie : caller === 'guest' ? guestCookie : caller.cookie;
        // Without a method of its own, the route's first: one an admin would be served.
        const sent = method ?? route.allow.split(', ')[0];
        const response = await send(route.fn, route.pathname(), { method: sent }, cookie);
        const expected = caller === 'admin' ? 405 : caller === 'guest' ? 403 : 401;
        await expectAnswer(response, expected);
        if (expected === 405) expect(response.headers.get('allow')).toBe(route.allow);
        expect(await stateOf(id)).toEqual(before);
      }),
      { numRuns },
    );
  });
});
