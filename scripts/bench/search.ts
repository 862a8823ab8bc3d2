import pg from 'pg';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { latestArrivalFrom } from '../../src/lib/stay-search.ts';
import { takenStaysBetweenSql } from '../../src/server/booking/stay-repository.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { readLimit } from '../../src/server/config.ts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { readSearch, searchStays } from '../../src/server/search/search-service.ts';
import { insertBookings, type RunQuery } from '../../tests/support/booking-scenario.ts';
import { startServer, stopServer } from '../support/served-site.ts';
import { openBenchDatabase } from './bench-database.ts';

const stayCount = readLimit('BENCH_STAYS', 10_000);
const searches = readLimit('BENCH_SEARCHES', 300);
const httpSearches = readLimit('BENCH_HTTP_SEARCHES', 30);
const port = Number(process.env.BENCH_PORT ?? 8896);
const today = todayInKerala();

const { ownerUrl, stop: stopDatabase } = await openBenchDatabase('npm run bench:search');

/** A random whole number from `min` to `max`, both included. */
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

type SeedRow = { property: string; arrival: string; departure: string; status: string; rate: number };

/**
 * Each property's stays laid end to end backwards from the horizon, so the future is as full as a
 * popular calendar gets and the past holds the rest of the history.
 */
function planStays(properties: { slug: string; weeklyRateGbp: number }[]): SeedRow[] {
  const rows: SeedRow[] = [];
  const perProperty = Math.ceil(stayCount / properties.length);
  for (const property of properties) {
    let departure = latestArrivalFrom(today);
    for (let n = 0; n < perProperty && rows.length < stayCount; n++) {
      departure = addDays(departure, -randomInt(0, 6));
      const arrival = addDays(departure, -randomInt(2, 21));
      rows.push({
        property: property.slug,
        arrival,
        departure,
        status: 'confirmed',
        rate: property.weeklyRateGbp,
      });
      departure = arrival;
    }
  }
  // Requests that hold no dates, over the same calendar.
  for (let n = 0; n < stayCount / 5; n++) {
    const property = properties[n % properties.length];
    if (!property) break;
    const arrival = addDays(today, randomInt(-3000, 700));
    const status = (['new', 'declined', 'cancelled'] as const)[n % 3] ?? 'new';
    rows.push({
      property: property.slug,
      arrival,
      departure: addDays(arrival, 7),
      status,
      rate: property.weeklyRateGbp,
    });
  }
  return rows;
}

const owner = new pg.Client({ connectionString: ownerUrl, application_name: 'kayal-villas-bench' });
await owner.connect();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const catalogue = await loadCatalogue();
  const existing = Number(
    (await owner.query(`select count(*) from public.booking_requests where status = 'confirmed'`)).rows[0]
      .count,
  );
  if (existing === 0) {
    const started = performance.now();
    const rows = planStays(catalogue.properties);
    // Inserted with their final status, as the owner: the status trigger guards moves, not new rows.
    const run: RunQuery = async (text, values) => (await owner.query(text, values)).rows;
    await insertBookings(
      run,
      rows.map((row) => {
        // Quoted as if sent on arrival, so every stay, past or future, has a quote the table accepts.
        const quote = quoteStay({ weeklyRatePence: row.rate * 100, ...row, guests: 4, today: row.arrival });
        return {
          name: 'Bench Guest',
          email: 'bench@example.com',
          property: row.property,
          arrival: row.arrival,
          departure: row.departure,
          weeklyRatePence: quote.weeklyRatePence,
          subtotalPence: quote.totalPence,
          depositPence: quote.totalPence,
          balanceDueDate: null,
          status: row.status,
        };
      }),
    );
    await owner.query('analyze public.booking_requests');
    console.log(`Seeded ${rows.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const counts = await owner.query<{ status: string; count: string }>(
    'select status, count(*) from public.booking_requests group by status order by status',
  );
  console.log(`Requests by status: ${counts.rows.map((row) => `${row.status} ${row.count}`).join(', ')}`);

  const randomSearch = () => {
    const arrival = addDays(today, randomInt(0, 700));
    return { arrival, departure: addDays(arrival, randomInt(3, 14)), guests: String(randomInt(1, 10)) };
  };

  const service = await time(searches, async () => {
    const read = readSearch(randomSearch(), today);
    if (read.outcome !== 'valid') throw new Error(`The bench made a bad search: ${JSON.stringify(read)}`);
    await searchStays(read.query, today);
  });
  const plan = await explainSearch();

  const running = await startServer(port, { DATABASE_URL: ownerUrl });
  server = running;
  const get = async (pathname: string) => {
    const response = await fetch(`${running.origin}${pathname}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  };
  const query = () => new URLSearchParams(randomSearch()).toString();
  const health = await time(httpSearches, () => get('/api/health'));
  const api = await time(httpSearches, () => get(`/api/search?${query()}`));
  const page = await time(httpSearches, () => get(`/search?${query()}`));

  console.log(
    `\n${stayCount} confirmed stays over ${catalogue.properties.length} properties; ${searches} searches in process, ${httpSearches} per HTTP row.\n`,
  );
  console.log('| what | median ms | p95 ms |\n|---|---:|---:|');
  const row = (label: string, { p50, p95 }: { p50: number; p95: number }) =>
    console.log(`| ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  row('searchStays, in process (service + query)', service);
  row('GET /api/health over HTTP (yardstick)', health);
  row('GET /api/search over HTTP', api);
  row('GET /search (the page) over HTTP', page);
  console.log(`\nThe query's plan:\n${plan}`);
} finally {
  if (server) await stopServer(server);
  await owner.end();
  await closeDatabase();
  await stopDatabase();
}

async function time(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 3; warm++) await work();
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

/** EXPLAIN ANALYZE of the search's query for a random stay, as the repository sends it. */
async function explainSearch(): Promise<string> {
  const arrival = addDays(today, randomInt(0, 700));
  const { rows } = await owner.query<{ 'QUERY PLAN': string }>(`explain analyze ${takenStaysBetweenSql}`, [
    arrival,
    addDays(latestArrivalFrom(today), 14),
  ]);
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}
