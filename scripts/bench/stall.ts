/**
 * `npm run bench:stall`: does the server `npm start` runs stay reachable while clients misbehave, and
 * whose limit does a post count against? Measures GET /api/health (BENCH_HEALTH_REQUESTS sequential
 * requests, default 20: p50 and max) on an idle server, while BENCH_SLOW_CLIENTS (default 8) clients
 * each send a post's body one byte every 2 s, and while 200 valid contact posts arrive at once from 200
 * addresses. Then sends 30 posts from one address, each claiming another in X-Forwarded-For and
 * x-nf-client-connection-ip, to a server whose FORM_RATE_LIMIT is 10, then one post from each of 12
 * other addresses without any such header, and counts what was accepted.
 *
 * Database: a fresh embedded PostgreSQL under .data/bench-stall, or BENCH_DATABASE_URL. Build first.
 */
import { rm } from 'node:fs/promises';
import { fetchFormToken } from '../support/form-token.ts';
import { type RawAnswer, sendRaw, startSlowPost } from '../support/raw-client.ts';
import { startServer, stopServer } from '../support/served-site.ts';

const port = Number(process.env.BENCH_PORT ?? 8922);
const origin = `http://127.0.0.1:${port}`;
const healthRequests = Number(process.env.BENCH_HEALTH_REQUESTS ?? 20);
const slowClients = Number(process.env.BENCH_SLOW_CLIENTS ?? 8);
const burst = 200;
// A health check that takes longer than this counts as unreachable; the rest of that series is skipped.
const healthTimeoutMs = 30_000;
const run = crypto.randomUUID().slice(0, 8);

type Series = { answered: number[]; unreachable: boolean };

async function measureHealth(): Promise<Series> {
  const answered: number[] = [];
  for (let i = 0; i < healthRequests; i++) {
    const started = performance.now();
    const answer = await sendRaw(`${origin}/api/health`, { timeoutMs: healthTimeoutMs }).catch(
      () => undefined,
    );
    if (answer?.status !== 200) return { answered, unreachable: true };
    answered.push(performance.now() - started);
  }
  return { answered, unreachable: false };
}

function describeSeries({ answered, unreachable }: Series): string {
  const sorted = [...answered].sort((a, b) => a - b);
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)];
  const figures = sorted.length
    ? `p50 ${Math.round(p50 ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms over ${sorted.length}`
    : 'none answered';
  return unreachable ? `${figures}; then no answer within ${healthTimeoutMs / 1000} s` : figures;
}

let formToken = '';

function contactPost(n: number, headers: Record<string, string> = {}, from?: string) {
  return sendRaw(`${origin}/api/contact-messages`, {
    method: 'POST',
    from,
    timeoutMs: 300_000,
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({
      name: 'Bench Guest',
      email: `stall+${run}-${n}@example.com`,
      phone: '+91 98470 12345',
      message: 'Is the Kovalam cliff villa free in the first week of March?',
      formToken,
    }),
  }).catch((error: Error) => ({ status: 0, error }) as RawAnswer & { error: Error });
}

function countStatuses(answers: { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', ');
}

await rm('.data/bench-stall', { recursive: true, force: true });
const server = await startServer(port, {
  EMBEDDED_DATA_DIR: '.data/bench-stall/postgres',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  FORM_RATE_LIMIT: '10',
});
const rows: [string, string][] = [];
try {
  // One token for every post, as the island fetches it, old enough by the time the posts go.
  formToken = await fetchFormToken(origin);
  rows.push(['idle', describeSeries(await measureHealth())]);

  const slow = Array.from({ length: slowClients }, () => startSlowPost(`${origin}/api/contact-messages`));
  const slowStarted = performance.now();
  const slowEnds = slow.map((client) =>
    client.ended.then((line) => `${line} after ${Math.round((performance.now() - slowStarted) / 1000)} s`),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rows.push([`${slowClients} slow-body clients`, describeSeries(await measureHealth())]);
  const outcome = await Promise.race([
    Promise.all(slowEnds),
    new Promise<string[]>((resolve) => setTimeout(() => resolve(['still open after 60 s']), 60_000)),
  ]);
  for (const client of slow) client.close();
  rows.push(['… the slow clients', [...new Set(outcome)].join('; ')]);

  // Each post from an address of its own and naming itself in X-Forwarded-For, so every one is its own
  // client whichever of the two the server counts.
  const postsStarted = performance.now();
  const posts = Array.from({ length: burst }, (_, n) => {
    const address = `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    return contactPost(n, { 'x-forwarded-for': address }, address);
  });
  const allPosted = Promise.all(posts).then((answers) => ({
    answers,
    seconds: (performance.now() - postsStarted) / 1000,
  }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  rows.push([`${burst} concurrent contact posts`, describeSeries(await measureHealth())]);
  const { answers, seconds } = await allPosted;
  rows.push(['… the posts', `${countStatuses(answers)} in ${seconds.toFixed(1)} s`]);

  const forged = [];
  for (let n = 0; n < 30; n++) {
    const claimed = `203.0.113.${n + 1}`;
    forged.push(
      await contactPost(
        1000 + n,
        { 'x-forwarded-for': claimed, 'x-nf-client-connection-ip': claimed },
        '127.2.0.1',
      ),
    );
  }
  rows.push(['30 posts, one address, 30 forged ones (limit 10)', countStatuses(forged)]);
  const others = [];
  for (let n = 0; n < 12; n++) others.push(await contactPost(2000 + n, {}, `127.2.1.${n + 1}`));
  rows.push(['then 1 post each from 12 other addresses, none forged', countStatuses(others)]);
} finally {
  await stopServer(server);
}

console.log('\n| GET /api/health, sequential | figures |\n|---|---|');
for (const [scenario, figures] of rows) console.log(`| ${scenario} | ${figures} |`);
