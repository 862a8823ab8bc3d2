/**
 * `npm start` (after scripts/start.ts has built the site) and `npm run serve`: serves the production
 * build (dist/) and the Netlify functions together through Netlify's own local emulation, with
 * netlify.toml's redirects and headers, on the configured or the embedded database. Says what it does
 * as it starts, a line a step, and prints the URL once the site answers its pages and /api/health. The
 * other functions come from the bundle cache or are bundled in the background meanwhile; a request
 * for one not ready yet waits for its bundle.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import compression from 'compression';
import pLimit from 'p-limit';
import { cmsBackendPort } from '../src/features/content-editor/local-backend-contract.ts';
import { rebuildPath } from '../src/features/content-editor/rebuild-contract.ts';
import { apiRoutes } from '../src/lib/api-contract.ts';
import { ConfigurationError, checkEnvironment, readBackend, readPayments } from '../src/server/config.ts';
import { closeDatabase, serviceRole, withCaller } from '../src/server/db/database.ts';
import { DatabaseInUseError } from '../src/server/db/embedded.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { outboxDirectory } from '../src/server/email/email.ts';
import type { Handler } from '../src/server/http/endpoint.ts';
import { maxBodyBytes, tooLarge } from '../src/server/http/request.ts';
import { errorResponse, HttpError } from '../src/server/http/responses.ts';
import { testCards } from '../src/server/payments/index.ts';
import { fillCmsWorkingCopy, resolveCmsWorkingCopy, startCmsBackend } from './support/cms-backend.ts';
import { createFunctionBundleCache, functionBundlesDir, isRunning } from './support/function-bundle-cache.ts';
import { type MovedPage, readMovedPages } from './support/moved-pages.ts';
import { siteBuilt, stopSiteBuild } from './support/site-build.ts';
import { createSiteRebuilder } from './support/site-rebuild.ts';

const root = path.resolve(import.meta.dirname, '..');
const { settings, cmsWorkingCopy } = (() => {
  try {
    const settings = checkEnvironment();
    return { settings, cmsWorkingCopy: resolveCmsWorkingCopy(root, settings.CMS_WORKING_COPY) };
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
const { PORT: port, HOST: host } = settings;

// Links in emails (confirm, reset) point here; Netlify sets URL to the site's address in production.
process.env.URL ??= `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
// In a terminal a person reads the functions' log: short lines (src/server/runtime/logger.ts), not JSON.
if (process.stdout.isTTY && !process.env.LOG_FORMAT) process.env.LOG_FORMAT = 'pretty';

// Online payments go to the stand-in in the repository unless Stripe or Razorpay is configured: started here, on a
// port of its own, its address and a key made for this run handed to the functions.
const payments = readPayments();
const paymentStandIn =
  payments.kind === 'stand-in' && !payments.url
    ? await (async () => {
        const [{ startPaymentStandIn }, { standInKeys, standInRazorpayKeys }] = await Promise.all([
          import('../src/server/payments/index.ts'),
          import('../src/server/payments/index.ts'),
        ]);
        const key = randomBytes(32).toString('hex');
        const { secretKey, webhookSecret } = standInKeys(key);
        const standIn = await startPaymentStandIn({
          apiKey: secretKey,
          webhookSecret,
          webhookUrl: `${process.env.URL}${apiRoutes.paymentWebhook}`,
          // It answers Razorpay's API too; PAYMENT_STAND_IN_SHAPE=razorpay has the site call that one.
          razorpay: standInRazorpayKeys(key),
        });
        process.env.PAYMENT_STAND_IN_URL = standIn.url;
        process.env.PAYMENT_STAND_IN_KEY = key;
        return standIn;
      })()
    : undefined;

/** Seconds since `since` (a performance.now()), by default since this process started. */
const seconds = (since = 0) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// What this server has started, stopped in the opposite order on Ctrl-C or SIGTERM, which may come
// while it is still starting (the content editor's backend, a process of its own, must not outlive it).
const cleanups: (() => unknown)[] = [stopSiteBuild, () => paymentStandIn?.close()];
async function stopEverything() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // Stopping anyway: the next part still has to stop.
    }
  }
}
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stopEverything();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

