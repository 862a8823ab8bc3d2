/**
 * `npm run bench:hostile-feed`: does the site `npm start` serves stay responsive while its hourly
 * calendar import (which runs in the server's own process) reads hostile feeds? Serves, from a local
 * HTTP server, BENCH_HOSTILE_COPIES (default 10) copies each of the 130 bytes whose one event lasts
 * 9,999,999,999 weeks (106 s of ical.js before) and of 2 MB of one property with half a million
 * parameters (7.9 s), BENCH_HEAVY_FEEDS (default 2) legitimate feeds of 5,000 bookings (about 1.6 MB
 * each, the most a platform sends) and one ordinary feed, all added to one villa. Then measures, on
 * the idle server and again from the moment the import fetches its first feed until every feed has
 * been tried (the import runs a minute after the server starts), sequential pairs of GET /api/health
 * (a function: a worker thread and a database query) and GET /robots.txt (a file the server's own
 * event loop sends), p50, p95 and max of each, and prints what each feed's row says.
 *
 * Database: a fresh embedded PostgreSQL under .data/bench-hostile-feed, or BENCH_DATABASE_URL. Build
 * first. BENCH_PORT changes the site's port; BENCH_IMPORT_CAP_SECONDS (default 300) how long to wait
 * for the import.
 */
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { sendRaw } from '../support/raw-client.ts';
import { killServerAndDatabase, startServer, stopServer } from '../support/served-site.ts';

const port = Number(process.env.BENCH_PORT ?? 8923);
const origin = `http://127.0.0.1:${port}`;
const hostileCopies = Number(process.env.BENCH_HOSTILE_COPIES ?? 10);
const heavyFeeds = Number(process.env.BENCH_HEAVY_FEEDS ?? 2);
const importCapMs = Number(process.env.BENCH_IMPORT_CAP_SECONDS ?? 300) * 1000;
const idleRequests = 20;
const healthTimeoutMs = 30_000;
const dataDir = '.data/bench-hostile-feed/postgres';
const villa = 'kovalam-cliff-villa';

const compact = (date: string) => date.replaceAll('-', '');
const today = todayInKerala();

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const allDay = (uid: string, start: string, end: string, summary: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTART;VALUE=DATE:${compact(start)}`,
    `DTEND;VALUE=DATE:${compact(end)}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ].join('\r\n');

