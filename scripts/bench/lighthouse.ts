/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on Debian's Chromium
 * against the site served as `npm start` serves it (compressed, as Netlify's CDN sends it), each page
 * beside the same page with every script taken out (without-scripts.ts), the two measured by turns in
 * one run, 5 times each; each figure is its median over the runs. The pages and their JS budgets are
 * in `page-budgets.ts`. Prints the four category scores, LCP and TBT each beside the script-free
 * page's and their ratio, CLS, total bytes and script bytes (gzip), every run's BenchmarkIndex, then
 * the budgets missed: performance ≥ 98, accessibility, best practices and SEO 100, TBT within 1.5× and
 * LCP within 1.1× of the page without scripts (or within the product's own 30 ms and 1.0 s; a page that
 * runs no script is its own copy, and its ratios judge nothing), CLS 0 and each page's JS budget. The script-free page
 * is the honest anchor on a shared machine, where load moves TBT by hundreds of milliseconds for a
 * page with no script at all (docs/decisions.md). A page that asks search engines not to index it
 * (the account screens) is scored for SEO without the "is crawlable" audit: being unlisted is its
 * purpose, not a fault. Exits 1 when a budget is missed. Build first with SITE_URL set to the origin.
 *
 * The CPU slowdown is Lighthouse's default 4×, the budget's own terms, meant for a desktop whose
 * BenchmarkIndex is about 1,500 (each row prints the machine's). `BENCH_CPU_SLOWDOWN=calibrate`
 * calibrates it to this machine as Lighthouse's docs describe (cpu-slowdown.ts): three runs of the
 * home page read the BenchmarkIndex, and every page is measured at the slowdown that makes this
 * machine the phone Lighthouse stands for; `BENCH_CPU_SLOWDOWN=<number>` sets it.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer, stopServer } from '../support/served-site.ts';
import { cpuSlowdownFor } from './cpu-slowdown.ts';
import { median } from './median.ts';
import { jsBudgetKb, lighthousePages } from './page-budgets.ts';
import { withoutScripts, withoutScriptsFolder, withoutScriptsPath } from './without-scripts.ts';

const port = Number(process.env.BENCH_PORT ?? 8897);
const origin = `http://127.0.0.1:${port}`;
// Five: a villa's simulated LCP ranged 928–1,076 ms over five runs of one build, as the order its
// requests happened to finish in moved what Lighthouse counts; a median of three moved by 50–70 ms.
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pages = process.env.BENCH_PAGES?.split(',') ?? lighthousePages;
/** `BENCH_REPORTS_DIR`: where to keep each run's Lighthouse report (JSON), for reading; none by default. */
const reportsDir = process.env.BENCH_REPORTS_DIR;
/** Each page against its script-free copy: the terms (#50). */
const budgets = { performance: 98, tbtRatio: 1.5, lcpRatio: 1.1 };
/**
 * The product's own budgets (TBT ≤ 30 ms, LCP ≤ 1.0 s): a figure within them is met whatever the
 * ratio says. The ratio is for a busy machine, where a page with no script measured 59 to 100 ms of
 * TBT; near zero it judges noise (a sign-up page's 1 ms "over" 1.5 × 0 ms).
 */
const absolute = { tbtMs: 30, lcpMs: 1000 };
const dataDir = '.data/bench/postgres';

type Sample = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  /** The element Lighthouse took as the largest paint, to say where a slow LCP comes from. */
  lcpElement: string;
  tbtMs: number;
  cls: number;
  totalKb: number;
  scriptKb: number;
  /** The page asks not to be indexed, so SEO was scored without the crawlability audit. */
  unlisted: boolean;
  /** How fast Lighthouse found this machine as the run began (its `environment.benchmarkIndex`). */
  benchmarkIndex: number;
};