const backend = readBackend();
// The guests' passport details are sealed with GUEST_DETAILS_KEY; on the embedded database, unset, with
// a key made once in .data/ (never in git, never in the database), so a first run needs no setup.
if (!settings.GUEST_DETAILS_KEY && backend.kind === 'embedded') {
  const { readOrMakeLocalKey } = await import('../src/server/booking/guests/guest-details-cipher.ts');
  process.env.GUEST_DETAILS_KEY = await readOrMakeLocalKey(path.join(root, '.data/guest-details.key'));
}
/** `--fresh`: an empty embedded database and outbox, as the e2e server starts (embedded.ts says why here). */
const fresh = process.argv.includes('--fresh');
const databaseStartedAt = performance.now();
console.log(
  backend.kind === 'embedded'
    ? `Database: starting the embedded PostgreSQL in ${path.relative(root, backend.dataDir) || backend.dataDir}…`
    : `Database: connecting to ${backend.kind === 'supabase' ? 'Supabase' : 'PostgreSQL'}…`,
);
// The database starts first, while the modules of Netlify's emulation load (seconds on a busy machine).
const databaseReady = prepareDatabase({
  command: 'npm start',
  alone: true,
  fresh,
  serves: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
}).then(
  async (database) => {
    // The outbox too, now that this server owns the data: never another running site's emails.
    if (fresh) await rm(outboxDirectory(), { recursive: true, force: true });
    const migrated = database.migrations.applied;
    console.log(
      `Database: ready in ${seconds(databaseStartedAt)}` +
        (migrated.length > 0
          ? `, ${migrated.length} migration${migrated.length === 1 ? '' : 's'} applied`
          : '') +
        '.',
    );
    if (migrated.length > 0) console.log(`  Migrated: ${migrated.join(', ')}`);
    return database;
  },
  (error: unknown) => {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  },
);
cleanups.push(async () => (await databaseReady).stop());
const [{ createLocalNetlify, readLocalFunctions }, bundlingPatch, { createWarmFunctionInstances }] =
  await Promise.all([
    import('./support/local-netlify.ts'),
    // A release that renames what the patch imports must not stop the start either.
    import('./support/bundle-functions-once.ts').catch((error: Error) => error),
    import('./support/warm-function-instances.ts'),
  ]);
// The patch that bundles each function once and keeps warm instances replaces private parts of
// @netlify/functions-dev. Where it does not apply (another version, its registry rewritten), or
// FUNCTIONS_BUNDLING_PATCH=off asks, the functions are served as @netlify/dev ships them: slower (each
// bundled as the server starts and again for every request, in a fresh worker), never refused.
const bundlingPatchProblem =
  settings.FUNCTIONS_BUNDLING_PATCH === 'off'
    ? 'FUNCTIONS_BUNDLING_PATCH=off'
    : (() => {
        if (bundlingPatch instanceof Error) return `it could not be loaded (${bundlingPatch.message})`;
        try {
          return bundlingPatch.findBundlingPatchProblem();
        } catch (error) {
          return `its internals could not be read (${(error as Error).message})`;
        }
      })();
const patched = bundlingPatchProblem === undefined;
if (!patched) {
  console.warn(
    "Functions: served by @netlify/dev as it ships, without npm start's bundling patch, so slower " +
      `(each bundled at start and again for every request, in a fresh worker). Why: ${bundlingPatchProblem}`,
  );
}

// The function behind /api/health, which the start waits for, so it is bundled first.
const healthPath = '/api/health';
const healthFunction = 'health';

const netlify = createLocalNetlify(root);