const description = 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM12345678 '.repeat(
  3,
);
const feeds: Record<string, string> = {
  'duration.ics': calendar(
    'BEGIN:VEVENT',
    'UID:x',
    `DTSTART;VALUE=DATE:${compact(addDays(today, 800))}`,
    'DURATION:P9999999999W',
    'END:VEVENT',
  ),
  'parameters.ics': calendar(`X-A${';X=1'.repeat(500_000)}:v`),
  'good.ics': calendar(allDay('good@bench', addDays(today, 700), addDays(today, 707), 'Reserved')),
};
for (let n = 0; n < heavyFeeds; n += 1) {
  feeds[`heavy-${n}.ics`] = calendar(
    ...Array.from({ length: 5000 }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:heavy-${n}-${i}@bench`,
        `DTSTART;VALUE=DATE:${compact(addDays(today, 710 + (i % 5)))}`,
        `DTEND;VALUE=DATE:${compact(addDays(today, 712 + (i % 5)))}`,
        'SUMMARY:Reserved',
        `DESCRIPTION:${description}`.replace(/(.{74})/g, '$1\r\n '),
        'END:VEVENT',
      ].join('\r\n'),
    ),
  );
}

let firstFetch: () => void = () => {};
const importStarted = new Promise<void>((resolve) => {
  firstFetch = resolve;
});
const platform = createServer((request, response) => {
  // Copies of one feed differ by their query only.
  const body = feeds[new URL(request.url ?? '/', 'http://platform').pathname.slice(1)];
  firstFetch();
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
});
platform.listen(0, '127.0.0.1');
await once(platform, 'listening');
const platformOrigin = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;

type Series = { answered: number[]; unreachable: boolean };

async function timeGet(path: string): Promise<number | undefined> {
  const started = performance.now();
  const answer = await sendRaw(`${origin}${path}`, { timeoutMs: healthTimeoutMs }).catch(() => undefined);
  return answer?.status === 200 ? performance.now() - started : undefined;
}

/** One health check and one file, into their series; false once either went unanswered. */
async function measurePair(health: Series, file: Series): Promise<boolean> {
  for (const [path, series] of [
    ['/api/health', health],
    ['/robots.txt', file],
  ] as const) {
    const took = await timeGet(path);
    if (took === undefined) {
      series.unreachable = true;
      return false;
    }
    series.answered.push(took);
  }
  return true;
}

function describeSeries({ answered, unreachable }: Series): string {
  const sorted = [...answered].sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.ceil(share * sorted.length) - 1] ?? 0);
  const figures = sorted.length
    ? `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms over ${sorted.length}`
    : 'none answered';
  return unreachable ? `${figures}; then no answer within ${healthTimeoutMs / 1000} s` : figures;
}

async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { password, port: databasePort } = JSON.parse(await readFile(`${dataDir}.json`, 'utf8')) as {
    password: string;
    port: number;
  };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/postgres`;
}

await rm('.data/bench-hostile-feed', { recursive: true, force: true });
const server = await startServer(
  port,
  {
    EMBEDDED_DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    CALENDAR_FEEDS_ALLOW_LOOPBACK: '1',
    CALENDAR_IMPORT_HOURS: '1',
  },
  { startTimeoutMs: 900_000 },
);
const serverStarted = performance.now();
const database = new pg.Client({ connectionString: await databaseUrl() });
await database.connect();
const rows: [string, string][] = [];
let stalled = false;
try {
  await database.query('delete from property_calendar_feeds where property = $1', [villa]);
  // The hostile ones first: taken one after another, as before, they held up everything after them.
  const added = [
    ...Array.from({ length: hostileCopies }, (_, n) => [
      ['duration', `duration.ics?copy=${n}`],
      ['parameters', `parameters.ics?copy=${n}`],
    ]).flat(),
    ...Array.from({ length: heavyFeeds }, (_, n) => [`heavy-${n}`, `heavy-${n}.ics`]),
    ['good', 'good.ics'],
  ];
  for (const [label, path] of added) {
    await database.query('insert into property_calendar_feeds (property, label, url) values ($1, $2, $3)', [
      villa,
      label,
      `${platformOrigin}/${path}`,
    ]);
  }
  const bytes = added.reduce(
    (sum, [, path]) => sum + Buffer.byteLength(feeds[(path ?? '').replace(/\?.*/, '')] ?? ''),
    0,
  );
  rows.push(['feeds', `${added.length} feeds, ${(bytes / 1024 / 1024).toFixed(1)} MB`]);

  const idleHealth: Series = { answered: [], unreachable: false };
  const idleFile: Series = { answered: [], unreachable: false };
  for (let i = 0; i < idleRequests && (await measurePair(idleHealth, idleFile)); i++);
  rows.push(['health, idle', describeSeries(idleHealth)]);
  rows.push(['robots.txt, idle', describeSeries(idleFile)]);

  // npm start imports a minute after it starts; measure from the first feed it fetches until every
  // feed has been tried.
  const waited = await Promise.race([
    importStarted.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000)),
  ]);
  if (!waited) throw new Error('The import did not start within two minutes of the server');
  const importBegan = performance.now();
  rows.push([
    'import began',
    `${Math.round((importBegan - serverStarted) / 1000)} s after the server started`,
  ]);
  const tried = async () => {
    const { rows: counts } = await database.query<{ tried: number; total: number }>(
      `select count(*) filter (where last_tried_at is not null)::int as tried, count(*)::int as total
       from property_calendar_feeds where property = $1`,
      [villa],
    );
    return counts[0]?.tried === counts[0]?.total;
  };
  const duringHealth: Series = { answered: [], unreachable: false };
  const duringFile: Series = { answered: [], unreachable: false };
  let done = false;
  while (!done && performance.now() - importBegan < importCapMs) {
    if (!(await measurePair(duringHealth, duringFile))) {
      stalled = true;
      break;
    }
    done = await tried();
  }
  rows.push(['health, while importing', describeSeries(duringHealth)]);
  rows.push(['robots.txt, while importing', describeSeries(duringFile)]);
  while (!done && performance.now() - importBegan < importCapMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    done = await tried();
  }
  rows.push([
    'the import',
    done
      ? `every feed tried within ${((performance.now() - importBegan) / 1000).toFixed(1)} s`
      : `not done after ${importCapMs / 1000} s`,
  ]);
  const { rows: outcome } = await database.query<{
    label: string;
    last_error: string | null;
    warning: string | null;
    blocks: number;
  }>(
    `select f.label, f.last_error, to_jsonb(f) ->> 'last_warning' as warning,
            (select count(*)::int from property_blocks b where b.feed_id = f.id) as blocks
     from property_calendar_feeds f where f.property = $1 order by f.created_at`,
    [villa],
  );
  // Copies of a feed fare alike: one row per label and outcome, with how many.
  const outcomes = new Map<string, number>();
  for (const feed of outcome) {
    const said = feed.last_error ?? `${feed.blocks} blocks${feed.warning ? `; ${feed.warning}` : ''}`;
    const key = `${feed.label}\u0000${said}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  for (const [key, count] of outcomes) {
    const [label, said] = key.split('\u0000');
    rows.push([`… ${label}${count > 1 ? ` (${count})` : ''}`, said ?? '']);
  }
} finally {
  await database.end();
  platform.closeAllConnections();
  platform.close();
  // A server whose event loop is stuck cannot stop cleanly.
  if (stalled) await killServerAndDatabase(server);
  else await stopServer(server);
}

console.log('\n| npm start, hostile calendar feeds | figures |\n|---|---|');
for (const [scenario, figures] of rows) console.log(`| ${scenario} | ${figures} |`);
