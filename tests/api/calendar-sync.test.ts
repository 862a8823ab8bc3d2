import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import * as adminCalendarFeed from '../../netlify/functions/admin-calendar-feed.mts';
import * as adminCalendarFeeds from '../../netlify/functions/admin-calendar-feeds.mts';
import * as adminCalendarImport from '../../netlify/functions/admin-calendar-import.mts';
import * as adminCalendarLink from '../../netlify/functions/admin-calendar-link.mts';
import * as adminCalendars from '../../netlify/functions/admin-calendars.mts';
import * as adminItem from '../../netlify/functions/admin-collection-item.mts';
import * as availability from '../../netlify/functions/availability.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import * as icalFeed from '../../netlify/functions/ical-feed.mts';
import search from '../../netlify/functions/search.mts';
import type { CalendarOverview } from '../../src/features/calendar-sync/calendar-sync-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import {
  claimDueFeed,
  importQueueCutoff,
  listMonthBlocks,
} from '../../src/server/calendar-sync/calendar-sync-repository.ts';
import { importAllFeeds, importDueFeeds } from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { defaultFeedFetchLimits, type FeedFetchLimits } from '../../src/server/calendar-sync/feed-fetch.ts';
import { feedWindow } from '../../src/server/calendar-sync/ical-format.ts';
import { serviceRole, withCaller } from '../../src/server/db/database.ts';
import { asClient, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * iCal both ways: the feed each property publishes, other platforms' feeds imported as blocks (served
 * here by a local node:http server), and a block refused everywhere a confirmed stay is.
 */

// Kovalam Samudra Villa (£2,900 a week): other files book it only within 570 days of today, so the
// stretch from day 600 on is this file's.
const property = 'kovalam-samudra-villa';
const propertyName = 'Kovalam Samudra Villa';
const today = todayInKerala();
const day = (n: number) => addDays(today, 600 + n);

process.env.CALENDAR_FEEDS_ALLOW_LOOPBACK = '1';
const testLimits: FeedFetchLimits = {
  ...defaultFeedFetchLimits,
  timeoutMs: 1500,
  maxBytes: 64 * 1024,
  allowLoopback: true,
};

/** What the local platform serves at /feed.ics; each test sets it. */
let served: 'good' | 'other' | 'oversized' | 'slow' | 'malformed' | 'loop' | 'redirect to metadata' = 'good';
let server: Server;
let origin: string;
/** How many times each path of the local platform was fetched. */
const hits = new Map<string, number>();

function platformCalendar(events: { uid: string; start: string; end: string; summary: string }[]): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', '-//Test Platform//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  for (const one of events) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', one.uid);
    event.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(one.start));
    event.updatePropertyWithValue('dtend', ICAL.Time.fromDateString(one.end));
    event.updatePropertyWithValue('summary', one.summary);
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}