// Each function's bundle comes from this cache, shared by every server on the checkout
// (scripts/support/function-bundle-cache.ts). The functions are listed, and their bundles found or
// made, as Netlify's function registry would, while the site builds and the database starts: neither
// is needed for bundling.
const { bundlerSettings, functions } = await readLocalFunctions(netlify, root);
const bundleCache = createFunctionBundleCache({
  root,
  cacheDir: functionBundlesDir(root),
  functionsConfig: bundlerSettings,
});
cleanups.push(() => bundleCache.close());
if (patched) void prepareFunctions();
const registered = new Set<string>();
// Each function runs on warm instances, as on Netlify, rather than a worker started for each request.
const warmInstances = createWarmFunctionInstances({ maxIdle: settings.FUNCTION_INSTANCES_IDLE });
cleanups.push(() => warmInstances.close());
if (patched && !(bundlingPatch instanceof Error)) {
  bundlingPatch.takeBundlesFrom({
    invoke: (invocation, cold) => warmInstances.invoke(invocation, cold),
    register({ name, functionsConfig }) {
      if (JSON.stringify(functionsConfig) !== JSON.stringify(bundlerSettings)) {
        throw new Error(
          `Netlify's registry bundles ${name} with other settings than npm start's bundle cache: update scripts/support/bundle-functions-once.ts.`,
        );
      }
      registered.add(name);
    },
    bundle: async (name, mainFile) => (await bundleCache.get(name, mainFile, { urgent: true })).buildData,
  });
}

// The build start.ts began, if it had to (none under `npm run serve`).
try {
  await siteBuilt();
} catch (error) {
  console.error((error as Error).message);
  await stopEverything();
  process.exit(1);
}
if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.error('No build found in dist/. Run `npm start` (it builds first) or `npm run build`.');
  await stopEverything();
  process.exit(1);
}

const database = await databaseReady;
// The functions log in as the app role, never as the owner (see src/server/db/app-role.ts).
process.env.DATABASE_URL = database.appUrl;

// The content editor at /cms saves to this working copy (or CMS_WORKING_COPY's) through it; it loads
// slowly on a busy machine, so it starts now, beside the functions. A copy is filled (afresh under
// --fresh) only now that this server owns its data: never under another running site's editor.
await fillCmsWorkingCopy(root, cmsWorkingCopy, { fresh });
const cmsBackendStarted = startCmsBackend(cmsWorkingCopy, Number(port));
// The dashboard's content writes (a home marked sold) go to the same working copy, named for the functions.
process.env.CMS_WORKING_COPY = cmsWorkingCopy;
cleanups.push(async () => (await cmsBackendStarted).stop());

// Bundles earlier versions of this script left in Netlify's own folder: one per request (removed as it
// ends, unless a server was killed), one per server (start-<pid>-…), and the registry's. Another server
// on this checkout may be using some right now: a server's own folder is kept while it lives, the rest
// while fresh.
const functionsServePath = path.join(root, '.netlify/functions-serve');
for (const entry of await readdir(functionsServePath).catch(() => [] as string[])) {
  const folder = path.join(functionsServePath, entry);
  const owner = /^start-(\d+)-/.exec(entry)?.[1];
  const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
  const unused = owner ? !isRunning(Number(owner)) : Date.now() - mtimeMs > 10 * 60_000;
  if (unused) await rm(folder, { recursive: true, force: true }).catch(() => {});
}
await mkdir(functionsServePath, { recursive: true });

cleanups.push(() => netlify.stop());
await netlify.start();

// Requests that overlap start more instances (0.3–0.6 s of CPU each on 2 cores); a burst of hundreds
// admitted at once would start hundreds and starve them all past the 30 s function timeout. Netlify
// scales instances out without limit; here a queue admits a few at a time instead. A request
// joins it only once its body is in, so a slow client holds no place, and the health check never
// queues: it must answer while the functions are busy.
const admitFunction = pLimit(settings.FUNCTION_CONCURRENCY);

// A client gets this long for a request's headers, and again for its body (at most the 64 KB the
// functions accept); then it is answered 408 and disconnected, so slow clients cannot pile up.
const requestTimeoutMs = settings.REQUEST_TIMEOUT_SECONDS * 1000;

// Netlify's CDN compresses what it serves; so does this server, so local Lighthouse and load figures
// mean what they will in production. Images and fonts are compressed already and left alone (the
// library's filter compresses only types mime-db calls compressible); Vary: Accept-Encoding is set.
const compress = compression();

