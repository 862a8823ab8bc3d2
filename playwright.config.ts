import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8899);
export const baseURL = `http://127.0.0.1:${port}`;

// Per port, so two e2e runs on one checkout (E2E_PORT) never delete each other's database or mail.
/** The embedded database the e2e server creates afresh for every run. */
export const e2eDataDir = `.data/e2e-${port}/postgres`;

/**
 * The throwaway copy of src/content and src/assets the e2e server's content editor saves into
 * (CMS_WORKING_COPY), made afresh as it starts: the tests never write the checkout's content.
 */
export const cmsWorkingCopy = `.data/e2e-${port}/cms-working-copy`;

/** Where the e2e server writes emails, so a test can open the link a guest would. */
export const e2eOutboxDir = `.data/e2e-${port}/outbox`;

/** CI sets this to run the server tests on PostgreSQL 15 instead of the embedded database. */
export const externalDatabaseUrl = process.env.E2E_DATABASE_URL;

/** What `npm start`'s server prints once it serves and once all its functions are ready (scripts/serve.ts). */
export const serverReady = /(?=[\s\S]*is running at)(?=[\s\S]*Functions: \d+ of \d+ ready in)/;

// Every sign-up and sign-in of the journeys hashes a password: at OWASP's cost 0.75 s of a core each.
// Set here, so the e2e server, the servers tests start and the scripts they run (admin:create) inherit
// it; the cost is stored in each hash, so what is tested is the same (src/server/config.ts).
process.env.PASSWORD_HASH_LOG_N ??= '12';

/**
 * Two workers, one per core: while one test's browser waits on the server or the database, the other
 * test's runs. Measured on 70 journeys and forms (admin, booking, search, property pages) in the
 * headless shell: 234 s with two against 296 and 306 s with one. Before warm function instances and
 * the headless shell, two were slower (the whole suite 31 against 17 min), since every API call cost a
 * worker thread. Every test owns its data; `@alone` tests still run by themselves, after the rest.
 */
const workers = 2;

/**
 * Debian's Chromium, as its old headless shell (`apt-get install chromium-headless-shell`), the build
 * Playwright itself runs headless tests in: the same Blink and V8 without the full browser around
 * them. 165 tests (the axe sweep and the public pages) took 397 and 424 s in it against 503 and 562 s
 * in the full browser, alternated on one machine, all passing in both; a context opens in about 0.25 s
 * instead of 0.6. Without the package, the full browser runs them. CHROMIUM_PATH overrides both.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** Chromium as each project runs it. */
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test owns its data (its own guests, admins, stays and feeds: tests/README.md); a file whose
  // tests share a server or rows made in its `beforeAll` keeps them in one worker (`mode: 'default'`).
  fullyParallel: true,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  use: {
    baseURL,
    // Recording a trace costs every test about a tenth of its time, and CI keeps only what is printed.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser download cannot work here.
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: desktop, grepInvert: /@alone/ },
    // Tests tagged @alone change what every other test sees: every property's calendar (the demo
    // rows), the office's totals (the counts), or every function slot of the shared server (200 posts
    // at once). They run after the rest, one at a time.
    // Run one of them by itself with --no-deps, or the whole `desktop` project runs first.
    { name: 'alone', use: desktop, grep: /@alone/, dependencies: ['desktop'], workers: 1 },
  ],
  webServer: {
    // The production build (npm run test:e2e builds first) served as `npm start` serves it.
    // --fresh empties the database and the outbox once the server owns them: a second run on this port
    // is refused without deleting the first one's data (a shell `rm -rf` before the start did).
    command: 'node scripts/serve.ts --fresh',
    // The tests start once the server prints its URL and every function is ready, in either order (a
    // cold start bundles the functions after the URL; a warm one finds them all cached before it): the
    // first journeys must not race the bundling on a loaded machine. No `url` check, which Playwright
    // races against this one and would win as soon as /api/health answers.
    wait: { stdout: serverReady },
    // A fresh checkout (CI) bundles every function first: all were ready 48–81 s after the start of a
    // fresh clone at load average 11–14 (README, "First start, measured").
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      EMBEDDED_DATA_DIR: e2eDataDir,
      DATABASE_URL: externalDatabaseUrl ?? '',
      // The journeys call 55 of the functions: at npm start's 16 idle instances, 205 instances started
      // for 1,065 calls, each loading its bundle again (0.3–0.5 s of a core on a slow machine). Room
      // for every function (70–75, 20–40 MB each) starts each about once, more only when calls overlap.
      FUNCTION_INSTANCES_IDLE: '80',
      // The concurrency test sends 200 posts from one address.
      FORM_RATE_LIMIT: '1000',
      // ... and every one of them alerts the office at once, as the journeys' posts do.
      FORM_OFFICE_ALERTS_PER_HOUR: '1000',
      // Journeys fill a form in faster than a person: the token they post with must still be ours and
      // under a day old, just not 3 s old. server.spec.ts holds browsers without JavaScript to a wait,
      // on a server of its own.
      FORM_MIN_FILL_SECONDS: '0',
      AUTH_RATE_LIMIT: '1000',
      OUTBOX_DIR: e2eOutboxDir,
      CMS_WORKING_COPY: cmsWorkingCopy,
      // calendar-sync.spec.ts serves another platform's feed from 127.0.0.1 over http.
      CALENDAR_FEEDS_ALLOW_LOOPBACK: '1',
    },
  },
});