type Row = Sample & {
  page: string;
  /**
   * Whether the page runs any script. One that runs none is its own script-free copy: measuring the
   * two by turns measures only the machine (`/villas` 100 against 59 ms of TBT, the same bytes), so
   * the ratios are shown but judge nothing.
   */
  scripted: boolean;
  /** The same page with every script taken out, measured by turns with it: its medians. */
  bare: Sample;
  /** Every run's BenchmarkIndex, the page's and its script-free copy's, in the order they ran. */
  benchmarkIndexes: number[];
};

// Scripts count gzipped, as they travel: fetch hands back the body decompressed, so it is gzipped again here.
const gzippedSizes = new Map<string, Promise<number>>();
function gzippedSize(url: string): Promise<number> {
  if (!gzippedSizes.has(url)) {
    gzippedSizes.set(
      url,
      fetch(url).then(async (response) => gzipSync(Buffer.from(await response.arrayBuffer())).byteLength),
    );
  }
  return gzippedSizes.get(url) as Promise<number>;
}

async function asksNotToBeIndexed(url: string): Promise<boolean> {
  const html = await (await fetch(url)).text();
  return /<meta[^>]+name="robots"[^>]+content="[^"]*noindex/.test(html);
}

async function measure(
  url: string,
  chromePort: number,
  unlisted: boolean,
  cpuSlowdownMultiplier?: number,
): Promise<Sample> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(unlisted ? { skipAudits: ['is-crawlable'] } : {}),
    // The mobile preset's network throttling stays; only the CPU's slowdown is this machine's.
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportsDir) {
    // Every run's whole report, to read what a long task was (its long-tasks and bootup-time audits).
    const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${Date.now()}.json`;
    await mkdir(reportsDir, { recursive: true });
    await writeFile(join(reportsDir, name), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  // A run that failed (seen: NO_FCP on a busy machine) scores 0 everywhere: it is left out of the medians.
  const failed = runtimeError !== undefined;
  if (failed) console.error(`${url}: run failed (${runtimeError.code}), left out of the medians`);
  const score = (id: string) => (failed ? Number.NaN : Math.round((categories[id]?.score ?? 0) * 100));
  const figure = (id: string) => (failed ? Number.NaN : (audits[id]?.numericValue ?? 0));
  const requests =
    (audits['network-requests']?.details as { items?: { resourceType?: string; url?: string }[] })?.items ??
    [];
  const scripts = requests.filter((request) => request.resourceType === 'Script' && request.url);
  const scriptSizes = await Promise.all(scripts.map((request) => gzippedSize(request.url as string)));
  const scriptBytes = scriptSizes.reduce((sum, size) => sum + size, 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(figure('largest-contentful-paint')),
    lcpElement: largestPaintedElement(audits['lcp-breakdown-insight']?.details),
    tbtMs: Math.round(figure('total-blocking-time')),
    cls: Number(figure('cumulative-layout-shift').toFixed(3)),
    totalKb: Math.round(figure('total-byte-weight') / 1024),
    scriptKb: failed ? Number.NaN : Math.round(scriptBytes / 1024),
    unlisted,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  };
}

/** The LCP element's selector, from the audit's details (a table whose first item holds the node). */
function largestPaintedElement(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"selector":"([^"]+)"/);
  return found?.[1] ?? 'unknown';
}

/**
 * Each figure's own median over the runs. One run's figures taken whole (the run with the median
 * score) let a single slow run's LCP stand for the page whenever every run scored 100.
 */
function medianOf(samples: Sample[]): Sample {
  const of = (figure: (sample: Sample) => number) => median(samples.map(figure));
  const lcpMs = of((sample) => sample.lcpMs);
  // The element of the run whose LCP is nearest the median (with an even count, none is exactly it).
  const nearest = samples
    .filter((sample) => Number.isFinite(sample.lcpMs))
    .toSorted((a, b) => Math.abs(a.lcpMs - lcpMs) - Math.abs(b.lcpMs - lcpMs))[0];
  return {
    performance: of((sample) => sample.performance),
    accessibility: of((sample) => sample.accessibility),
    bestPractices: of((sample) => sample.bestPractices),
    seo: of((sample) => sample.seo),
    lcpMs: Math.round(lcpMs),
    lcpElement: nearest?.lcpElement ?? 'unknown',
    tbtMs: Math.round(of((sample) => sample.tbtMs)),
    cls: of((sample) => sample.cls),
    totalKb: Math.round(of((sample) => sample.totalKb)),
    scriptKb: Math.round(of((sample) => sample.scriptKb)),
    unlisted: samples[0]?.unlisted ?? false,
    benchmarkIndex: Math.round(of((sample) => sample.benchmarkIndex)),
  };
}

/** `part` over `whole`, to two places; none when the script-free page measured nothing. */
function ratio(part: number, whole: number): number | null {
  return whole > 0 ? Number((part / whole).toFixed(2)) : null;
}

function budgetsMissed(row: Row): string[] {
  const missed: string[] = [];
  if (row.performance < budgets.performance)
    missed.push(`${row.page}: performance ${row.performance} < ${budgets.performance}`);
  for (const key of ['accessibility', 'bestPractices', 'seo'] as const) {
    if (row[key] < 100) missed.push(`${row.page}: ${key} ${row[key]} < 100`);
  }
  if (row.scripted && row.lcpMs > absolute.lcpMs && row.lcpMs > row.bare.lcpMs * budgets.lcpRatio) {
    missed.push(
      `${row.page}: LCP ${row.lcpMs} ms > ${budgets.lcpRatio} × ${row.bare.lcpMs} ms without scripts (the largest paint: ${row.lcpElement})`,
    );
  }
  if (row.scripted && row.tbtMs > absolute.tbtMs && row.tbtMs > row.bare.tbtMs * budgets.tbtRatio)
    missed.push(
      `${row.page}: TBT ${row.tbtMs} ms > ${budgets.tbtRatio} × ${row.bare.tbtMs} ms without scripts`,
    );
  if (row.cls > 0) missed.push(`${row.page}: CLS ${row.cls} > 0`);
  const { beforeInteraction, onInteraction } = jsBudgetKb(row.page);
  // Lighthouse sees what the prefetch fetches when it starts before its trace ends (a slow load), so
  // the page may count both.
  const jsBudget = beforeInteraction + onInteraction;
  if (row.scriptKb > jsBudget) missed.push(`${row.page}: script ${row.scriptKb} KB > ${jsBudget} KB`);
  return missed;
}

/**
 * Writes each page's script-free copy into the build, from the page as the server answers it (a page
 * a function renders, /search, included), so the copy is served from the same origin, compressed and
 * cached alike, and links the very same stylesheet and pictures.
 */
async function writeScriptFreeCopies(): Promise<Set<string>> {
  const scripted = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${origin}${page}`)).text();
    const file = join('dist', withoutScriptsPath(page), 'index.html');
    await mkdir(dirname(file), { recursive: true });
    const bare = withoutScripts(html);
    if (bare !== html) scripted.add(page);
    await writeFile(file, bare);
  }
  return scripted;
}