/** Reads the whole body, at most `maxBodyBytes`, refusing it with 413 or, past the deadline, 408. */
function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  let deadline: NodeJS.Timeout | undefined;
  return new Promise<Buffer>((resolve, reject) => {
    if (Number(req.headers['content-length']) > maxBodyBytes) return reject(tooLarge(maxBodyBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    if (requestTimeoutMs > 0) {
      deadline = setTimeout(
        () =>
          reject(
            new HttpError(408, 'request_timeout', 'The request took too long to arrive. Please try again.'),
          ),
        requestTimeoutMs,
      );
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBodyBytes) reject(tooLarge(maxBodyBytes));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // After 'end' this changes nothing; before it, the client is gone and nobody awaits an answer.
    req.on('close', () => reject(new Error('the client went away before sending its body')));
  }).finally(() => clearTimeout(deadline));
}

// Headers Netlify's edge sets itself, whatever a client sent: the client address above all, which the
// rate limits count by. @netlify/functions-dev 2.0.8 derives x-nf-client-connection-ip (and from it
// context.ip) from X-Forwarded-For, so that header carries the socket's address and nothing else.
const isPlatformHeader = (name: string) => name.startsWith('x-nf-') || name === 'x-forwarded-for';
const hopByHopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/**
 * The request as a Netlify function would receive it behind Netlify's edge, replayed from the body
 * already read: @netlify/dev reads only a request's headers, url, method and body stream.
 */
function toPlatformRequest(req: IncomingMessage, body: Buffer | undefined): IncomingMessage {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || isPlatformHeader(name) || hopByHopHeaders.has(name)) continue;
    headers[name] = value;
  }
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  if (body) headers['content-length'] = String(body.byteLength);
  return Object.assign(Readable.from(body?.byteLength ? [body] : []), {
    headers,
    url: req.url,
    method: req.method,
    httpVersionMajor: req.httpVersionMajor,
  }) as unknown as IncomingMessage;
}

async function send(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extraHeaders)) if (!headers.has(name)) headers.set(name, value);
  const csp = headers.get('content-security-policy');
  if (csp) headers.set('content-security-policy', allowLocalBackend(csp));
  // Object.fromEntries would keep one Set-Cookie of several (a session sets two).
  const cookies = headers.getSetCookie();
  headers.delete('set-cookie');
  res.writeHead(response.status, {
    ...Object.fromEntries(headers),
    ...(cookies.length ? { 'set-cookie': cookies } : {}),
  });
  if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
  else res.end();
}

// The old addresses netlify.toml moves: answered before the emulation, which runs a function at the old
// address when the new one is a function's (support/moved-pages.ts says why).
const movedPage = readMovedPages(path.join(root, 'netlify.toml'), path.join(root, 'dist'));

/** An old address moved for good: its redirect, with the headers netlify.toml gives every page. */
async function answerMoved(res: ServerResponse, origin: string, moved: MovedPage) {
  const ruleHeaders: Record<string, string> = {};
  await netlify.handleAndIntrospect(new Request(new URL('/404.html', origin)), {
    headersCollector: (name, value) => {
      ruleHeaders[name.toLowerCase()] = value;
    },
  });
  await send(res, new Response(null, { status: moved.status, headers: { location: moved.to } }), ruleHeaders);
}

