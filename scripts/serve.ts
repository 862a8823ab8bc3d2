/**
 * `npm start`: serves the production build (dist/) and the Netlify functions together through
 * Netlify's own local emulation, with netlify.toml's redirects and headers, on the configured or the
 * embedded database. Prints the URL only once every function has answered.
 */
import fs, { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import pLimit from 'p-limit';
import { readLimit } from '../src/server/config.ts';
import { closeDatabase, serviceRole, withCaller } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.error('No build found in dist/. Run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

// Links in emails (confirm, reset) point here; Netlify sets URL to the site's address in production.
process.env.URL ??= `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

const database = await prepareDatabase();
process.env.DATABASE_URL = database.url;
if (database.migrations.applied.length > 0) {
  console.log(`Database migrated: ${database.migrations.applied.join(', ')}`);
}

// @netlify/dev 5 builds a function into a temporary folder per request and records that build on the
// function object that every request shares; the folder is deleted as its request ends, so under
// concurrency a request can import a build that was just deleted ("Cannot find module
// .netlify/functions-serve/_x/…"). Deleting those folders a little later keeps concurrency intact.
const functionsServePath = path.join(root, '.netlify/functions-serve');
const removeNow = fs.promises.rm;
fs.promises.rm = (async (target, options) => {
  if (typeof target === 'string' && target.startsWith(functionsServePath + path.sep)) {
    setTimeout(() => removeNow(target, options).catch(() => {}), 120_000).unref();
    return;
  }
  return removeNow(target, options);
}) as typeof fs.promises.rm;
// Builds a previous run left behind (their delayed deletion died with it). Only old ones: another
// server on this checkout (the e2e tests run several) may be using the fresh ones right now.
for (const entry of await readdir(functionsServePath).catch(() => [] as string[])) {
  const folder = path.join(functionsServePath, entry);
  const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
  if (Date.now() - mtimeMs > 10 * 60_000)
    await removeNow(folder, { recursive: true, force: true }).catch(() => {});
}

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

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await netlify.stop().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
