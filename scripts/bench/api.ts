/**
 * `npm run bench:api`: load on the form endpoints through the server `npm start` runs (Netlify's local
 * emulation), measured with autocannon. For each form, BENCH_REQUESTS submissions (default 2000) at
 * BENCH_CONCURRENCY (default 50), each with its own email; and the same load on GET /api/health in the
 * same run, as the yardstick. Prints p50/p99 latency, requests per second and the ratio to health.
 * Exits 1 if any request errors, times out or is not 201, or if the table does not hold exactly the
 * acknowledged rows.
 *
 * Database: a fresh embedded PostgreSQL under .data/bench-api, or BENCH_DATABASE_URL (any PostgreSQL
 * 15+; the run's rows are marked, so an existing database is fine). Build first (`npm run build`).
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { fetchFormToken } from '../support/form-token.ts';
import { startServer, stopServer } from '../support/served-site.ts';

const port = Number(process.env.BENCH_PORT ?? 8894);
const origin = `http://127.0.0.1:${port}`;
const amount = Number(process.env.BENCH_REQUESTS ?? 2000);
const connections = Number(process.env.BENCH_CONCURRENCY ?? 50);
const externalDatabase = process.env.BENCH_DATABASE_URL;
const dataDir = '.data/bench-api/postgres';
const run = crypto.randomUUID().slice(0, 8);

type Form = { path: string; table: string; body: (email: string) => Record<string, string> };

const forms: Form[] = [
  {
    path: '/api/contact-messages',
    table: 'contact_messages',
    body: (email) => ({
      name: 'Bench Guest',
      email,
      phone: '+91 98470 12345',
      message: 'Is the Kovalam cliff villa free in the first week of March?',
    }),
  },
  {
    path: '/api/career-applications',
    table: 'career_applications',
    body: (email) => ({
      name: 'Bench Applicant',
      email,
      phone: '+91 98470 12345',
      qualification: 'B.Com, 2021',
      position: 'business-management',
    }),
  },
  {
    path: '/api/partner-enquiries',
    table: 'partner_enquiries',
    body: (email) => ({
      name: 'Bench Owner',
      email,
      phone: '+91 98470 12345',
      message: 'A three-bedroom house in Varkala, ten minutes from the cliff.',
    }),
  },
];

function databaseUrl(): string {
  if (externalDatabase) return externalDatabase;
  const { password, port: dbPort } = JSON.parse(readFileSync(`${dataDir}.json`, 'utf8'));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/postgres`;
}

async function load(path: string, body?: (n: number) => string): Promise<autocannon.Result> {
  let sent = 0;
  return autocannon({
    url: `${origin}${path}`,
    amount,
    connections,
    // Requests queue behind FUNCTION_CONCURRENCY locally; a slow answer is measured, not dropped.
    timeout: 300,
    requests: [
      body
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            setupRequest: (request) => ({ ...request, body: body(sent++) }),
          }
        : { method: 'GET' },
    ],
  });
}

type Row = { endpoint: string; result: autocannon.Result; stored?: number };

/** Anything but a clean answer: a connection error, a timeout or a status other than 2xx. */
const refusedOrFailed = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;

await rm('.data/bench-api', { recursive: true, force: true });
const server = await startServer(port, {
  EMBEDDED_DATA_DIR: dataDir,
  DATABASE_URL: externalDatabase ?? '',
  // One client sends everything; the limit would refuse it after ten.
  FORM_RATE_LIMIT: '0',
  // ... the moment the server is up, with the one token it fetched then.
  FORM_MIN_FILL_SECONDS: '0',
  // Every post alerts the office at once, as before there was a cap, so runs stay comparable.
  FORM_OFFICE_ALERTS_PER_HOUR: '0',
});
const rows: Row[] = [];
let failed = false;
try {
  rows.push({ endpoint: 'GET /api/health', result: await load('/api/health') });
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const formToken = await fetchFormToken(origin);
    for (const form of forms) {
      const emailOf = (n: number) => `bench+${run}-${n}@example.com`;
      const result = await load(form.path, (n) => JSON.stringify({ ...form.body(emailOf(n)), formToken }));
      const { rows: counted } = await client.query<{ count: string }>(
        `select count(*) from public.${form.table} where email like $1`,
        [`bench+${run}-%`],
      );
      const stored = Number(counted[0]?.count);
      rows.push({ endpoint: `POST ${form.path}`, result, stored });
      if (refusedOrFailed(result) > 0 || stored !== result['2xx']) failed = true;
    }
  } finally {
    await client.end();
  }
} finally {
  await stopServer(server);
}

const health = rows[0]?.result;
console.log(
  `\n${amount} requests per endpoint at concurrency ${connections}, database: ${externalDatabase ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded'}\n`,
);
console.log(
  '| endpoint | p50 ms | p99 ms | req/s | req/s vs health | 2xx | errors + timeouts + non-2xx | rows stored |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const { endpoint, result, stored } of rows) {
  const ratio = health ? (result.requests.average / health.requests.average).toFixed(2) : '';
  console.log(
    `| ${endpoint} | ${result.latency.p50} | ${result.latency.p99} | ${result.requests.average.toFixed(1)} | ${ratio} | ${result['2xx']} | ${refusedOrFailed(result)} | ${stored ?? '–'} |`,
  );
}
if (failed) {
  console.error(
    '\nFAILED: a request errored or was refused, or the stored rows differ from the acknowledged ones.',
  );
  process.exit(1);
}
