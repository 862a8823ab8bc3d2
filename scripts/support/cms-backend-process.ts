import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { mayReachCmsBackend } from './cms-backend-guard.ts';
import { isInsideOnDisk, listingActions, refuseRequest, refuseSpelling } from './cms-content-paths.ts';

/**
 * The content editor's local backend, as its own process (cms-backend.ts starts it): decap-server's
 * `fs` mode middleware in an express app that listens on a Unix socket in a folder only this user may
 * enter, never on a TCP port, so the guard on CMS_BACKEND_PORT is the one way in. Before decap-server
 * sees a request, every path it names is checked (cms-content-paths.ts), and a folder's listing
 * leaves out what a symlink brings in from outside. A process of its own because loading express and
 * decap-server took tens of seconds on a busy machine, and decap-server's rename runs unawaited: its
 * failure would end the site's process, while here it is logged.
 *
 * Arguments: the socket's path, the working copy, the site's port, the editable folders as JSON.
 */

type Request = IncomingMessage & { body?: { action?: unknown } };
type Response = ServerResponse & { status(code: number): Response; json(body: unknown): Response };
type Next = (error?: unknown) => void;
type App = {
  disable(setting: string): void;
  use(...handlers: unknown[]): void;
  post(path: string, handler: (request: Request, response: Response, next: Next) => void): void;
  listen(path: string, listening: () => void): { on(event: 'error', handler: (error: Error) => void): void };
};

const [socketPath, root, sitePortText, foldersJson] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const sitePort = Number(sitePortText);
const folders = JSON.parse(foldersJson) as string[];

// decap-server's own express and cors, the versions it was written against.
const fromDecap = createRequire(createRequire(import.meta.url).resolve('decap-server/package.json'));
const express = fromDecap('express') as { (): App; json(options: { limit: string }): unknown };
const cors = fromDecap('cors') as (options: { origin: boolean }) => unknown;
const { registerLocalFs } = fromDecap('./dist/middlewares.js') as {
  registerLocalFs(app: App, options: { logLevel: string }): Promise<void>;
};

const refuse = (response: Response, status: number, error: string, field?: string) =>
  response.status(status).json(field ? { error, field } : { error });

/** A listing's items whose file stays inside the editable folders on disk. */
async function keepInside(items: unknown): Promise<unknown> {
  if (!Array.isArray(items)) return items;
  const kept: unknown[] = [];
  for (const item of items as { path?: unknown; file?: { path?: unknown } }[]) {
    const where = item?.file?.path ?? item?.path;
    if (typeof where !== 'string' || refuseSpelling(where, 'file', folders)) continue;
    if (await isInsideOnDisk(root, where, folders)) kept.push(item);
  }
  return kept;
}

const app = express();
app.disable('x-powered-by');
// The guard checked these; checked again so that this process, reached any other way, refuses as well.
app.use((request: Request, response: Response, next: Next) => {
  if (mayReachCmsBackend(request.headers, sitePort)) next();
  else refuse(response, 403, 'Only this site’s own editor page may use its local backend.');
});
// Only the Origins the guard lets through arrive, so the one it sent is the one to allow; before the
// path check, so a refusal's reason reaches the editor's page.
app.use(cors({ origin: true }));
app.use(express.json({ limit: '50mb' }));
app.post('/api/v1', (request, response, next) => {
  refuseRequest(root, request.body, folders).then(
    (refusal) => {
      if (refusal) {
        // On the server's console too: a refusal is a path the editor's config should not name, or a probe.
        console.warn(`  The content editor's local backend refused a request: ${refusal.error}`);
        refuse(response, refusal.status, refusal.error, refusal.field);
        return;
      }
      if (listingActions.has(request.body?.action as string)) {
        const send = response.json.bind(response);
        response.json = (items: unknown) => {
          keepInside(items).then(send, () => refuse(response, 500, 'The folder could not be listed.'));
          return response;
        };
      }
      next();
    },
    () => refuse(response, 500, 'The paths of the request could not be checked.'),
  );
});
await registerLocalFs(app, { logLevel: 'warn' });
app.use((_request: Request, response: Response) => {
  refuse(response, 404, 'The editor’s local backend answers POST /api/v1 only.');
});
// A body that is not JSON, or too large: a JSON answer, never express's HTML page.
app.use(
  (error: { status?: number; message?: string }, _request: Request, response: Response, _next: Next) => {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    refuse(response, status, status === 413 ? 'The body is too large.' : 'The body is not valid JSON.');
  },
);

process.on('unhandledRejection', (error) => {
  console.warn(
    `  The content editor's local backend: ${error instanceof Error ? error.message : String(error)}`,
  );
});
// Ends with the server that started it, even one killed without a chance to stop it.
process.on('disconnect', () => process.exit(0));

app
  .listen(socketPath, () => {
    process.send?.('listening');
  })
  .on('error', (error) => {
    console.warn(`  The content editor's local backend cannot listen: ${error.message}`);
    process.exit(1);
  });
