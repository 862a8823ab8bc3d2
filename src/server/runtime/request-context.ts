import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line of one request (or one scheduled run) carries. */
export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as one request: every log line and error report inside it carries `requestId`. */
export function runAsRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The id of the request being served here, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

// Netlify's own id, when it is one: it ties our line to the platform's log of the same request. A
// caller can send any header, so only a short plain token is taken; anything else gets an id of ours.
const acceptedId = /^[A-Za-z0-9_-]{8,64}$/;

/** The request's id: Netlify's `x-nf-request-id` when it has a sane shape, otherwise a fresh UUID. */
export function readRequestId(request: Request): string {
  const platformId = request.headers.get('x-nf-request-id');
  return platformId && acceptedId.test(platformId) ? platformId : randomUUID();
}