/** The site's 404 page with the headers netlify.toml gives every page, as Netlify answers a missing one. */
async function answerPageNotFound(res: ServerResponse, origin: string) {
  const ruleHeaders: Record<string, string> = {};
  const page = await netlify.handleAndIntrospect(new Request(new URL('/404.html', origin)), {
    headersCollector: (name, value) => {
      ruleHeaders[name.toLowerCase()] = value;
    },
  });
  const body = page?.response.body ?? 'Not found';
  await send(
    res,
    new Response(body, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    ruleHeaders,
  );
}

function parseAddress(address: string, origin: string): URL {
  try {
    return new URL(address, origin);
  } catch {
    throw new HttpError(400, 'bad_request', 'This request address is not valid.');
  }
}

/**
 * The content editor's "Rebuild the site now" (support/site-rebuild.ts): kept apart from the rest of
 * the serving, since only `npm start` has it. Its build is swapped in for dist/ by two renames, while
 * pages wait (`awaitSiteSwap`): none is answered from a dist/ that is missing or half moved, and the
 * server serves the new site at once, without a restart, since Netlify's static handler reads dist/'s
 * files on each request.
 */
const siteRebuild = (() => {
  const dist = path.join(root, 'dist');
  let swapping: Promise<void> | undefined;
  let answering = 0;
  let endpoint: Promise<Handler> | undefined;
  async function swapIn(builtDir: string) {
    const previous = path.join(root, '.netlify', `site-previous-${process.pid}`);
    await rm(previous, { recursive: true, force: true });
    // A page loaded before the swap still fetches its scripts and styles by their old hashed names.
    await cp(path.join(dist, '_astro'), path.join(builtDir, '_astro'), { recursive: true, force: false });
    let release = () => {};
    swapping = new Promise((resolve) => {
      release = resolve;
    });
    try {
      // Answers already reading the old files finish first (a slow client gets 10 s).
      for (let waited = 0; answering > 0 && waited < 10_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await rename(dist, previous);
      await rename(builtDir, dist).catch(async (error: unknown) => {
        await rename(previous, dist);
        throw error;
      });
    } finally {
      swapping = undefined;
      release();
    }
    await rm(previous, { recursive: true, force: true });
  }
  const rebuilder = createSiteRebuilder({ root, workingCopy: cmsWorkingCopy, swapIn });
  cleanups.push(() => rebuilder.stop());
  return {
    /** Waits while a rebuild is swapped in, then counts the page's answer until it is sent. */
    async awaitSiteSwap(res: ServerResponse) {
      while (swapping) await swapping;
      answering += 1;
      res.once('close', () => {
        answering -= 1;
      });
    },
    /** The rebuild endpoint (support/rebuild-endpoint.ts), loaded on its first request: the auth modules load with it. */
    async answer(request: Request, ip: string): Promise<Response> {
      endpoint ??= import('./support/rebuild-endpoint.ts').then(({ rebuildEndpoint }) =>
        rebuildEndpoint(rebuilder),
      );
      return (await endpoint)(request, { ip, params: {} });
    },
  };
})();

/** A Node request, its body already read, as the Web Request an endpoint takes. */
function toWebRequest(req: IncomingMessage, origin: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || hopByHopHeaders.has(name)) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: body?.byteLength ? new Uint8Array(body) : undefined,
  });
}

/**
 * The editor's CSP in netlify.toml names its local backend on the default port, 8081; under another
 * CMS_BACKEND_PORT (a second checkout, a second e2e run) the editor's page names that one instead,
 * or it could not reach its backend. Netlify never serves the local backend, so only here.
 */
function allowLocalBackend(csp: string): string {
  if (cmsBackendPort === 8081) return csp;
  return csp.replaceAll('http://127.0.0.1:8081', `http://127.0.0.1:${cmsBackendPort}`);
}

