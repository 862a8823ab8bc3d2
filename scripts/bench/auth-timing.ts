/**
 * `npm run bench:auth-timing`: whether sign-in and forgot-password take longer for an address that has
 * an account than for one that has none (which would tell anyone which addresses have accounts).
 *
 * Runs BENCH_PAIRS pairs (default 30) of each: a sign-in with a wrong password for a known address and
 * one for an unknown address; a forgot-password for each. The two requests of a pair go in random order.
 * Each request runs in a fresh worker thread that imports the function anew, as a function's first
 * request on a new instance does (the slowest case, where a decoy made at run time would show), and
 * only the handler's own time is measured. Prints the
 * medians, the difference and how many pairs had the unknown address slower.
 *
 * A third pair is a sign-up with the email caps on: the known address has had its "you already have an
 * account" notice today, so its sign-up sends nothing, while a new address gets its confirmation. That
 * difference is what the caps add; every other request runs with the caps off, so each one does its
 * full work.
 *
 * Database: a throwaway embedded PostgreSQL in a temp dir, or DATABASE_URL. Rate limits are off.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

type Probe = {
  fn: 'auth-login' | 'auth-forgot-password' | 'auth-register';
  body: Record<string, string>;
  /** Whether the email caps per mailbox apply (EMAIL_CAP_PER_HOUR and _PER_DAY at their defaults). */
  caps: boolean;
};
type Timing = { ms: number; status: number };

const siteOrigin = 'http://localhost:8888';

function runInFreshWorker(probe: Probe): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: probe });
    worker.once('message', (timing: Timing) => {
      resolve(timing);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function measure() {
  const { readLimit } = await import('../../src/server/config.ts');
  const { startEmbeddedDatabase } = await import('../../src/server/db/embedded.ts');
  const { migrate } = await import('../../src/server/db/migrate.ts');
  const { closeDatabase } = await import('../../src/server/db/database.ts');
  const { createOrPromoteAdmin, revokeAdmin } = await import('../../src/server/auth/admins.ts');
  const pairs = readLimit('BENCH_PAIRS', 30);

  const dir = await mkdtemp(path.join(tmpdir(), 'kayal-bench-auth-'));
  // As root, Postgres runs as the `postgres` user, which must be able to enter this directory.
  await chmod(dir, 0o755);
  let stopDatabase = async () => {};
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedDatabase(path.join(dir, 'postgres'));
    process.env.DATABASE_URL = embedded.url;
    stopDatabase = () => embedded.stop();
  }
  process.env.OUTBOX_DIR = path.join(dir, 'outbox');
  process.env.AUTH_RATE_LIMIT = '0';
  process.env.EMAIL_CAP_PER_HOUR = '0';
  process.env.EMAIL_CAP_PER_DAY = '0';
  for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_JWT_SECRET']) delete process.env[name];
  try {
    await migrate(process.env.DATABASE_URL as string);
    const known = `bench.${crypto.randomUUID()}@example.com`;
    // A plain confirmed account: made the way the office makes one, then without the admin role.
    await createOrPromoteAdmin({ email: known, name: 'Bench Guest', password: 'bench known passphrase' });
    await revokeAdmin({ email: known });

    const kinds = [
      {
        fn: 'auth-login',
        label: 'sign-in, wrong password',
        body: (email: string) => ({ email, password: 'not the passphrase' }),
        caps: false,
      },
      {
        fn: 'auth-forgot-password',
        label: 'forgot-password',
        body: (email: string) => ({ email }),
        caps: false,
      },
      {
        fn: 'auth-register',
        label: 'sign-up, email caps on',
        body: (email: string) => ({ name: 'Bench Guest', email, password: 'tide pool lantern 9' }),
        caps: true,
      },
    ] as const;
    const lines = [
      '| request | known (median ms) | unknown (median ms) | unknown − known | unknown slower in |',
      '|---|---|---|---|---|',
    ];
    for (const kind of kinds) {
      const times = { known: [] as number[], unknown: [] as number[] };
      let unknownSlower = 0;
      // The known address's notice of the day goes now, untimed: every timed sign-up of it is capped.
      if (kind.caps) await runInFreshWorker({ fn: kind.fn, body: kind.body(known), caps: true });
      for (let pair = 0; pair < pairs; pair++) {
        const order = Math.random() < 0.5 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        const result: Partial<Record<'known' | 'unknown', number>> = {};
        for (const who of order) {
          const email = who === 'known' ? known : `bench.${crypto.randomUUID()}@example.com`;
          const probe = { fn: kind.fn, body: kind.body(email), caps: kind.caps };
          const { ms, status } = await runInFreshWorker(probe);
          if (status >= 500) throw new Error(`${kind.fn} answered ${status}`);
          result[who] = ms;
          times[who].push(ms);
        }
        if ((result.unknown as number) > (result.known as number)) unknownSlower++;
      }
      const [k, u] = [median(times.known), median(times.unknown)];
      lines.push(
        `| ${kind.label} | ${k.toFixed(0)} | ${u.toFixed(0)} | ${(u - k).toFixed(0)} | ${unknownSlower} of ${pairs} pairs |`,
      );
    }
    console.log(`\nEach request in a fresh worker thread, handler time only; ${pairs} pairs each.\n`);
    console.log(lines.join('\n'));
  } finally {
    await closeDatabase();
    await stopDatabase();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!isMainThread) {
  const { fn, body, caps } = workerData as Probe;
  if (caps) {
    delete process.env.EMAIL_CAP_PER_HOUR;
    delete process.env.EMAIL_CAP_PER_DAY;
  }
  const { default: handler } = await import(`../../netlify/functions/${fn}.mts`);
  const request = new Request(new URL(`/api/${fn.replace('auth-', 'auth/')}`, siteOrigin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteOrigin },
    body: JSON.stringify(body),
  });
  const started = performance.now();
  const response: Response = await handler(request, { ip: '198.51.100.7' });
  const ms = performance.now() - started;
  const { closeDatabase } = await import('../../src/server/db/database.ts');
  await closeDatabase();
  parentPort?.postMessage({ ms, status: response.status } satisfies Timing);
} else {
  await measure();
}
