/**
 * `npm run bench:admin`: how fast the dashboard's lists are with 100,000 rows per table.
 *
 * Uses DATABASE_URL when set (topping each table up to BENCH_ROWS, default 100,000, with demo rows);
 * with BENCH_URL alone, the embedded database of this checkout that the server there runs on;
 * otherwise a throwaway embedded PostgreSQL in a temp dir. Measures, for each collection, the first
 * page, two searches, a filtered page and a deep page (page 51, by cursor), in process: the service
 * and repository in one transaction as an admin, the way a function runs them. With BENCH_URL (a
 * running `npm start`/`npm run serve` on the same database) it also measures them through HTTP,
 * signed in as an admin it creates. Prints a Markdown table of p50/p95 in milliseconds, with the
 * indexes each query's plan used (EXPLAIN ANALYZE).
 *
 * Budget, so a list answers before the office notices a wait: in process, p95 of a first page or a
 * search ≤ 50 ms on a 2-core machine, and a deep page as fast as the first. The office's day (`GET
 * /api/admin/today`) is measured block by block, each one query, to the same budget, and so are the
 * owner's numbers (`GET /api/admin/numbers`), occupancy and revenue one query each.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AdminCollectionName as CollectionName } from '../../src/features/admin/collection-contract.ts';
import { listQuerySchema } from '../../src/features/admin/list-query-contract.ts';
import { findSeason, seasonStarting } from '../../src/features/admin/numbers-contract.ts';
import { packWaitingDays, todayListLimit, todayWeekDays } from '../../src/features/admin/today-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { listItems, summariseCollections } from '../../src/server/admin/admin-lists.ts';
import { selectPage } from '../../src/server/admin/admin-repository.ts';
import { collections, findCollection } from '../../src/server/admin/collections.ts';
import { readListQuery } from '../../src/server/admin/list-query.ts';
import { callerFor } from '../../src/server/auth/admin-caller.ts';
import { createOrPromoteAdmin } from '../../src/server/auth/admins.ts';
import type { Visitor } from '../../src/server/auth/session.ts';
import { readBookingDay } from '../../src/server/booking/booking-day-service.ts';
import { selectNightsByMonth, selectRevenueByMonth } from '../../src/server/booking/numbers-repository.ts';
import {
  selectDueBalances,
  selectMovingStays,
  selectWaitingRequests,
} from '../../src/server/booking/office-day-repository.ts';
import {
  selectPacksWaiting,
  selectUnreadGuestMessages,
} from '../../src/server/booking/request-extras-repository.ts';
import { readLimit } from '../../src/server/config.ts';
import { ensureAppRole } from '../../src/server/db/app-role.ts';
import { closeDatabase, type Transaction, withCaller } from '../../src/server/db/database.ts';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { prepareDatabase } from '../../src/server/db/prepare.ts';
import { seedDemoData } from '../demo-data.ts';

const targetRows = readLimit('BENCH_ROWS', 100_000);
const iterations = readLimit('BENCH_ITERATIONS', 40);
// The HTTP runs include sign-in's scrypt at OWASP's cost (0.75 s on two cores), so they are fewer.
const apiIterations = readLimit('BENCH_API_ITERATIONS', 10);
const deepPage = 51;
const benchUrl = process.env.BENCH_URL?.replace(/\/$/, '');

// The database: the configured one; with BENCH_URL alone, the embedded one of this checkout that the
// server there runs (joined, never stopped); otherwise a throwaway embedded one.
let databaseUrl = process.env.DATABASE_URL;
let stopDatabase = async () => {};
if (!databaseUrl && benchUrl) {
  const database = await prepareDatabase({ command: 'npm run bench:admin' });
  databaseUrl = database.url;
  stopDatabase = database.stop;
} else if (!databaseUrl) {
  const dir = await mkdtemp(path.join(tmpdir(), 'kayal-bench-'));
  // As root, Postgres runs as the `postgres` user, which must be able to enter this directory.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedDatabase(path.join(dir, 'postgres'), {
    command: 'npm run bench:admin',
  });
  databaseUrl = embedded.url;
  stopDatabase = async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
await migrate(databaseUrl);
// The service runs as the functions do: logged in as the app role.
process.env.DATABASE_URL = await ensureAppRole(databaseUrl);

const owner = new pg.Client({ connectionString: databaseUrl, application_name: 'kayal-villas-bench' });
await owner.connect();

try {
  const countRows = async () => {
    const counts: number[] = [];
    for (const { table } of collections) {
      counts.push(Number((await owner.query(`select count(*) from public.${table}`)).rows[0].count));
    }
    return counts;
  };
  const counts = await countRows();
  const missing = targetRows - Math.min(...counts);
  if (missing > 0) {
    console.log(`Seeding ${missing} demo rows per table…`);
    const started = performance.now();
    await seedDemoData(databaseUrl, missing);
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }

  // The guests' messages, as many as each table's rows: the Bookings badge counts the bookings with
  // one nobody read (a union with the new ones, every 5 s poll) and Today lists them, so both are timed
  // against a table the size of a busy decade's. One in fifty is a guest's still unread.
  const [{ messages }] = (
    await owner.query<{ messages: string }>('select count(*) as messages from public.booking_messages')
  ).rows as [{ messages: string }];
  const missingMessages = targetRows - Number(messages);
  if (missingMessages > 0) {
    console.log(`Seeding ${missingMessages} guests' and office's messages…`);
    await owner.query(
      `with numbered as (
         select id, row_number() over (order by id) - 1 as k from public.booking_requests
       ), bookings as (select count(*) as total from public.booking_requests)
       insert into public.booking_messages (booking_request_id, author, author_id, body, created_at, read_at)
       select request.id, case when pick.n % 2 = 0 then 'guest' else 'office' end, gen_random_uuid(),
              'A message for the benchmark', stamp.at, case when pick.n % 50 <> 0 then stamp.at end
       from generate_series(1, $1::int) as pick(n)
       cross join bookings
       cross join lateral (select now() - (pick.n % 400) * interval '1 day' as at) stamp
       join numbered request on request.k = (pick.n::bigint * 7919) % bookings.total`,
      [missingMessages],
    );
    // As autovacuum would soon after: a plan made from the statistics of an empty table is not the
    // office's (it misjudged the unread messages by half, and chose to read every booking).
    await owner.query('analyze public.booking_messages');
  }

  const password = randomBytes(18).toString('base64url');
  const email = `bench+${randomUUID()}@example.com`;
  const { id } = await createOrPromoteAdmin({ email, name: 'Bench Admin', password });
  const claims = { sub: id, email, role: 'authenticated' as const, app_metadata: { role: 'admin' } };
  const visitor: Visitor = { claims, user: { id, email, name: 'Bench Admin', isAdmin: true } };

  type Scenario = { collection: CollectionName; label: string; params: Record<string, string> };
  const today = todayInKerala();
  const aMonthAYearAgo = { from: addDays(today, -400), to: addDays(today, -370) };
  const filters: Record<CollectionName, [string, Record<string, string>]> = {
    'booking-requests': ['status new, one property', { status: 'new', property: 'kovalam-cliff-villa' }],
    'career-applications': ['position architect', { position: 'architect' }],
    'contact-messages': ['received in a month', aMonthAYearAgo],
    'partner-enquiries': ['received in a month', aMonthAYearAgo],
    'buyer-enquiries': ['one home', { property: 'kovalam-cliff-villa' }],
  };

  /** A scenario's collection and query, parsed as the list function parses a query string. */
  function readScenario(name: CollectionName, params: Record<string, string>) {
    const collection = findCollection(name);
    const read = collection && readListQuery(collection, listQuerySchema.parse(params));
    if (!collection || !read || 'errors' in read) throw new Error(`bad scenario ${name}`);
    return { collection, query: read.query };
  }
  const listScenario = (name: CollectionName, params: Record<string, string>) => {
    const { collection, query } = readScenario(name, params);
    return listItems(visitor, collection, query);
  };

  /**
   * The cursor that opens page `page` of a list, found by walking it; undefined when the list is
   * shorter (the demo seed leaves buyers' enquiries empty).
   */
  async function cursorOfPage(collection: CollectionName, page: number): Promise<string | undefined> {
    let cursor = '';
    for (let walked = 1; walked < page; walked++) {
      const { nextCursor } = await listScenario(collection, cursor ? { cursor } : {});
      if (!nextCursor) return undefined;
      cursor = nextCursor;
    }
    return cursor;
  }

  const scenarios: Scenario[] = [];
  for (const { name } of collections) {
    const [filterLabel, filterParams] = filters[name];
    scenarios.push(
      { collection: name, label: 'first page', params: {} },
      { collection: name, label: 'search "kurian"', params: { q: 'kurian' } },
      { collection: name, label: 'search "meera nair"', params: { q: 'meera nair' } },
      { collection: name, label: `filtered: ${filterLabel}`, params: filterParams },
    );
    const cursor = await cursorOfPage(name, deepPage);
    if (cursor) scenarios.push({ collection: name, label: `deep page (${deepPage})`, params: { cursor } });
    else console.log(`${name}: fewer than ${deepPage} pages, so no deep page`);
  }

  /** The indexes the query's plan uses, from EXPLAIN ANALYZE run as the admin (so RLS applies). */
  async function planOf({ collection: name, params }: Scenario): Promise<string> {
    const { collection, query } = readScenario(name, params);
    return planOfQuery((tx) =>
      selectPage(tx, collection, query, {
        columns: collection.listColumns,
        after: query.after,
        limit: query.limit + 1,
      }),
    );
  }

  /** The indexes the plan of the one query `work` sends uses, from EXPLAIN ANALYZE run as the admin. */
  async function planOfQuery(work: (tx: Transaction) => Promise<unknown>): Promise<string> {
    let captured: { text: string; values: unknown[] } = { text: '', values: [] };
    const capturing: Transaction = {
      query: async (text, values = []) => {
        captured = { text, values };
        return [];
      },
      as: (_caller, work) => work(),
    };
    await work(capturing);
    await owner.query('begin');
    try {
      await owner.query('set local role authenticated');
      await owner.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      const { rows } = await owner.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off) ${captured.text}`,
        captured.values,
      );
      const lines = rows.map((row) => row['QUERY PLAN']);
      const used = lines.flatMap((line) =>
        [...line.matchAll(/(?:Index (?:Only )?Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map(
          (match) => match[1] as string,
        ),
      );
      const scans = lines.some((line) => /Seq Scan/.test(line)) ? ['seq scan'] : [];
      return [...new Set([...used, ...scans])].join(', ');
    } finally {
      await owner.query('rollback');
    }
  }

  async function time(
    work: () => Promise<unknown>,
    runs = iterations,
    warmUps = 3,
  ): Promise<{ p50: number; p95: number }> {
    for (let warm = 0; warm < warmUps; warm++) await work();
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await work();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const at = (share: number) =>
      samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)] ?? 0;
    return { p50: at(0.5), p95: at(0.95) };
  }

  let apiCookie = '';
  if (benchUrl) {
    const response = await fetch(`${benchUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: benchUrl },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok)
      throw new Error(`Signing in at ${benchUrl} failed: ${response.status} ${await response.text()}`);
    apiCookie = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }
  async function fetchList(url: string) {
    const response = await fetch(url, { headers: { cookie: apiCookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  }

  const ms = (value: number) => value.toFixed(1);
  const header = benchUrl
    ? '| collection | query | in process p50 | in process p95 | API p50 | API p95 | indexes used |\n|---|---|---:|---:|---:|---:|---|'
    : '| collection | query | in process p50 | in process p95 | indexes used |\n|---|---|---:|---:|---|';
  const lines = [header];
  for (const scenario of scenarios) {
    const params = new URLSearchParams(scenario.params);
    const local = await time(() => listScenario(scenario.collection, scenario.params));
    const cells = [scenario.collection, scenario.label, ms(local.p50), ms(local.p95)];
    if (benchUrl) {
      const api = await time(
        () => fetchList(`${benchUrl}/api/admin/${scenario.collection}?${params}`),
        apiIterations,
        1,
      );
      cells.push(ms(api.p50), ms(api.p95));
    }
    cells.push(await planOf(scenario));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const summary = await time(() => summariseCollections(visitor));
  const summaryCells = [
    'all four',
    'summary (new, waiting, trash, latest)',
    ms(summary.p50),
    ms(summary.p95),
  ];
  if (benchUrl) {
    const api = await time(() => fetchList(`${benchUrl}/api/admin/summary`), apiIterations, 1);
    summaryCells.push(ms(api.p50), ms(api.p95));
  }
  lines.push(`| ${[...summaryCells, 'partial indexes (index-only)'].join(' | ')} |`);

  // The office's day: each block's one query, then the whole answer as its function gives it; and the
  // owner's numbers, one query each over this season and the last.
  const season = findSeason(today);
  const lastSeason = seasonStarting(Number(season.from.slice(0, 4)) - 1);
  const week = { from: today, through: addDays(today, todayWeekDays - 1), limit: todayListLimit };
  const dayQueries: [string, (tx: Transaction) => Promise<unknown>][] = [
    ['requests awaiting an answer', (tx) => selectWaitingRequests(tx, todayListLimit)],
    ['arrivals this week', (tx) => selectMovingStays(tx, 'arrival', week)],
    ['departures this week', (tx) => selectMovingStays(tx, 'departure', week)],
    ['balances due now or overdue', (tx) => selectDueBalances(tx, today, todayListLimit)],
    ['guests’ unread messages, newest first', (tx) => selectUnreadGuestMessages(tx, todayListLimit)],
    [
      'paid guests arriving within 14 days at a home with no pack',
      (tx) =>
        selectPacksWaiting(tx, {
          from: today,
          through: addDays(today, packWaitingDays - 1),
          limit: todayListLimit,
        }),
    ],
    [
      'numbers: occupancy by month and property, two seasons',
      (tx) => selectNightsByMonth(tx, lastSeason.from, season.through),
    ],
    [
      'numbers: revenue by month and property, two seasons',
      (tx) => selectRevenueByMonth(tx, lastSeason.from, season.through),
    ],
  ];
  for (const [label, work] of dayQueries) {
    const local = await time(() => withCaller(callerFor(visitor), work));
    const cells = ['today', label, ms(local.p50), ms(local.p95)];
    if (benchUrl) cells.push('', '');
    lines.push(`| ${[...cells, await planOfQuery(work)].join(' | ')} |`);
  }
  const day = await time(async () => {
    await Promise.all([readBookingDay(visitor, todayInKerala()), summariseCollections(visitor)]);
  });
  const dayCells = ['today', 'the whole day (four queries and the summary)', ms(day.p50), ms(day.p95)];
  if (benchUrl) {
    const api = await time(() => fetchList(`${benchUrl}/api/admin/today`), apiIterations, 1);
    dayCells.push(ms(api.p50), ms(api.p95));
  }
  lines.push(`| ${[...dayCells, ''].join(' | ')} |`);

  const finalCounts = await countRows();
  const { rows: version } = await owner.query<{ server_version: string }>('show server_version');
  console.log(
    `\nPostgreSQL ${version[0]?.server_version}; rows per table: ${finalCounts.join(' / ')} ` +
      `(${collections.map(({ name }) => name).join(' / ')}); in process ${iterations} runs each after 3 ` +
      `warm-ups${benchUrl ? `, API ${apiIterations} after 1` : ''}; ms.\n`,
  );
  console.log(lines.join('\n'));
} finally {
  await owner.end();
  await closeDatabase();
  await stopDatabase();
}
