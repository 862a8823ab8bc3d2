import pg from 'pg';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { latestArrivalFrom } from '../../src/lib/stay-search.ts';
import { listAvailability } from '../../src/server/booking/availability-service.ts';
import { takenStaysBetweenSql } from '../../src/server/booking/stay-repository.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { readLimit } from '../../src/server/config.ts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { readSearch, searchStays } from '../../src/server/search/search-service.ts';
import { insertBookings, type RunQuery } from '../../tests/support/booking-scenario.ts';
import { openBenchDatabase } from './bench-database.ts';

const stayCount = readLimit('BENCH_STAYS', 10_000);
const blockCount = readLimit('BENCH_BLOCKS', 10_000);
const runs = readLimit('BENCH_RUNS', 300);
const today = todayInKerala();

const { ownerUrl, stop: stopDatabase } = await openBenchDatabase('npm run bench:availability');

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

const owner = new pg.Client({ connectionString: ownerUrl, application_name: 'kayal-villas-bench' });
await owner.connect();
try {
  const catalogue = await loadCatalogue();
  const properties = catalogue.properties;
  const existing = Number((await owner.query('select count(*) from public.property_blocks')).rows[0].count);
  if (existing === 0) {
    const started = performance.now();
    const stays: { property: string; arrival: string; departure: string; rate: number }[] = [];
    const blocks: { property: string; start: string; end: string }[] = [];
    const perProperty = Math.ceil((stayCount + blockCount) / properties.length);
    for (const property of properties) {
      let end = latestArrivalFrom(today);
      for (let n = 0; n < perProperty; n++) {
        end = addDays(end, -randomInt(0, 3));
        const start = addDays(end, -randomInt(2, 14));
        const wantStay = n % 2 === 0 ? stays.length < stayCount : blocks.length >= blockCount;
        if (wantStay && stays.length < stayCount)
          stays.push({
            property: property.slug,
            arrival: start,
            departure: end,
            rate: property.weeklyRateGbp,
          });
        else if (blocks.length < blockCount) blocks.push({ property: property.slug, start, end });
        end = start;
      }
    }
    const run: RunQuery = async (text, values) => (await owner.query(text, values)).rows;
    await insertBookings(
      run,
      stays.map((row) => {
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
          status: 'confirmed',
        };
      }),
    );
    const feeds = new Map<string, string>();
    for (const property of properties) {
      const { rows } = await owner.query<{ id: string }>(
        `insert into public.property_calendar_feeds (property, label, url) values ($1, 'Airbnb', $2) returning id`,
        [property.slug, `https://www.airbnb.example/calendar/ical/${property.slug}.ics`],
      );
      feeds.set(property.slug, rows[0]?.id as string);
    }
    await owner.query(
      `insert into public.property_blocks (property, stay, feed_id, uid)
       select b.property, daterange(b.start, b."end"), b.feed_id, gen_random_uuid()::text
       from jsonb_to_recordset($1::jsonb) as b(property text, start date, "end" date, feed_id uuid)`,
      [JSON.stringify(blocks.map((block) => ({ ...block, feed_id: feeds.get(block.property) })))],
    );
    await owner.query('analyze public.booking_requests');
    await owner.query('analyze public.property_blocks');
    console.log(
      `Seeded ${stays.length} confirmed stays and ${blocks.length} blocks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const availability = await time(runs, async () => {
    const property = properties[randomInt(0, properties.length - 1)];
    if (property) await listAvailability(property.slug);
  });
  const search = await time(runs, async () => {
    const arrival = addDays(today, randomInt(0, 700));
    const read = readSearch(
      { arrival, departure: addDays(arrival, randomInt(3, 14)), guests: String(randomInt(1, 10)) },
      today,
    );
    if (read.outcome !== 'valid') throw new Error(`The bench made a bad search: ${JSON.stringify(read)}`);
    await searchStays(read.query, today);
  });

  console.log(
    `\n${stayCount} confirmed stays and ${blockCount} blocks over ${properties.length} properties; ${runs} runs each, in process.\n`,
  );
  console.log('| what | median ms | p95 ms |\n|---|---:|---:|');
  const row = (label: string, { p50, p95 }: { p50: number; p95: number }) =>
    console.log(`| ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
  row('listAvailability (a property, two years: stays + blocks)', availability);
  row('searchStays (stays + blocks of every property)', search);

  const arrival = addDays(today, randomInt(0, 700));
  const explain = async (sql: string, values: unknown[]) =>
    (await owner.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`, values)).rows
      .map((one) => `    ${one['QUERY PLAN']}`)
      .join('\n');
  console.log(
    `\nThe search's query:\n${await explain(takenStaysBetweenSql, [arrival, addDays(arrival, 14)])}`,
  );
  console.log(
    `\nA property's blocks for the calendar:\n${await explain(
      `select lower(stay), upper(stay) from public.property_blocks
       where property = $1 and stay && daterange($2::date, $3::date, '[]') order by lower(stay)`,
      [properties[0]?.slug, today, addDays(today, 730)],
    )}`,
  );
} finally {
  await owner.end();
  await closeDatabase();
  await stopDatabase();
}

async function time(count: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let warm = 0; warm < 3; warm++) await work();
  const samples: number[] = [];
  for (let run = 0; run < count; run++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) =>
    samples[Math.min(samples.length - 1, Math.ceil(share * samples.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
