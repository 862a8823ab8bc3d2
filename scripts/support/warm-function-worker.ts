/**
 * One warm instance of one function (scripts/support/warm-function-instances.ts): imports the
 * function's bundle once, then runs each invocation the main thread posts, one at a time, as
 * @netlify/functions-dev 2.0.8's own worker runs its single one (lambda-local, the bundle's Lambda
 * handler, the event and client context it was given).
 */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parentPort, workerData } from 'node:worker_threads';

export type WarmWorkerData = { entryFileUrl: string; lambdaLocalUrl: string };
export type InvocationMessage = {
  event: unknown;
  clientContext: string;
  environment: Record<string, string>;
  timeoutMs: number;
};
/** What lambda-local gave back, the body read whole (Netlify's worker streams it over a socket). */
export type InvocationResult =
  | {
      ok: true;
      statusCode: number;
      headers?: Record<string, unknown>;
      multiValueHeaders?: Record<string, unknown[]>;
      body?: string | Uint8Array;
      isBase64Encoded?: boolean;
    }
  | { ok: false; error: string };

type LambdaLocal = {
  getLogger(): { level: string };
  execute(options: Record<string, unknown>): Promise<Record<string, unknown>>;
};

// As undici (and so Netlify's worker) counts them: a response with one of these statuses has no body.
const nullBodyStatus = new Set([101, 204, 205, 304]);

const port = parentPort;
if (!port) throw new Error('warm-function-worker.ts runs as a worker thread only.');
const { entryFileUrl, lambdaLocalUrl } = workerData as WarmWorkerData;
process.setSourceMapsEnabled(true);
const lambdaLocal = ((await import(lambdaLocalUrl)) as { default: LambdaLocal }).default;
lambdaLocal.getLogger().level = 'alert';
const lambdaFunc: unknown = await import(entryFileUrl);

async function invoke({ event, clientContext, environment, timeoutMs }: InvocationMessage) {
  for (const [key, value] of Object.entries(environment)) process.env[key] = value;
  const { body, ...rest } = await lambdaLocal.execute({
    clientContext,
    event,
    lambdaFunc,
    region: 'dev',
    timeoutMs,
    verboseLevel: 3,
  });
  const result = rest as Omit<Extract<InvocationResult, { ok: true }>, 'ok'>;
  // lambda-local answers a streamed response with a stream, a body or not (Netlify's worker drops it
  // for statuses that carry none).
  const streamed = typeof (body as Readable | undefined)?.pipe === 'function';
  if (!streamed) return { ...result, ok: true as const, body: body as string | undefined };
  const bytes = await buffer(body as Readable);
  return {
    ...result,
    ok: true as const,
    body: nullBodyStatus.has(result.statusCode) ? undefined : new Uint8Array(bytes),
  };
}

port.on('message', (message: InvocationMessage) => {
  invoke(message).then(
    (result) => port.postMessage(result),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
