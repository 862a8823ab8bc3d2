/**
 * `npm run bench:start`: how long `npm start` takes from a fresh clone, cold and warm. Clones this
 * checkout's HEAD (committed work only) into a temp folder, links this checkout's node_modules into it
 * (`cp -al`, as a second checkout would have them installed), then BENCH_RUNS times (default 2):
 *
 * - cold: no dist/, no .netlify/ (bundle cache, build fingerprint), no Astro or Vite cache
 *   (node_modules/.astro, .vite, .cache) and no database, as just after `git clone && npm install`;
 * - warm: `npm start` again with nothing changed.
 *
 * Each is timed from `npm start` to the first 200 on the URL it prints, and to its line saying that
 * every function is ready; the load average is printed beside each, since the 2 cores are shared.
 * BENCH_PORT (8950) is where the clone serves (its content editor's backend on CMS_BACKEND_PORT, or
 * the next port); BENCH_REF checks out another commit or branch in the
 * clone (to time an earlier `npm start`: one that printed its URL only once every function was ready);
 * BENCH_KEEP=1 keeps the clone.
 */
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.env.BENCH_RUNS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 8950);
const run = promisify(execFile);

type Timing = {
  kind: 'cold' | 'warm';
  firstOk: number;
  functionsReady: number;
  load: string;
  /** What npm start printed, each line after the seconds it came at. */
  timeline: string;
};

/** Runs `npm start` in `clone` until its URL answers 200 and its functions are ready, then stops it. */
async function timeStart(clone: string, kind: Timing['kind']): Promise<Timing> {
  const load = loadavg()
    .map((figure) => figure.toFixed(1))
    .join(' ');
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: {
      ...process.env,
      PORT: String(port),
      CMS_BACKEND_PORT: process.env.CMS_BACKEND_PORT ?? String(port + 1),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the stop reaches npm, the server and its PostgreSQL.
    detached: true,
  });
  let output = '';
  let timeline = '';
  let partial = '';
  let firstOk: number | undefined;
  let functionsReady: number | undefined;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let poll: NodeJS.Timeout | undefined;
  let timeout: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const at = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(5);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) timeline += `${at} s  ${line}\n`;
      if (functionsReady === undefined && /Functions: \d+ of \d+ ready in/.test(output)) {
        functionsReady = (performance.now() - startedAt) / 1000;
      }
      const url = /is running at (\S+)/.exec(output)?.[1];
      if (url && firstOk === undefined) {
        firstOk = Number.NaN;
        void (async () => {
          for (;;) {
            const response = await fetch(url).catch(() => undefined);
            await response?.body?.cancel();
            if (response?.status === 200) break;
            await new Promise((wait) => setTimeout(wait, 100));
          }
          firstOk = (performance.now() - startedAt) / 1000;
        })();
      }
      // An earlier npm start, which says nothing of its functions, printed its URL once all were ready.
      const reportsFunctions = output.includes('Functions: preparing');
      if (Number.isFinite(firstOk) && (functionsReady !== undefined || !reportsFunctions)) {
        functionsReady ??= firstOk;
        resolve();
      }
    };
    poll = setInterval(() => seen(Buffer.alloc(0)), 100);
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
    timeout = setTimeout(
      () => reject(new Error(`npm start was not ready in 10 minutes:\n${output}`)),
      600_000,
    );
  });
  try {
    await done;
  } finally {
    clearInterval(poll);
    clearTimeout(timeout);
    await stopGroup(child.pid as number);
  }
  return { kind, firstOk: firstOk as number, functionsReady: functionsReady as number, load, timeline };
}

/** SIGTERM to a process group, then waits until every process in it has exited (the database stops last). */
async function stopGroup(group: number) {
  try {
    process.kill(-group, 'SIGTERM');
  } catch {
    return;
  }
  for (;;) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

const clone = await mkdtemp(path.join(tmpdir(), 'kayal-bench-start-'));
console.log(`Cloning ${root}${process.env.BENCH_REF ? ` at ${process.env.BENCH_REF}` : ''} into ${clone} …`);
// Readable by all, as a clone's folder is: as root, the embedded PostgreSQL runs as the postgres user.
await chmod(clone, 0o755);
await run('git', ['clone', '--quiet', root, clone]);
if (process.env.BENCH_REF) await run('git', ['checkout', '--quiet', process.env.BENCH_REF], { cwd: clone });
await run('cp', ['-al', path.join(root, 'node_modules'), path.join(clone, 'node_modules')]);

const timings: Timing[] = [];
try {
  for (let round = 1; round <= runs; round++) {
    // Links only: removing them leaves this checkout's own caches as they are.
    for (const folder of [
      'dist',
      '.netlify',
      '.data',
      'node_modules/.astro',
      'node_modules/.vite',
      'node_modules/.cache',
    ]) {
      await rm(path.join(clone, folder), { recursive: true, force: true });
    }
    for (const kind of ['cold', 'warm'] as const) {
      const timing = await timeStart(clone, kind);
      timings.push(timing);
      if (round === 1) console.log(`\nnpm start, ${kind}:\n${timing.timeline}`);
      console.log(
        `run ${round} ${kind}: first 200 after ${timing.firstOk.toFixed(1)} s, all functions ready after ${timing.functionsReady.toFixed(1)} s (load average ${timing.load})`,
      );
    }
  }
} finally {
  if (process.env.BENCH_KEEP !== '1') await rm(clone, { recursive: true, force: true });
}

console.log('\n| start | first 200 on the URL | every function ready | load average (1, 5, 15 min) |');
console.log('|---|---|---|---|');
for (const { kind, firstOk, functionsReady, load } of timings) {
  console.log(`| ${kind} | ${firstOk.toFixed(1)} s | ${functionsReady.toFixed(1)} s | ${load} |`);
}
