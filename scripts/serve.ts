/**
 * `npm start`: serves the production build (dist/) and the Netlify functions together through
 * Netlify's own local emulation, with netlify.toml's redirects and headers, on the configured or the
 * embedded database. Prints the URL only once every function has answered.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';
import pLimit from 'p-limit';
import { readLimit } from '../src/server/config.ts';
import { closeDatabase, serviceRole, withCaller } from '../src/server/db/database.ts';
import { DatabaseInUseError } from '../src/server/db/embedded.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { startEmailWorker } from '../src/server/email/delivery.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.error('No build found in dist/. Run `npm start` (it builds first) or `npm run build`.');
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

// @netlify/dev bundles a function again on every request, into a folder it deletes as the request ends
// (about 1.5 s of esbuild per request on 2 cores): right for a dev server that watches sources, wasted
// on `npm start`, which serves one fixed build. Here each function is bundled once, on its first
// request, into a folder of this server's own; every later request runs that bundle, still in a fresh
// worker as Netlify runs each invocation.
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
// Netlify gives each request its own instance; here a queue admits a few at a time instead.
const admitFunction = pLimit(readLimit('FUNCTION_CONCURRENCY', 8));

const notFoundPage = await readFile(path.join(root, 'dist/404.html')).catch(() => Buffer.from('Not found'));

async function send(res: ServerResponse, response: Response, extraHeaders: Record<string, string>) {
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

const server = createServer(async (req, res) => {
  const ruleHeaders: Record<string, string> = {};
  try {
    const handle = () =>
      netlify.handleAndIntrospectNodeRequest(req, {
        headersCollector: (name, value) => {
          ruleHeaders[name.toLowerCase()] = value;
        },
      });
    const match = req.url?.startsWith('/api/') ? await admitFunction(handle) : await handle();
    // As on Netlify, [[headers]] rules apply to what the CDN serves, not to function responses.
    const applyRules = match?.type === 'static' || match?.type === 'redirect' || !match;
    if (match) return await send(res, match.response, applyRules ? ruleHeaders : {});
    await send(
      res,
      new Response(notFoundPage, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      ruleHeaders,
    );
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
});

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
  console.warn(
    '  Functions are bundled on every request: @netlify/functions-dev changed; see bundleEachFunctionOnce.',
  );
}

console.log(`\n  Kayal Villas is running at ${url}  (database: ${database.backend.kind})\n`);

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

// Emails wait in the outbox table until sent; this retries what a request could not send at once.
startEmailWorker(readLimit('EMAIL_WORKER_MS', 3000));

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await netlify.stop().catch(() => {});
  await rm(bundleFolder, { recursive: true, force: true }).catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

/**
 * Replaces FunctionsHandler's private `invoke` (@netlify/functions-dev 2.0.8, pinned for this) with one
 * that bundles each function once. The original bundles into the folder it is given, or into
 * `globalBuildDirectory` when given none; handing it neither makes the function reuse its last bundle.
 */
function bundleEachFunctionOnce(folder: string) {
  type BundledFunction = {
    name: string;
    getBuildData(): Promise<unknown>;
    build(options: { buildDirectory: string; cache: object }): Promise<{ error?: unknown }>;
  };
  type Invoke = (
    request: Request,
    route: unknown,
    func: BundledFunction,
    buildDirectory?: string,
  ) => Promise<Response>;
  const handler = FunctionsHandler.prototype as unknown as { invoke: Invoke };
  const invokeAfterBundling = handler.invoke;
  const bundles = new Map<string, Promise<{ error?: unknown }>>();
  handler.invoke = async function (this: object, request, route, func) {
    let bundle = bundles.get(func.name);
    if (!bundle) {
      // The registry bundles every function once as it starts, into a folder all servers on this
      // checkout share; wait for that so it cannot finish later and replace this server's bundle.
      bundle = func.getBuildData().then(() => func.build({ buildDirectory: folder, cache: {} }));
      bundles.set(func.name, bundle);
    }
    // A failed bundle is tried again on the next request; this one reports the error as before.
    if ((await bundle).error) bundles.delete(func.name);
    const withoutBuildFolder = Object.create(this, { globalBuildDirectory: { value: undefined } });
    return invokeAfterBundling.call(withoutBuildFolder, request, route, func, undefined);
  };
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
