import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InvocationMessage, InvocationResult, WarmWorkerData } from './warm-function-worker.ts';

/**
 * Warm instances for `npm start`'s functions, as Netlify runs them: an instance loads its function's
 * bundle once and serves one invocation at a time for as long as it lives, module state (its database
 * pool of one connection) kept between invocations, and more instances start when invocations overlap.
 * @netlify/functions-dev 2.0.8 starts a fresh worker thread for every request instead, which imports
 * the whole bundle each time: 0.3–0.5 s per API call on a quiet 2-core machine, even for
 * /api/health, and most of the CPU the e2e journeys spent (tests/README.md, "Where the time goes").
 * Each instance here is a worker thread of its own (warm-function-worker.ts), so a function still
 * cannot touch the server's memory, and one that overruns its timeout is stopped with its instance.
 */

// lambda-local and dev-utils as @netlify/functions-dev itself resolves them.
const functionsDevRequire = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocalUrl = pathToFileURL(functionsDevRequire.resolve('lambda-local')).href;
const { shouldBase64Encode } = (await import(
  pathToFileURL(functionsDevRequire.resolve('@netlify/dev-utils')).href
)) as { shouldBase64Encode: (contentType: string) => boolean };

const workerUrl = new URL('./warm-function-worker.ts', import.meta.url);

/** What @netlify/functions-dev 2.0.8's runtime is given to run one invocation. */
export type Invocation = {
  context: unknown;
  environment: Record<string, string>;
  func: { getBuildData(): Promise<{ buildPath?: string; runtimeAPIVersion?: number } | undefined> };
  request: Request;
  route?: string;
  /** Seconds. */
  timeout: number;
};

type Instance = { worker: Worker; bundle: string; idleSince: number };

export type WarmFunctionInstances = {
  /** Runs one invocation on a warm instance; `cold` (Netlify's own) runs what is not a v2 function. */
  invoke(invocation: Invocation, cold: (invocation: Invocation) => Promise<Response>): Promise<Response>;
  /** Instances alive now, busy or idle. */
  readonly size: number;
  close(): Promise<void>;
};

/**
 * Instances are kept per bundle while idle, at most `maxIdle` of them in all: past that the one idle
 * longest stops (each holds its bundle's modules, 20–40 MB).
 */
export function createWarmFunctionInstances({ maxIdle = 16 } = {}): WarmFunctionInstances {
  const idle = new Map<string, Instance[]>();
  const alive = new Set<Instance>();
  let closed = false;

  const stop = (instance: Instance) => {
    alive.delete(instance);
    const siblings = idle.get(instance.bundle);
    if (siblings?.includes(instance)) siblings.splice(siblings.indexOf(instance), 1);
    void instance.worker.terminate();
  };

  function take(bundle: string): Instance {
    const instance = idle.get(bundle)?.pop();
    if (instance) return instance;
    const workerData: WarmWorkerData = { entryFileUrl: pathToFileURL(bundle).href, lambdaLocalUrl };
    const started: Instance = { worker: new Worker(workerUrl, { workerData }), bundle, idleSince: 0 };
    // An error outside an invocation (none is running) only ends the instance.
    started.worker.on('error', () => stop(started));
    alive.add(started);
    return started;
  }

  function release(instance: Instance) {
    if (closed || !alive.has(instance)) return stop(instance);
    instance.idleSince = performance.now();
    const siblings = idle.get(instance.bundle) ?? [];
    siblings.push(instance);
    idle.set(instance.bundle, siblings);
    const waiting = [...idle.values()].flat();
    if (waiting.length > maxIdle) {
      stop(waiting.reduce((oldest, each) => (each.idleSince < oldest.idleSince ? each : oldest)));
    }
  }

  /** Posts one invocation and waits for its answer, its instance's end, or its timeout. */
  function run(instance: Instance, message: InvocationMessage): Promise<InvocationResult> {
    const { worker } = instance;
    return new Promise<InvocationResult>((resolve, reject) => {
      const finish = (settle: () => void, keep: boolean) => {
        clearTimeout(deadline);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) release(instance);
        else stop(instance);
        settle();
      };
      const onMessage = (result: InvocationResult) => finish(() => resolve(result), true);
      const onError = (error: Error) => finish(() => reject(error), false);
      const onExit = (code: number) =>
        finish(() => reject(new Error(`The function's instance stopped (exit code ${code}).`)), false);
      // Netlify stops an invocation at its timeout, and the instance with it.
      const deadline = setTimeout(
        () =>
          finish(
            () => reject(new Error(`Task timed out after ${(message.timeoutMs / 1000).toFixed(2)} seconds`)),
            false,
          ),
        message.timeoutMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(message);
    });
  }

  return {
    async invoke(invocation, cold) {
      const buildData = await invocation.func.getBuildData();
      // Netlify's worker runs v2 functions only; a Lambda-style one goes its own way there too.
      if (buildData?.runtimeAPIVersion !== 2 || !buildData.buildPath || closed) return cold(invocation);
      const message: InvocationMessage = {
        event: await lambdaEventOf(invocation.request, invocation.route),
        clientContext: JSON.stringify(invocation.context),
        environment: invocation.environment,
        timeoutMs: invocation.timeout * 1000,
      };
      const result = await run(take(buildData.buildPath), message);
      if (!result.ok) throw new Error(result.error);
      return webResponseOf(result);
    },
    get size() {
      return alive.size;
    },
    async close() {
      closed = true;
      await Promise.all([...alive].map((instance) => instance.worker.terminate()));
      alive.clear();
      idle.clear();
    },
  };
}

/** The Lambda event of a request, as @netlify/functions-dev 2.0.8's lambdaEventFromWebRequest makes it. */
async function lambdaEventOf(request: Request, route: string | undefined) {
  const url = new URL(request.url);
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key]
      ? `${queryStringParameters[key]},${value}`
      : value;
    multiValueQueryStringParameters[key] = [...(multiValueQueryStringParameters[key] ?? []), value];
  });
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
    multiValueHeaders[key] = value.split(',').map((each) => each.trim());
  });
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body: (await request.text()) || null,
    isBase64Encoded: shouldBase64Encode(request.headers.get('content-type') ?? ''),
    route,
  };
}

/** The answer of an invocation, as @netlify/functions-dev 2.0.8's webResponseFromLambdaResponse makes it. */
function webResponseOf(result: Extract<InvocationResult, { ok: true }>): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  }
  const body =
    typeof result.body === 'string' && result.isBase64Encoded
      ? Buffer.from(result.body, 'base64')
      : result.body;
  return new Response(body as BodyInit | undefined, { headers, status: result.statusCode });
}