await rm('.data/bench', { recursive: true, force: true });
const server = await startServer(port, { EMBEDDED_DATA_DIR: dataDir, DATABASE_URL: '' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows: Row[] = [];
let calibration: { benchmarkIndex?: number; cpuSlowdown: number };
try {
  if (process.env.BENCH_CPU_SLOWDOWN !== 'calibrate') {
    calibration = { cpuSlowdown: Number(process.env.BENCH_CPU_SLOWDOWN ?? 4) };
  } else {
    const readings: number[] = [];
    for (let run = 0; run < 3; run++)
      readings.push((await measure(`${origin}/`, chrome.port, false)).benchmarkIndex);
    const benchmarkIndex = median(readings);
    calibration = { benchmarkIndex, cpuSlowdown: Number(cpuSlowdownFor(benchmarkIndex).toFixed(1)) };
  }
  const scripted = await writeScriptFreeCopies();
  for (const page of pages) {
    const samples: Sample[] = [];
    const bareSamples: Sample[] = [];
    const benchmarkIndexes: number[] = [];
    const unlisted = await asksNotToBeIndexed(`${origin}${page}`);
    // By turns, so a spell of load on the machine falls on both alike.
    for (let run = 0; run < runs; run++) {
      const sample = await measure(`${origin}${page}`, chrome.port, unlisted, calibration.cpuSlowdown);
      const bare = await measure(
        `${origin}${withoutScriptsPath(page)}`,
        chrome.port,
        unlisted,
        calibration.cpuSlowdown,
      );
      samples.push(sample);
      bareSamples.push(bare);
      benchmarkIndexes.push(sample.benchmarkIndex, bare.benchmarkIndex);
      console.error(
        `${page} run ${run + 1}: perf ${sample.performance}/${bare.performance}, TBT ${sample.tbtMs}/${bare.tbtMs} ms, LCP ${sample.lcpMs}/${bare.lcpMs} ms (with/without scripts), BenchmarkIndex ${sample.benchmarkIndex}/${bare.benchmarkIndex}`,
      );
    }
    rows.push({
      page,
      scripted: scripted.has(page),
      ...medianOf(samples),
      bare: medianOf(bareSamples),
      benchmarkIndexes,
    });
  }
} finally {
  chrome.kill();
  await stopServer(server);
  await rm(join('dist', withoutScriptsFolder), { recursive: true, force: true });
}

const header =
  '| page | perf (without scripts) | a11y | best | seo | LCP ms | without scripts | ratio | TBT ms | without scripts | ratio | CLS | total KB | script KB gzip | JS budget KB (before + on interaction) | BenchmarkIndex (median; every run) |';
console.log(
  `\nLighthouse mobile, median of ${runs}, each page by turns with itself without scripts (${new Date().toISOString()})`,
);
console.log(
  calibration.benchmarkIndex === undefined
    ? `CPU slowdown ${calibration.cpuSlowdown}× (BENCH_CPU_SLOWDOWN=calibrate fits it to this machine)\n`
    : `CPU slowdown ${calibration.cpuSlowdown}×, calibrated: this machine's BenchmarkIndex ${calibration.benchmarkIndex} (median of 3); Lighthouse's default 4× is for 1,533\n`,
);
console.log(header);
console.log(header.replace(/[^|]/g, '-'));
const shown = (value: number | null) => (value === null ? '—' : value.toFixed(2));
for (const row of rows) {
  const { beforeInteraction, onInteraction } = jsBudgetKb(row.page);
  console.log(
    `| ${row.page}${row.scripted ? '' : '†'} | ${row.performance} (${row.bare.performance}) | ${row.accessibility} | ${row.bestPractices} | ${row.seo}${row.unlisted ? '*' : ''} | ${row.lcpMs} | ${row.bare.lcpMs} | ${shown(ratio(row.lcpMs, row.bare.lcpMs))} | ${row.tbtMs} | ${row.bare.tbtMs} | ${shown(ratio(row.tbtMs, row.bare.tbtMs))} | ${row.cls} | ${row.totalKb} | ${row.scriptKb} | ${beforeInteraction} + ${onInteraction} | ${row.benchmarkIndex}; ${row.benchmarkIndexes.join(', ')} |`,
  );
}
if (rows.some((row) => row.unlisted))
  console.log('\n* unlisted (noindex): SEO without the crawlability audit');
if (rows.some((row) => !row.scripted))
  console.log(
    '† runs no script: its own script-free copy, so its ratios measure the machine and judge nothing',
  );
console.log(
  `A ratio is met within ${budgets.tbtRatio}× (TBT) and ${budgets.lcpRatio}× (LCP), or within the product's own ${absolute.tbtMs} ms and ${absolute.lcpMs} ms.`,
);
const missed = rows.flatMap(budgetsMissed);
console.log(missed.length > 0 ? `\nBudgets missed:\n- ${missed.join('\n- ')}` : '\nEvery budget met.');
process.exitCode = missed.length > 0 ? 1 : 0;