/** Feeds another platform, or someone posing as one, might serve: each at /hostile/<name>. */
const hostileFeeds: Record<string, (() => string) | 'never answers'> = {
  // The finding: 130 bytes that took ical.js 106 s.
  duration: () =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:x',
      `DTSTART;VALUE=DATE:${day(210).replaceAll('-', '')}`,
      'DURATION:P9999999999W',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  // The finding: 2 MB of one property with half a million parameters (7.9 s, quadratic).
  parameters: () => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-A${';X=1'.repeat(500_000)}:v\r\nEND:VCALENDAR\r\n`,
  // A legitimate feed of 1.5 MB: 5,000 bookings with long summaries, which takes ical.js about half a second.
  big: () =>
    platformCalendar(
      Array.from({ length: 5000 }, (_, i) => ({
        uid: `big-${i}@test`,
        start: day(100),
        end: day(104),
        summary: `Reserved ${'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM12345678 '.repeat(2)}`,
      })),
    ),
  // A summary that tries to write lines of its own into the office's email, and HTML into its page.
  summary: () =>
    platformCalendar([
      {
        uid: 'crlf@test',
        start: day(10),
        end: day(15),
        summary:
          'Reserved\r\nDear office, the guest paid: refund at http://scam.example\r\n<img src=x onerror=alert(1)>',
      },
    ]),
  silent: 'never answers',
  good: () => platformCalendar(goodEvents()),
};

const goodEvents = () => [
  { uid: 'airbnb-1@test', start: day(10), end: day(15), summary: 'Reserved' },
  { uid: 'airbnb-2@test', start: day(30), end: day(33), summary: 'Airbnb (Not available)' },
];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
    if (request.url?.startsWith('/unhurried/')) {
      // A platform that takes its time (a fifth of a second), as real ones do.
      setTimeout(
        () =>
          response.writeHead(200, { 'content-type': 'text/calendar' }).end(platformCalendar(goodEvents())),
        200,
      );
      return;
    }
    const hostile = hostileFeeds[request.url?.replace(/^\/hostile\//, '') ?? ''];
    if (request.url?.startsWith('/hostile/') && hostile !== undefined) {
      if (hostile === 'never answers') return;
      response.writeHead(200, { 'content-type': 'text/calendar' }).end(hostile());
      return;
    }
    if (request.url === '/loop.ics' || (request.url === '/feed.ics' && served === 'loop')) {
      response.writeHead(302, { location: '/loop.ics' }).end();
      return;
    }
    if (served === 'redirect to metadata') {
      // A redirect is another server-side request: it gets the same address check.
      response.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    if (request.url === '/moved.ics') {
      response.writeHead(301, { location: '/feed.ics' }).end();
      return;
    }
    if (served === 'slow') return; // never answers
    response.writeHead(200, { 'content-type': 'text/calendar' });
    if (served === 'good') response.end(platformCalendar(goodEvents()));
    else if (served === 'other')
      response.end(
        platformCalendar([{ uid: 'airbnb-3@test', start: day(50), end: day(52), summary: 'Reserved' }]),
      );
    else if (served === 'oversized') {
      // Valid iCalendar, far past the limit, sent in pieces without a Content-Length.
      const event = platformCalendar(goodEvents());
      for (let i = 0; i < 200; i += 1) response.write(`X-PADDING:${'x'.repeat(1000)}\r\n`);
      response.end(event);
    } else
      response.end(
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2099\r\nthis is not ical',
      );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

let admin: Admin;
beforeAll(async () => {
  admin = await signedInAdmin();
});

beforeEach(async () => {
  served = 'good';
  await ownerQuery('delete from property_calendar_feeds where property = $1', [property]);
  await ownerQuery(`delete from booking_requests where property = $1 and arrival >= $2::date`, [
    property,
    day(0),
  ]);
});

const call = (fn: Parameters<typeof invoke>[0], method: string, path: string, body?: unknown) =>
  invoke(fn, adminRequest(method, path, { cookie: admin.cookie, body }));

async function addFeed(url: string, label = 'Airbnb'): Promise<string> {
  const response = await call(adminCalendarFeeds, 'POST', `/api/admin-calendars/${property}/feeds`, {
    label,
    url,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function overview() {
  const response = await call(adminCalendars, 'GET', '/api/admin-calendars');
  expect(response.status).toBe(200);
  const answer = (await response.json()) as CalendarOverview;
  return answer.properties.find((one) => one.property === property) as CalendarOverview['properties'][number];
}

async function blocksOf(feedId: string) {
  return ownerQuery<{ stay: string; uid: string }>(
    `select stay::text, uid from property_blocks where feed_id = $1 order by lower(stay)`,
    [feedId],
  );
}

/** A request of the villa for arrival–departure, stored as the owner, in `status`. */
async function seedStay(
  arrival: string,
  departure: string,
  status = 'new',
): Promise<{ id: string; reference: string }> {
  const quote = quoteStay({ weeklyRatePence: 290_000, arrival, departure, guests: 3, today: arrival });
  const row = await insertBooking(ownerQuery, {
    name: 'Priya Secretname',
    email: 'priya.secret@example.com',
    phone: '+91 98470 55555',
    city: 'Thrissur',
    property,
    arrival,
    departure,
    guests: 3,
    ...quote,
  });
  if (status !== 'new')
    await ownerQuery('update booking_requests set status = $2 where id = $1', [row.id, status]);
  return row;
}

describe("the property's own feed", () => {
  async function rotate(): Promise<string> {
    const response = await call(adminCalendarLink, 'POST', `/api/admin-calendars/${property}/link`);
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const token = /\/ical\/([A-Za-z0-9_-]+)\.ics$/.exec(url)?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    return token as string;
  }
  const fetchFeed = (token: string) =>
    invoke(icalFeed, new Request(new URL(`/ical/${token}.ics`, siteOrigin)));

  it('lists confirmed stays and running holds by reference and blocks as all-day events, and nothing personal', async () => {
    const confirmed = await seedStay(day(100), day(107), 'confirmed');
    await seedStay(day(120), day(127)); // new: not in the feed
    // An instant booking's hold while the guest pays, and one whose 30 minutes ran out.
    const held = await insertBooking(ownerQuery, {
      property,
      arrival: day(140),
      departure: day(144),
      status: 'held',
    });
    await insertBooking(ownerQuery, {
      property,
      arrival: day(150),
      departure: day(154),
      status: 'held',
      heldUntil: new Date(Date.now() - 60_000).toISOString(),
    });
    const feedId = await addFeed(`${origin}/feed.ics`);
    await importAllFeeds(testLimits);
    const token = await rotate();

    const response = await fetchFeed(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).not.toMatch(/Priya|Secretname|priya\.secret|98470|Thrissur/);

    const calendar = new ICAL.Component(ICAL.parse(text) as never);
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const read = events.map((event) => ({
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
      summary: event.summary,
    }));
    expect(read).toEqual([
      { start: day(10), end: day(15), allDay: true, summary: 'Not available' },
      { start: day(30), end: day(33), allDay: true, summary: 'Not available' },
      { start: day(100), end: day(107), allDay: true, summary: `Booked (${confirmed.reference})` },
      {
        start: day(140),
        end: day(144),
        allDay: true,
        summary: `On hold while the guest pays (${held.reference})`,
      },
    ]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(4);
    expect(await blocksOf(feedId)).toHaveLength(2);

    // A UID names no row of ours: neither the booking's id nor a block's, in any spelling.
    const blockIds = await ownerQuery<{ id: string }>('select id from property_blocks where feed_id = $1', [
      feedId,
    ]);
    for (const id of [confirmed.id, ...blockIds.map((one) => one.id)]) {
      expect(text.toLowerCase()).not.toContain(id.toLowerCase());
      expect(text.toLowerCase()).not.toContain(id.replaceAll('-', '').toLowerCase());
    }
    // And it stays the same on every export, and after the link is rotated, so platforms see one event.
    const uids = events.map((event) => event.uid).sort();
    const again = await (await fetchFeed(token)).text();
    const rotated = await (await fetchFeed(await rotate())).text();
    for (const later of [again, rotated]) {
      const calendarAgain = new ICAL.Component(ICAL.parse(later) as never);
      expect(
        calendarAgain
          .getAllSubcomponents('vevent')
          .map((component) => new ICAL.Event(component).uid)
          .sort(),
      ).toEqual(uids);
    }
  });

  it('answers 404 to an unknown token, and to the old token once the link is rotated', async () => {
    expect((await fetchFeed('A'.repeat(43))).status).toBe(404);
    expect((await fetchFeed('short')).status).toBe(404);
    const first = await rotate();
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await rotate();
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const [stored] = await ownerQuery<{ hex: string }>(
      `select encode(token_sha256, 'hex') as hex from property_calendar_links where property = $1`,
      [property],
    );
    expect(stored?.hex).not.toContain(Buffer.from(second).toString('hex'));
    expect((await overview()).linkCreatedAt).not.toBeNull();
  });
});

describe('importing other platforms’ feeds', () => {
  it('imports a good feed as blocks, shows them by label with the time of the sync', async () => {
    const feedId = await addFeed(`${origin}/feed.ics`);
    const response = await call(adminCalendarImport, 'POST', `/api/admin-calendars/${property}/import`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      imports: [{ feedId, label: 'Airbnb', ok: true, blocks: 2, error: null }],
    });
    const shown = await overview();
    expect(shown.feeds).toEqual([
      expect.objectContaining({
        id: feedId,
        label: 'Airbnb',
        lastError: null,
        blockCount: 2,
        lastSyncedAt: expect.any(String),
      }),
    ]);
    expect(shown.blocks.map(({ start, end, label }) => ({ start, end, label }))).toEqual([
      { start: day(10), end: day(15), label: 'Airbnb' },
      { start: day(30), end: day(33), label: 'Airbnb' },
    ]);
    // The month function for the dashboard's occupancy calendar.
    const month = day(10).slice(0, 7);
    const byProperty = await withCaller(serviceRole, (tx) => listMonthBlocks(tx, month));
    expect(
      byProperty.get(property)?.some((block) => block.start === day(10) && block.label === 'Airbnb'),
    ).toBe(true);
  });

  it('replaces a feed’s blocks with what the feed says now, and removing the feed removes them', async () => {
    const feedId = await addFeed(`${origin}/moved.ics`); // one redirect is followed
    await importAllFeeds(testLimits);
    expect(await blocksOf(feedId)).toHaveLength(2);
    served = 'other';
    await importAllFeeds(testLimits);
    expect(await blocksOf(feedId)).toEqual([{ stay: `[${day(50)},${day(52)})`, uid: 'airbnb-3@test' }]);
    const removed = await call(
      adminCalendarFeed,
      'DELETE',
      `/api/admin-calendars/${property}/feeds/${feedId}`,
    );
    expect(removed.status).toBe(200);
    expect(await blocksOf(feedId)).toEqual([]);
  });

  it.each([
    ['oversized', /larger than/],
    ['slow', /No calendar came back from that link/],
    ['malformed', /iCalendar|cannot be read|DTSTART|invalid/i],
    ['loop', /redirects/],
    ['redirect to metadata', /private network/],
  ] as const)('refuses a %s feed and keeps the blocks it had', async (kind, reason) => {
    const feedId = await addFeed(`${origin}/feed.ics`);
    await importAllFeeds(testLimits);
    const before = await blocksOf(feedId);
    expect(before).toHaveLength(2);
    served = kind;
    const [result] = (await importAllFeeds(testLimits)).filter((one) => one.feedId === feedId);
    expect(result).toMatchObject({ ok: false, blocks: 2 });
    expect(result?.error).toMatch(reason);
    expect(await blocksOf(feedId)).toEqual(before);
    const [feed] = (await overview()).feeds;
    expect(feed?.lastError).toMatch(reason);
    expect(feed?.lastSyncedAt).not.toBeNull();
    expect(Date.parse(feed?.lastTriedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(feed?.lastSyncedAt ?? ''));
  });

  it('refuses a feed on a private address when adding it and when fetching it', async () => {
    for (const url of [
      'https://10.0.0.8/calendar.ics',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/x.ics',
      'http://calendar.example.com/x.ics',
      'https://192.168.1.1/x.ics',
      'ftp://calendar.example.com/x.ics',
    ]) {
      const response = await call(adminCalendarFeeds, 'POST', `/api/admin-calendars/${property}/feeds`, {
        label: 'Airbnb',
        url,
      });
      expect(response.status, url).toBe(422);
      expect(
        ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.url,
      ).toEqual(expect.any(String));
    }
    // Stored some other way, and loopback not allowed in production: the fetch itself refuses.
    const feedId = await addFeed(`${origin}/feed.ics`);
    await importAllFeeds(testLimits);
    const [result] = (await importAllFeeds({ ...testLimits, allowLoopback: false })).filter(
      (one) => one.feedId === feedId,
    );
    expect(result?.ok).toBe(false);
    expect(await blocksOf(feedId)).toHaveLength(2);
  });

  it('answers bad input field by field, never 500', async () => {
    const post = (body: unknown, slug = property) =>
      call(adminCalendarFeeds, 'POST', `/api/admin-calendars/${slug}/feeds`, body);
    const missing = await post({ url: `${origin}/feed.ics` });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { error: { fields: object } }).error.fields).toHaveProperty('label');
    expect((await post({ label: 'Airbnb', url: 'not a url' })).status).toBe(422);
    expect((await post({ label: 'x'.repeat(61), url: `${origin}/feed.ics` })).status).toBe(422);
    // The label is one line: it is read out as "Blocked by …" and would split a calendar's line.
    const pasted = await post({ label: 'Airbnb\r\nSUMMARY:Free', url: `${origin}/other.ics` });
    expect(pasted.status).toBe(422);
    expect(((await pasted.json()) as { error: { fields: object } }).error.fields).toEqual({
      label: 'Write the platform’s name on one line',
    });
    expect((await post({ label: 'Airbnb', url: `${origin}/feed.ics` }, 'no-such-villa')).status).toBe(404);
    await addFeed(`${origin}/feed.ics`);
    const twice = await post({ label: 'Airbnb', url: `${origin}/feed.ics` });
    expect(twice.status).toBe(409);
    const unknown = await call(
      adminCalendarFeed,
      'DELETE',
      `/api/admin-calendars/${property}/feeds/${crypto.randomUUID()}`,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the import queue, worked by runs every few minutes', () => {
  const paths = (count: number, prefix = 'queue') =>
    Array.from({ length: count }, (_, n) => `/${prefix}/${crypto.randomUUID()}-${n}.ics`);
  const ours = (imports: { feedId: string }[], ids: string[]) =>
    imports.filter((one) => ids.includes(one.feedId)).map((one) => one.feedId);

  it('takes each due feed once however many runs meet, and a feed imported this hour waits for its next', async () => {
    const feedPaths = paths(6);
    const ids: string[] = [];
    for (const [n, path] of feedPaths.entries()) ids.push(await addFeed(`${origin}${path}`, `Platform ${n}`));

    const [first, second] = await Promise.all([importDueFeeds(testLimits), importDueFeeds(testLimits)]);
    const taken = [...ours(first.imports, ids), ...ours(second.imports, ids)];
    expect(taken.toSorted()).toEqual(ids.toSorted());
    expect(feedPaths.map((path) => hits.get(path))).toEqual([1, 1, 1, 1, 1, 1]);

    const next = await importDueFeeds(testLimits);
    expect(ours(next.imports, ids)).toEqual([]);
    expect(feedPaths.map((path) => hits.get(path))).toEqual([1, 1, 1, 1, 1, 1]);

    // An hour later (as the rows tell it), every one is due again.
    await ownerQuery(
      `update property_calendar_feeds set last_tried_at = last_tried_at - interval '56 minutes' where property = $1`,
      [property],
    );
    expect(ours((await importDueFeeds(testLimits)).imports, ids).toSorted()).toEqual(ids.toSorted());
    // "Now", whether due or not: `npm run calendars:import`.
    expect(ours(await importAllFeeds(testLimits), ids).toSorted()).toEqual(ids.toSorted());
    expect(feedPaths.map((path) => hits.get(path))).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('starts no feed after its time, leaves the rest due, and the next run takes them, none twice', async () => {
    const feedPaths = paths(6, 'unhurried');
    const ids: string[] = [];
    for (const [n, path] of feedPaths.entries()) ids.push(await addFeed(`${origin}${path}`, `Slow ${n}`));

    const short = await importDueFeeds({ ...testLimits, concurrency: 1, startWithinMs: 300 });
    const firstTaken = ours(short.imports, ids);
    expect(firstTaken.length).toBeGreaterThan(0);
    expect(firstTaken.length).toBeLessThan(ids.length);
    expect(short.stillDue).toBeGreaterThanOrEqual(ids.length - firstTaken.length);

    const rest = ours((await importDueFeeds(testLimits)).imports, ids);
    expect(rest.toSorted()).toEqual(ids.filter((id) => !firstTaken.includes(id)).toSorted());
    expect(feedPaths.map((path) => hits.get(path))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('takes the never-tried first, then the least recently tried, and those that failed last time last', async () => {
    const [failed, synced, fresh, left] = await Promise.all(
      ['Failed', 'Synced', 'New', 'Left out'].map((label, n) => addFeed(`${origin}/order/${n}.ics`, label)),
    );
    const set = (id: string | undefined, hoursAgo: number, error: string | null) =>
      ownerQuery(
        `update property_calendar_feeds set last_tried_at = now() - make_interval(hours => $2), last_error = $3
         where id = $1`,
        [id, hoursAgo, error],
      );
    await set(failed, 5, 'No calendar came back from that link');
    await set(synced, 1, null);
    await set(left, 2, null);
    const run = await importDueFeeds({ ...testLimits, concurrency: 1 });
    expect(ours(run.imports, [failed, synced, fresh, left] as string[])).toEqual([
      fresh,
      left,
      synced,
      failed,
    ]);
  });

  it('gives back the feed of a run that died once its claim has lapsed', async () => {
    const [path] = paths(1);
    const id = await addFeed(`${origin}${path}`, 'Claimed');
    // A run claims the feed for a second and dies before importing it.
    await withCaller(serviceRole, async (tx) => {
      const cutoff = await importQueueCutoff(tx, 0);
      expect((await claimDueFeed(tx, { cutoff, property }, 1))?.id).toBe(id);
    });
    expect(ours((await importDueFeeds(testLimits)).imports, [id])).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(ours((await importDueFeeds(testLimits)).imports, [id])).toEqual([id]);
    expect(hits.get(path as string)).toBe(1);
  });
});

describe('a hostile feed', () => {
  // The limits of production, with loopback allowed; each test names what it changes.
  const hostileLimits: FeedFetchLimits = { ...defaultFeedFetchLimits, allowLoopback: true };
  const hostile = (name: string) => `${origin}/hostile/${name}`;

  async function feedRow(feedId: string) {
    const [row] = await ownerQuery<{
      last_error: string | null;
      last_warning: string | null;
      synced: boolean;
    }>(
      `select last_error, last_warning, last_synced_at is not null as synced from property_calendar_feeds where id = $1`,
      [feedId],
    );
    return row;
  }

  it('reads 130 bytes with a 9,999,999,999-week event at once, cut at the last night a stay can take, and says so on its row', async () => {
    const hostileId = await addFeed(hostile('duration'), 'Hostile');
    const goodId = await addFeed(hostile('good'), 'Booking.com');
    const started = Date.now();
    const imports = (await importAllFeeds(hostileLimits)).filter((one) =>
      [hostileId, goodId].includes(one.feedId),
    );
    // Far within the deadlines it is given (fetch 10 s, read 5 s); before, ical.js took 106 s.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(imports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ feedId: hostileId, ok: true, blocks: 1 }),
        expect.objectContaining({ feedId: goodId, ok: true, blocks: 2 }),
      ]),
    );
    const { until } = feedWindow(today);
    expect(await blocksOf(hostileId)).toEqual([{ stay: `[${day(210)},${until})`, uid: 'x' }]);
    const row = (await overview()).feeds.find((feed) => feed.id === hostileId);
    expect(row?.lastError).toBeNull();
    expect(row?.lastWarning).toMatch(
      /^1 event ran past .+, the last night a stay can take, and was cut there\.$/,
    );
    expect((await overview()).feeds.find((feed) => feed.id === goodId)?.lastWarning).toBeNull();
  });

  it('refuses 2 MB of one property with half a million parameters before ical.js reads it, and the next feed syncs', async () => {
    const hostileId = await addFeed(hostile('parameters'), 'Hostile');
    const goodId = await addFeed(hostile('good'), 'Booking.com');
    const imports = await importAllFeeds(hostileLimits);
    expect(imports.find((one) => one.feedId === hostileId)).toMatchObject({
      ok: false,
      error: 'A line of the calendar is longer than 20000 characters',
    });
    expect(imports.find((one) => one.feedId === goodId)).toMatchObject({ ok: true, blocks: 2 });
    expect(await feedRow(hostileId)).toMatchObject({
      last_error: 'A line of the calendar is longer than 20000 characters',
      synced: false,
    });
  });

  it('stops reading a feed past its processor time, in a worker thread, and the feeds after it still sync', async () => {
    const slowId = await addFeed(hostile('big'), 'Hostile');
    const goodId = await addFeed(hostile('good'), 'Booking.com');
    // 20 ms of processor time: the big feed takes ical.js 75–500 ms of a core (a quiet 2-core machine of
    // today and one of last month), so it never finishes inside it; the good feed is a few
    // milliseconds of work. A wall-clock deadline cannot tell them apart on every machine: the reader
    // runs at the lowest priority, so at load the good feed waited past 100 ms, and on a fast quiet
    // machine the big one finished inside 300 ms.
    const imports = await importAllFeeds({ ...hostileLimits, readCpuMs: 20 });
    expect(imports.find((one) => one.feedId === slowId)).toMatchObject({
      ok: false,
      error:
        'Reading the calendar took more than 20 ms of processor time, so it was stopped; the blocks it had are kept',
    });
    expect(imports.find((one) => one.feedId === goodId)).toMatchObject({ ok: true, blocks: 2 });
    expect((await overview()).feeds.find((feed) => feed.id === slowId)?.lastError).toMatch(
      /took more than 20 ms of processor time/,
    );
    // Given the time, the same feed is read whole: the allowance stopped it, not the feed's shape. The
    // deadline is a minute, not the real 5 s: the reader runs at the lowest CPU priority, so on a loaded
    // machine its 5,000 events can take longer than 5 s, and that is not what is tested here.
    const [again] = (
      await importAllFeeds({ ...hostileLimits, readTimeoutMs: 60_000, readCpuMs: 60_000 })
    ).filter((one) => one.feedId === slowId);
    expect(again).toMatchObject({ ok: true, blocks: 5000 });
  });

  it('lets the feeds beside one that never answers sync while it waits out its own deadline', async () => {
    const silentId = await addFeed(hostile('silent'), 'Hostile');
    const goodId = await addFeed(hostile('good'), 'Booking.com');
    const importing = importAllFeeds({ ...hostileLimits, timeoutMs: 8000 });
    let goodSynced = false;
    while (!goodSynced) {
      const row = await feedRow(goodId);
      goodSynced = row?.synced ?? false;
      // Each poll checks the silent feed is still being waited for: the good one did not queue behind it.
      expect((await feedRow(silentId))?.last_error).toBeNull();
      if (!goodSynced) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const imports = await importing;
    expect(imports.find((one) => one.feedId === silentId)).toMatchObject({
      ok: false,
      error: 'No calendar came back from that link: check the link on the platform, then try again',
    });
  });

  it('keeps line breaks and HTML of a summary out of the office’s email and page: one plain line, quoted', async () => {
    const stay = await seedStay(day(9), day(14), 'confirmed');
    const feedId = await addFeed(hostile('summary'));
    await importAllFeeds(hostileLimits);
    const [block] = (await overview()).blocks.filter((one) => one.start === day(10));
    expect(block?.summary).toBe(
      'Reserved Dear office, the guest paid: refund at http://scam.example <img src=x onerror=alert(1)>',
    );
    const [alert] = await ownerQuery<{ subject: string; body: string }>(
      `select subject, body from email_outbox where kind = 'calendar_conflict_alert' and booking_request_id = $1`,
      [stay.id],
    );
    const lines = alert?.body.split('\n') ?? [];
    expect(lines.filter((line) => /Dear office|scam\.example/.test(line))).toEqual([
      'Airbnb calls it: “Reserved Dear office, the guest paid: refund at http://scam.example <img src=x onerror=alert(1)>”',
    ]);
    expect(alert?.subject).not.toMatch(/scam|Dear/);
    expect(await blocksOf(feedId)).toHaveLength(1);
  });
});

describe('a block is refused wherever a confirmed stay is', () => {
  beforeEach(async () => {
    await addFeed(`${origin}/feed.ics`);
    await importAllFeeds(testLimits);
  });

  it('refuses to confirm a request over a block: 409 from the database constraint', async () => {
    const request = await seedStay(day(12), day(19));
    const response = await call(adminItem, 'PATCH', `/api/admin/booking-requests/${request.id}`, {
      status: 'confirmed',
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /blocked by Airbnb/,
    );
    const [row] = await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [
      request.id,
    ]);
    expect(row?.status).toBe('new');
    // Not the API's check: the database itself refuses, whoever asks.
    await expect(
      ownerQuery(`update booking_requests set status = 'confirmed' where id = $1`, [request.id]),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'booking_requests_confirmed_stays_avoid_blocks' });
    // Next to it (leaving on the block's first night) is fine.
    const before = await seedStay(day(5), day(10));
    const ok = await call(adminItem, 'PATCH', `/api/admin/booking-requests/${before.id}`, {
      status: 'confirmed',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a booking request over a block with a field message, and shows the nights as taken', async () => {
    const guest = await signedInGuest();
    const response = await sendBookingRequest(
      jsonPost(
        '/api/booking-requests',
        {
          property,
          arrival: day(28),
          departure: day(35),
          guests: 4,
          name: guest.name,
          email: guest.email,
          phone: '+91 98470 12345',
          city: 'Kochi',
        },
        { cookie: guest.cookie },
      ),
      asClient(),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: `Those dates are already taken at ${propertyName}. Please choose other dates.`,
        fields: { arrival: 'These dates are already booked' },
      },
    });
    const taken = await invoke(
      availability,
      new Request(new URL(`/api/availability?property=${property}`, siteOrigin)),
    );
    expect(((await taken.json()) as { confirmed: object[] }).confirmed).toEqual(
      expect.arrayContaining([
        { arrival: day(10), departure: day(15) },
        { arrival: day(30), departure: day(33) },
      ]),
    );
  });

  it('leaves a blocked property out of a search for those nights', async () => {
    const ask = async (arrival: string, departure: string) => {
      const response = await search(
        new Request(
          new URL(`/api/search?${new URLSearchParams({ arrival, departure, guests: '4' })}`, siteOrigin),
        ),
        asClient(),
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { free: { slug: string }[]; unavailable: { slug: string }[] };
    };
    const blocked = await ask(day(11), day(18));
    expect(blocked.free.map((one) => one.slug)).not.toContain(property);
    expect(blocked.unavailable.map((one) => one.slug)).toContain(property);
    const open = await ask(day(15), day(22));
    expect(open.free.map((one) => one.slug)).toContain(property);
  });
});

describe('a block that lands on a stay confirmed here', () => {
  it('is kept, shown as a conflict, and the office is emailed once', async () => {
    const stay = await seedStay(day(9), day(14), 'confirmed');
    const feedId = await addFeed(`${origin}/feed.ics`);
    await importAllFeeds(testLimits);
    await importAllFeeds(testLimits);
    expect(await blocksOf(feedId)).toHaveLength(2);
    const [block] = (await overview()).blocks;
    expect(block).toMatchObject({ start: day(10), conflicts: [stay.reference] });
    const alerts = await ownerQuery<{ subject: string }>(
      `select subject from email_outbox where kind = 'calendar_conflict_alert' and booking_request_id = $1`,
      [stay.id],
    );
    expect(alerts).toEqual([
      { subject: expect.stringContaining(`Double booking: Airbnb blocks ${day(10)}`) },
    ]);
    // The stay confirmed before the block arrived can still be cancelled.
    const cancelled = await call(adminItem, 'PATCH', `/api/admin/booking-requests/${stay.id}`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
  });
});

describe('confirmations and imports of one property take turns', () => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    return client;
  };

  it('a confirmation waiting on an import in flight sees its block and is refused', async () => {
    const feedId = await addFeed(`${origin}/feed.ics`);
    const request = await seedStay(day(200), day(205));
    const [importer, office] = [await connect(), await connect()];
    try {
      await importer.query('begin');
      await importer.query(
        `insert into property_blocks (property, stay, feed_id, uid) values ($1, daterange($2::date, $3::date), $4, 'race')`,
        [property, day(202), day(204), feedId],
      );
      await office.query('begin');
      const confirming = office.query(`update booking_requests set status = 'confirmed' where id = $1`, [
        request.id,
      ]);
      const outcome = confirming.then(
        () => 'confirmed',
        (error: { code?: string; constraint?: string }) => `${error.code} ${error.constraint}`,
      );
      // Without the shared lock the update would have read its snapshot and confirmed at once.
      const early = await Promise.race([
        outcome,
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      expect(early).toBe('waiting');
      await importer.query('commit');
      expect(await outcome).toBe('23P01 booking_requests_confirmed_stays_avoid_blocks');
      await office.query('rollback');
    } finally {
      await importer.end();
      await office.end();
    }
  });

  it('an import waiting on a confirmation in flight keeps its block and sees the conflict', async () => {
    const feedId = await addFeed(`${origin}/feed.ics`);
    const request = await seedStay(day(210), day(215));
    const [importer, office] = [await connect(), await connect()];
    try {
      await office.query('begin');
      await office.query(`update booking_requests set status = 'confirmed' where id = $1`, [request.id]);
      await importer.query('begin');
      const inserting = importer.query(
        `insert into property_blocks (property, stay, feed_id, uid) values ($1, daterange($2::date, $3::date), $4, 'race')`,
        [property, day(212), day(214), feedId],
      );
      const early = await Promise.race([
        inserting.then(() => 'inserted'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      expect(early).toBe('waiting');
      await office.query('commit');
      await inserting;
      const { rows } = await importer.query(
        `select r.reference from booking_requests r join property_blocks b on b.uid = 'race' and b.feed_id = $1
           and b.stay && daterange(r.arrival, r.departure) where r.id = $2 and r.status = 'confirmed'`,
        [feedId, request.id],
      );
      expect(rows).toEqual([{ reference: request.reference }]);
      await importer.query('commit');
    } finally {
      await importer.end();
      await office.end();
    }
  });
});