async function answer(req: IncomingMessage, res: ServerResponse) {
  const isApi = req.url?.startsWith('/api/') ?? false;
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const body = hasBody ? await readRequestBody(req) : undefined;
    const request = toPlatformRequest(req, body);
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const { pathname } = parseAddress(req.url ?? '/', origin);
    // Netlify's own addresses of the functions: the scheduled ones (the mail worker, the imports, the
    // reconciliation) run here from this process's timers, as Netlify runs them from their schedule
    // (a published deploy does not invoke them by URL), and the others answer at their config.path only.
    // Left open, anyone who reaches the port could run any job as often as they liked.
    if (/^\/\.netlify\/(functions|builders)(\/|$)/.test(pathname)) {
      return await send(
        res,
        errorResponse(new HttpError(404, 'not_found', 'There is no API endpoint here.')),
      );
    }
    if (pathname === rebuildPath) {
      return await send(
        res,
        await siteRebuild.answer(toWebRequest(req, origin, body), req.socket.remoteAddress ?? ''),
      );
    }
    if (!isApi) await siteRebuild.awaitSiteSwap(res);
    const moved = isApi ? undefined : movedPage(pathname, parseAddress(req.url ?? '/', origin).searchParams);
    if (moved) return await answerMoved(res, origin, moved);
    const ruleHeaders: Record<string, string> = {};
    const handle = () =>
      netlify.handleAndIntrospectNodeRequest(request, {
        headersCollector: (name, value) => {
          ruleHeaders[name.toLowerCase()] = value;
        },
      });
    const match = isApi && pathname !== healthPath ? await admitFunction(handle) : await handle();
    // As on Netlify, [[headers]] rules apply to what the CDN serves, not to function responses.
    if (match) return await send(res, match.response, match.type === 'function' ? {} : ruleHeaders);
    if (isApi) {
      return await send(
        res,
        errorResponse(new HttpError(404, 'not_found', 'There is no API endpoint here.')),
      );
    }
    await answerPageNotFound(res, origin);
  } catch (error) {
    if (res.headersSent || (req.destroyed && !(error instanceof HttpError))) {
      res.destroy();
      return;
    }
    if (!(error instanceof HttpError)) console.error(error);
    const refusal =
      error instanceof HttpError
        ? error
        : new HttpError(500, 'internal_error', 'Something went wrong on our side.');
    // A refused body is not read to its end: close the connection rather than reuse it.
    res.setHeader('connection', 'close');
    if (isApi || refusal.status !== 500) return await send(res, errorResponse(refusal));
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
}

const server = createServer(
  {
    headersTimeout: requestTimeoutMs,
    // Node's own limit on a whole request, a backstop behind the body deadline above.
    requestTimeout: requestTimeoutMs * 3,
    // How often Node looks for requests past those limits (30 s by default).
    connectionsCheckingInterval: 1000,
  },
  // compression's types are Express's; it needs only Node's request and response.
  (req, res) => compress(req as never, res as never, () => void answer(req, res)),
);

cleanups.push(() => {
  server.close();
  server.closeAllConnections();
});
await new Promise<void>((resolve) => server.listen(port, host, resolve));
const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

