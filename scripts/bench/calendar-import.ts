/**
 * `npm run bench:calendar-import`: do 200 properties with 3 feeds each (600 feeds) sync within one
 * hour's runs of the scheduled import? Serves the feeds from a local HTTP server, each answering after
 * BENCH_FEED_LATENCY_MS (default 800, a platform's export across the world; each feed ±50 %) with
 * BENCH_FEED_EVENTS (default 40) bookings, and BENCH_SILENT_FEEDS (default 6, 1 %) that never answer (so
 * each costs its lane the full 10 s fetch deadline). Then runs the import as Netlify's scheduled
 * function does, BENCH_RUNS times (default 12: one hour at every five minutes), back to back: each run
 * starts no feed after 10 s, so each ends within Netlify's 30 s. Prints each run (seconds, imported,
 * failed, still due) and the hour's total, beside what one run of the hourly import as it was (four
 * lanes, 10 s to start feeds, once an hour) reached first.
 *
 * Database: a throwaway embedded PostgreSQL, or DATABASE_URL (the feeds it adds are removed after).
 * BENCH_FEEDS changes the number of feeds (3 a property).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import {
  describeImportRun,
  feedFetchLimits,
  importAllFeeds,
  importDueFeeds,
} from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { readLimit } from '../../src/server/config.ts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { openBenchDatabase } from './bench-database.ts';

const feedCount = readLimit('BENCH_FEEDS', 600);
const latencyMs = readLimit('BENCH_FEED_LATENCY_MS', 800);
const eventsPerFeed = readLimit('BENCH_FEED_EVENTS', 40);
const silentFeeds = Math.min(feedCount, Number(process.env.BENCH_SILENT_FEEDS ?? 6));
const runs = readLimit('BENCH_RUNS', 12);
const netlifyLimitSeconds = 30;

const compact = (date: string) => date.replaceAll('-', '');
const today = todayInKerala();

/** A platform's export: `eventsPerFeed` stays of 2–9 nights over the next two years, its own UIDs. */
function platformFeed(feed: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench Platform//EN'];
  for (let n = 0; n < eventsPerFeed; n++) {
    const start = addDays(today, (n * 17 + feed) % 700);
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${feed}-${n}@platform.example`,
      `DTSTART;VALUE=DATE:${compact(start)}`,
      `DTEND;VALUE=DATE:${compact(addDays(start, 2 + ((n + feed) % 8)))}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

const feeds = Array.from({ length: feedCount }, (_, n) => platformFeed(n));
// Spread the latencies the same way every run: ±50 % around the median.
const latencyOf = (feed: number) => Math.round(latencyMs * (0.5 + ((feed * 7919) % 1000) / 1000));
const isSilent = (feed: number) => feed < silentFeeds;

const server = createServer((request, response) => {
  const feed = Number(/^\/feeds\/(\d+)\.ics$/.exec(request.url ?? '')?.[1] ?? Number.NaN);
  if (!Number.isInteger(feed) || feed >= feedCount) {
    response.writeHead(404).end();
    return;
  }
  if (isSilent(feed)) return; // never answers
  setTimeout(
    () => response.writeHead(200, { 'content-type': 'text/calendar' }).end(feeds[feed]),
    latencyOf(feed),
  );
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

process.env.CALENDAR_FEEDS_ALLOW_LOOPBACK = '1';
const database = await openBenchDatabase('npm run bench:calendar-import');
const owner = new pg.Client({ connectionString: database.ownerUrl });
await owner.connect();
const label = 'Bench platform';

try {
  await owner.query('delete from property_calendar_feeds where label like $1', [`${label}%`]);
  await owner.query(
    `insert into property_calendar_feeds (property, label, url)
     select format('bench-villa-%s', lpad((n / 3)::text, 3, '0')), $2 || ' ' || (n % 3), $1 || '/feeds/' || n || '.ics'
     from generate_series(0, $3 - 1) as n`,
    [origin, label, feedCount],
  );
  console.log(
    `${feedCount} feeds of ${Math.ceil(feedCount / 3)} properties, ${eventsPerFeed} bookings each, answering in ` +
      `${latencyMs} ms (±50 %), ${silentFeeds} never answering; ${runs} runs as Netlify's every five minutes.\n`,
  );
  // Before: the hourly run as it was (four lanes, no feed started after 10 s, once an hour).
  const before = await importAllFeeds({ ...feedFetchLimits(), concurrency: 4, startWithinMs: 10_000 });
  await owner.query(
    `delete from property_blocks where feed_id in (select id from property_calendar_feeds where label like $1)`,
    [`${label}%`],
  );
  await owner.query(
    `update property_calendar_feeds set last_tried_at = null, last_synced_at = null, last_error = null,
       import_claimed_until = null
     where label like $1`,
    [`${label}%`],
  );
  console.log(
    `Before, one hourly run (4 lanes, 10 s to start feeds): ${before.length} of ${feedCount} feeds.\n`,
  );
  console.log('| run | seconds | imported | failed | still due | synced so far |');
  console.log('|---|---|---|---|---|---|');
  const limits = { ...feedFetchLimits(), everyHours: 1, startWithinMs: 10_000 };
  let longest = 0;
  for (let run = 1; run <= runs; run++) {
    const began = performance.now();
    const result = await importDueFeeds(limits);
    const seconds = (performance.now() - began) / 1000;
    longest = Math.max(longest, seconds);
    const failed = result.imports.filter((one) => !one.ok).length;
    const { rows } = await owner.query<{ synced: number }>(
      `select count(*)::int as synced from property_calendar_feeds where label like $1 and last_synced_at is not null`,
      [`${label}%`],
    );
    console.log(
      `| ${run} | ${seconds.toFixed(1)} | ${result.imports.length} | ${failed} | ${result.stillDue} | ${rows[0]?.synced} |`,
    );
    if (result.stillDue === 0 && run < runs) {
      console.log(`\nNothing left due after run ${run}: ${describeImportRun(result)}`);
      break;
    }
  }
  const { rows } = await owner.query<{ synced: number; tried: number }>(
    `select count(*) filter (where last_synced_at is not null)::int as synced,
            count(*) filter (where last_tried_at is not null)::int as tried
     from property_calendar_feeds where label like $1`,
    [`${label}%`],
  );
  const synced = rows[0]?.synced ?? 0;
  const tried = rows[0]?.tried ?? 0;
  const answering = feedCount - silentFeeds;
  console.log(
    `\nWithin the hour: ${synced} of ${answering} answering feeds synced, ${tried} of ${feedCount} tried ` +
      `(the ${silentFeeds} silent ones fail on their deadline). Longest run ${longest.toFixed(1)} s ` +
      `(Netlify stops a scheduled function at ${netlifyLimitSeconds} s).`,
  );
  console.log(`Before: ${before.length} of ${feedCount} feeds an hour.`);
  const ok = synced === answering && tried === feedCount && longest < netlifyLimitSeconds;
  console.log(
    ok ? '\nPASS: every feed tried within the hour.' : '\nFAIL: feeds left behind, or a run too long.',
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await owner.query('delete from property_calendar_feeds where label like $1', [`${label}%`]).catch(() => {});
  await owner.end();
  await closeDatabase();
  await database.stop();
  server.closeAllConnections();
  server.close();
}
