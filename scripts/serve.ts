/**
 * `npm start`: serves the production build (dist/) and the Netlify functions together through
 * Netlify's own local emulation, with netlify.toml's redirects and headers, on the configured or the
 * embedded database. Prints the URL only once every function has answered.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import compression from 'compression';
import pLimit from 'p-limit';
import { startCalendarImporter } from '../src/server/calendars/calendar-service.ts';
import { ConfigurationError, checkEnvironment } from '../src/server/config.ts';
import { closeDatabase, serviceRole, withCaller } from '../src/server/db/database.ts';
import { DatabaseInUseError } from '../src/server/db/embedded.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { startEmailWorker } from '../src/server/email/delivery.ts';
import { queueOfficeAlertDigests } from '../src/server/forms/office-alert-digest.ts';
import { maxBodyBytes, tooLarge } from '../src/server/http/request.ts';
import { errorResponse, HttpError } from '../src/server/http/responses.ts';
import { startReminderWorker } from '../src/server/ledger/payment-reminders.ts';
import {
  bundleEachFunctionOnce,
  findBundlingPatchProblem,
  installedFunctionsDevVersion,
} from './support/bundle-functions-once.ts';
import { startCmsBackend } from './support/cms-backend.ts';

const root = path.resolve(import.meta.dirname, '..');
const settings = (() => {
  try {
    return checkEnvironment();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
const { PORT: port, HOST: host } = settings;

if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.error('No build found in dist/. Run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

const bundlingPatchProblem = findBundlingPatchProblem();
if (bundlingPatchProblem) {
  console.error(bundlingPatchProblem);
  process.exit(1);
}

// Links in emails (confirm, reset) point here; Netlify sets URL to the site's address in production.
process.env.URL ??= `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

const database = await prepareDatabase({
  command: 'npm start',
  alone: true,
  serves: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
// The functions log in as the app role, never as the owner (see src/server/db/app-role.ts).
process.env.DATABASE_URL = database.appUrl;
if (database.migrations.applied.length > 0) {
  console.log(`Database migrated: ${database.migrations.applied.join(', ')}`);
}

const functionsServePath = path.join(root, '.netlify/functions-serve');
// Bundles earlier runs left behind. Another server on this checkout (the e2e tests run several) may be
// using some right now: a server's own folder is named after its process and kept while that lives;
// the rest are per-request folders and the registry's, rewritten as servers start, kept while fresh.
for (const entry of await readdir(functionsServePath).catch(() => [] as string[])) {
  const folder = path.join(functionsServePath, entry);
  const owner = /^start-(\d+)-/.exec(entry)?.[1];
  const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
  const unused = owner ? !isRunning(Number(owner)) : Date.now() - mtimeMs > 10 * 60_000;
  if (unused) await rm(folder, { recursive: true, force: true }).catch(() => {});
}
await mkdir(functionsServePath, { recursive: true });
const bundleFolder = await mkdtemp(path.join(functionsServePath, `start-${process.pid}-`));
bundleEachFunctionOnce(bundleFolder);

const netlify = new NetlifyDev({
  projectRoot: root,
  // Both reach the internet; nothing here may depend on it.
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  environmentVariables: { enabled: false },
  functions: { enabled: true },
  redirects: { enabled: true },
  headers: { enabled: true },
  staticFiles: { enabled: true },
  serverAddress: null,
});
await netlify.start();

// Locally each function request bundles the function and starts a worker (about 250 ms of CPU on
// 2 cores); a burst of hundreds admitted at once starves them all past the 30 s function timeout.
// Netlify gives each request its own instance; here a queue admits a few at a time instead. A request
// joins it only once its body is in, so a slow client holds no place, and the health check never
// queues: it must answer while the functions are busy.
const admitFunction = pLimit(settings.FUNCTION_CONCURRENCY);
const healthPath = '/api/health';

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

async function answer(req: IncomingMessage, res: ServerResponse) {
  const isApi = req.url?.startsWith('/api/') ?? false;
  try {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = toPlatformRequest(req, hasBody ? await readRequestBody(req) : undefined);
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const { pathname } = parseAddress(req.url ?? '/', origin);
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

await new Promise<void>((resolve) => server.listen(port, host, resolve));
const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

// The first requests after start fail while functions are bundled, so touch every one before
// announcing the URL.
async function warmUpFunctions() {
  const dir = path.join(root, 'netlify/functions');
  const targets: URL[] = [];
  for (const file of await readdir(dir)) {
    if (!/\.m?[jt]s$/.test(file)) continue;
    // Netlify reads `config.path` statically too; the modules are not imported here.
    const source = await readFile(path.join(dir, file), 'utf8');
    const routes = [
      ...(source.match(/\bpath:\s*(\[[^\]]*\]|'[^']*')/)?.[1] ?? '').matchAll(/'([^']+)'/g),
    ].map((found) => found[1] as string);
    for (const route of routes) {
      targets.push(new URL(route.replace(/:[^/]+/g, 'warm-up').replace(/\*/g, ''), url));
    }
  }
  // All at once: the admission queue above runs FUNCTION_CONCURRENCY of them at a time.
  await Promise.all(
    targets.map(async (target) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await fetch(target, { method: 'GET' }).catch(() => undefined);
        await response?.body?.cancel();
        if (response && response.status < 500) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
}
await warmUpFunctions();
if ((await readdir(bundleFolder)).length === 0) {
  console.error(
    `Functions were not bundled once but on every request: @netlify/functions-dev ${installedFunctionsDevVersion()} ` +
      'no longer calls the method scripts/support/bundle-functions-once.ts replaces. Not serving.',
  );
  server.close();
  server.closeAllConnections();
  await netlify.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(1);
}

// The content editor at /cms saves to this working copy through it.
const cmsBackend = await startCmsBackend(root, Number(port));

console.log(`\n  Kayal Villas is running at ${url}  (database: ${database.backend.kind})\n`);
console.log(`  Content editor: ${url}/cms/ (saves to src/content in this working copy)\n`);

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

// Emails wait in the outbox table until sent; this retries what a request could not send at once,
// and queues the digests of office alerts a flood of form posts held back.
startEmailWorker(settings.EMAIL_WORKER_MS, queueOfficeAlertDigests);
// The balance reminders, as the daily `payment-reminders` function sends them on Netlify: at start and
// every hour after, so a machine that sleeps overnight still sends each day's (each goes once).
startReminderWorker();
// Other platforms' calendars, as the hourly scheduled function imports them on Netlify.
startCalendarImporter(settings.CALENDAR_IMPORT_HOURS);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  cmsBackend.stop();
  await netlify.stop().catch(() => {});
  await rm(bundleFolder, { recursive: true, force: true }).catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
