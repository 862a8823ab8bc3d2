/**
 * `npm run bench:webhooks`: does the ledger hold exactly the payments when a provider's webhooks come
 * in bursts, twice, and out of order? Serves the build as `npm start` does (fresh embedded PostgreSQL
 * under .data/bench-webhooks, or BENCH_DATABASE_URL), with a payment stand-in of its own whose key
 * signs the events; seeds BENCH_PAYMENTS (800) confirmed bookings, each with an open session for its
 * deposit; then sends each session's `checkout.session.completed`, plus BENCH_DUPLICATES (200)
 * re-deliveries of random ones (a retry carries the same event id, signed anew), shuffled, at
 * BENCH_CONCURRENCY (8) at a time, to /api/payments/webhook; one not answered 200 is sent again later,
 * as Stripe retries, up to 5 attempts. Prints p50/p95/max per delivery and what each answered, and
 * checks the ledger: one payment per session, the sum of the deposits, one stored event per event id.
 * Exits 1 when a delivery never got its 200 or the ledger does not hold exactly the payments.
 *
 * Build first (`npm run build`).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import Stripe from 'stripe';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { standInKeys, startPaymentStandIn } from '../../src/server/payments/index.ts';
import { insertBookings, type RunQuery } from '../../tests/support/booking-scenario.ts';
import { startServer, stopServer } from '../support/served-site.ts';

const port = Number(process.env.BENCH_PORT ?? 8931);
const origin = `http://127.0.0.1:${port}`;
const paymentsCount = Number(process.env.BENCH_PAYMENTS ?? 800);
const duplicates = Number(process.env.BENCH_DUPLICATES ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const dataDir = '.data/bench-webhooks/postgres';
const depositPence = 66_250;

await rm('.data/bench-webhooks', { recursive: true, force: true });
const key = randomBytes(32).toString('hex');
const { secretKey, webhookSecret } = standInKeys(key);
const standIn = await startPaymentStandIn({
  apiKey: secretKey,
  webhookSecret,
  webhookUrl: `${origin}${apiRoutes.paymentWebhook}`,
});
const server = await startServer(port, {
  EMBEDDED_DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  OUTBOX_DIR: '.data/bench-webhooks/outbox',
  PAYMENT_STAND_IN_URL: standIn.url,
  PAYMENT_STAND_IN_KEY: key,
});

async function ownerUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const { password, port: databasePort } = JSON.parse(await readFile(`${dataDir}.json`, 'utf8')) as {
    password: string;
    port: number;
  };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/postgres`;
}

const db = new pg.Client({ connectionString: await ownerUrl() });
await db.connect();
const run = randomBytes(4).toString('hex');

try {
  // One property per booking, so no two stays overlap; a deposit due, a balance due later.
  const runQuery: RunQuery = async (text, values) => (await db.query(text, values)).rows;
  const arrival = addDays(todayInKerala(), 200);
  const bookings = await insertBookings(
    runQuery,
    Array.from({ length: paymentsCount }, (_, n) => ({
      name: 'Bench Guest',
      email: `bench.webhooks+${n + 1}@example.com`,
      property: `bench-webhooks-${run}-${n + 1}`,
      arrival,
      guests: 2,
      weeklyRatePence: 265_000,
      depositPence,
      status: 'confirmed',
      statusChangedAt: 'now',
    })),
  );
  const { rows: sessions } = await db.query<{ bookingId: string; sessionId: string }>(
    `insert into payment_sessions (booking_request_id, provider, provider_session_id, kind, amount_pence)
     select booking.id, 'stand-in', 'cs_bench_${run}_' || booking.n, 'deposit', $1
     from unnest($2::uuid[]) with ordinality as booking(id, n)
     returning booking_request_id as "bookingId", provider_session_id as "sessionId"`,
    [depositPence, bookings.map((booking) => booking.id)],
  );

  const events = sessions.map(({ bookingId, sessionId }, n) =>
    JSON.stringify({
      id: `evt_bench_${run}_${n}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          amount_total: depositPence,
          currency: 'gbp',
          payment_intent: `pi_bench_${run}_${n}`,
          client_reference_id: bookingId,
          metadata: { bookingId },
        },
      },
    }),
  );
  const deliveries = [
    ...events,
    ...Array.from({ length: duplicates }, () => events[Math.floor(Math.random() * events.length)] as string),
  ];
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j] as string, deliveries[i] as string];
  }

  const signer = new Stripe(secretKey);
  const timings: number[] = [];
  const answers = new Map<string, number>();
  // A delivery not answered 200 is sent again at the end of the queue, as Stripe retries one, at most
  // maxAttempts times in all; each attempt counts as a delivery.
  const queue = deliveries.map((payload) => ({ payload, attempt: 1 }));
  const maxAttempts = 5;
  let retries = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < queue.length) {
        const { payload, attempt } = queue[next++] as (typeof queue)[number];
        // A retry is signed anew, as Stripe signs each attempt.
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        const sent = performance.now();
        const response = await fetch(`${origin}${apiRoutes.paymentWebhook}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }).catch(() => undefined);
        timings.push(performance.now() - sent);
        const body = response?.ok ? ((await response.json()) as { outcome: string }) : undefined;
        const answer = response
          ? `${response.status} ${body?.outcome ?? (await response.text()).slice(0, 80)}`
          : 'no answer';
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        if (!response?.ok && attempt < maxAttempts) {
          retries++;
          queue.push({ payload, attempt: attempt + 1 });
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);
  const [ledger] = (
    await db.query<{ payments: number; sum: string; events: number; paid: number }>(
      `select (select count(*) from payments where provider_reference like $1)::int as payments,
              (select coalesce(sum(amount_pence), 0) from payments where provider_reference like $1)::text as sum,
              (select count(*) from payment_provider_events where event_id like $2)::int as events,
              (select count(*) from payment_sessions where provider_session_id like $3 and status = 'paid')::int as paid`,
      [`pi_bench_${run}_%`, `evt_bench_${run}_%`, `cs_bench_${run}_%`],
    )
  ).rows;

  console.log(
    `\nbench:webhooks: ${queue.length} deliveries (${events.length} events, ${duplicates} re-deliveries, ${retries} retries of a delivery not answered 200), ${concurrency} at a time, in ${seconds.toFixed(1)} s`,
  );
  console.log(`per delivery: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  console.log(`answers: ${[...answers].map(([answer, count]) => `${count} × ${answer}`).join(', ')}`);
  console.log(
    `ledger: ${ledger?.payments} payments, £${(Number(ledger?.sum) / 100).toFixed(2)}, ${ledger?.events} events stored, ${ledger?.paid} sessions paid (expected ${events.length}, £${((events.length * depositPence) / 100).toFixed(2)})`,
  );
  const exact =
    ledger?.payments === events.length &&
    Number(ledger.sum) === events.length * depositPence &&
    ledger.events === events.length &&
    ledger.paid === events.length &&
    // Every delivery was answered 200 in the end (a retry's 200 stands for the attempts before it).
    retries ===
      [...answers].filter(([answer]) => !answer.startsWith('200 ')).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    exact ? 'The ledger holds exactly the payments.' : 'The ledger does NOT hold exactly the payments.',
  );
  process.exitCode = exact ? 0 : 1;
} finally {
  await db.end();
  await stopServer(server);
  await standIn.close();
}