/** Asks the site for `pathname` as a visitor would, until it answers 200 or `attempts` run out. */
async function answersOk(pathname: string, attempts: number): Promise<string | undefined> {
  let last = 'no answer';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const response = await fetch(new URL(pathname, url)).catch((error: Error) => error);
    if (response instanceof Response) {
      if (response.status === 200) {
        await response.body?.cancel();
        return undefined;
      }
      last = `${response.status}: ${(await response.text()).split('\n')[0]?.slice(0, 200)}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return last;
}
// The pages are files; /api/health is a function, so it waits for its bundle (first in the queue).
const notAnswering = (await answersOk('/', 10)) ?? (await answersOk(healthPath, 60));
if (patched && registered.size === 0) {
  console.error(
    "Netlify's registry registered no function through npm start's bundling patch " +
      '(scripts/support/bundle-functions-once.ts): @netlify/functions-dev has changed. Not serving.',
  );
  await stopEverything();
  process.exit(1);
}
if (notAnswering) console.warn(`The site does not answer as it should yet (${notAnswering}).`);

await cmsBackendStarted;

console.log(
  `\n  Kayal Villas is running at ${url}  (database: ${database.backend.kind}, started in ${seconds()})\n`,
);
const savesTo =
  cmsWorkingCopy === root
    ? 'src/content in this working copy'
    : `src/content in ${path.relative(root, cmsWorkingCopy) || cmsWorkingCopy}, CMS_WORKING_COPY`;
console.log(`  Content editor: ${url}/cms/ (saves to ${savesTo})\n`);
if (paymentStandIn) {
  console.log(
    `  Payments: the stand-in at ${paymentStandIn.url} takes them (test card ${testCards.paid}; ${testCards.declined} is declined)\n`,
  );
}

// On Supabase, admins are made in its dashboard (README); here, by a command the first run points to.
if (database.backend.kind !== 'supabase') {
  const admins = await withCaller(serviceRole, (tx) =>
    tx.query(`select 1 from app_private.users where app_metadata ->> 'role' = 'admin' limit 1`),
  );
  await closeDatabase();
  if (admins.length === 0) {
    console.log('  No admin account yet. Create one for /admin with:');
    console.log('    npm run admin:create -- --email you@example.com\n');
  }
}

const [
  { startEmailWorker },
  { queueOfficeAlertDigests },
  { startReminderWorker },
  { startArrivalPackWorker },
  { startReviewInvitationWorker },
  { startCalendarImporter },
  { startReconciliationWorker, choosePaymentProvider, registerReceiptPreparer },
  { stayPayables },
  { startGuestListRetentionWorker },
] = await Promise.all([
  import('../src/server/email/delivery.ts'),
  import('../src/server/office-alert-digest.ts'),
  import('../src/server/booking/payment-reminders.ts'),
  import('../src/server/booking/arrival-packs/arrival-pack-service.ts'),
  import('../src/server/reviews/review-service.ts'),
  import('../src/server/calendar-sync/calendar-sync-service.ts'),
  import('../src/server/payments/index.ts'),
  import('../src/server/booking/services/service-payable.ts'),
  import('../src/server/booking/guests/guest-list-service.ts'),
]);
// Emails wait in the outbox table until sent; this retries what a request could not send at once,
// and queues the digests of office alerts a flood of form posts held back. A payment's receipt is made
// as its email is sent, from the booking's ledger.
registerReceiptPreparer(stayPayables);
startEmailWorker(settings.EMAIL_WORKER_MS, queueOfficeAlertDigests);
// The balance reminders, as the daily `payment-reminders` function sends them on Netlify: at start and
// every hour after, so a machine that sleeps overnight still sends each day's (each goes once).
startReminderWorker();
// The arrival packs a week before arrival, as the daily `arrival-packs` function sends them on Netlify.
startArrivalPackWorker();
// The review invitations the day after a stay ends, as the daily `review-invitations` function sends them on Netlify.
startReviewInvitationWorker();
// Other platforms' calendars: the import queue worked every five minutes, as the scheduled function works it on Netlify.
startCalendarImporter(settings.CALENDAR_IMPORT_HOURS);
// Payment sessions no webhook and no return settled, as the scheduled `reconcile-payments` asks on Netlify.
startReconciliationWorker(stayPayables, () => choosePaymentProvider());
// Guest lists past their retention, as the daily `forget-guest-lists` function deletes them on Netlify.
startGuestListRetentionWorker();

/**
 * Prepares every function in the background, each from the cache or bundled, and says how far it has
 * got: a line at most every 5 seconds, and one when all are ready, with how many were bundled and how
 * many came from the cache. Resolves then.
 */
async function prepareFunctions(): Promise<void> {
  const since = performance.now();
  const total = functions.size;
  console.log(`Functions: preparing ${total}, each from the bundle cache or bundled…`);
  let settled = 0;
  let lastLine = since;
  const prepare = ([name, mainFile]: [string, string]) =>
    bundleCache
      .get(name, mainFile, { urgent: name === healthFunction })
      .then(
        () => {},
        (error: Error) => console.error(`Functions: ${name} failed to bundle: ${error.message}`),
      )
      .finally(() => {
        settled += 1;
        if (settled < total && performance.now() - lastLine > 5000) {
          lastLine = performance.now();
          console.log(`Functions: ${settled} of ${total} ready…`);
        }
      });
  // The start waits only for the build and the health function: the others are bundled (when not
  // in the cache) after the build, which would otherwise share the cores with them.
  const health = [...functions].filter(([name]) => name === healthFunction);
  const healthReady = health.map(prepare);
  await siteBuilt().catch(() => {});
  await Promise.all([
    ...healthReady,
    ...[...functions].filter(([name]) => name !== healthFunction).map(prepare),
  ]);
  const { bundled, fromCache, failed } = bundleCache.counts();
  console.log(
    `Functions: ${bundled + fromCache} of ${total} ready in ${seconds(since)} ` +
      `(${bundled} bundled, ${fromCache} from cache)${failed ? `; ${failed} failed to bundle, see above` : ''}.`,
  );
  await bundleCache.prune().catch(() => {});
}
