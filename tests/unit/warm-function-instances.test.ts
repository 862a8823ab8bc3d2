import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWarmFunctionInstances,
  type Invocation,
  type WarmFunctionInstances,
} from '../../scripts/support/warm-function-instances.ts';

const bundle = path.resolve('tests/fixtures/warm-function/counting-handler.mjs');
let instances: WarmFunctionInstances | undefined;

afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

function invocation(pathname: string, { timeout = 30, runtimeAPIVersion = 2, body = '' } = {}): Invocation {
  return {
    context: {},
    environment: {},
    func: { getBuildData: async () => ({ buildPath: bundle, runtimeAPIVersion }) },
    request: new Request(`http://localhost${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'text/plain' },
      ...(body ? { body } : {}),
    }),
    timeout,
  };
}

const neverCold = async (): Promise<Response> => {
  throw new Error('ran cold');
};

describe("npm start's warm function instances", () => {
  it('loads a bundle once and keeps its module between invocations, one instance for calls in turn', async () => {
    instances = createWarmFunctionInstances();
    const first = await instances.invoke(invocation('/api/one?x=1', { body: 'hello' }), neverCold);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('1 POST /api/one?x=1 hello');
    expect(await (await instances.invoke(invocation('/api/two'), neverCold)).text()).toBe('2 GET /api/two ');
    expect(instances.size).toBe(1);
  });

  it('starts another instance when invocations overlap, each with its own module', async () => {
    instances = createWarmFunctionInstances();
    const answers = await Promise.all(
      [1, 2].map(async () => (await instances?.invoke(invocation('/slow'), neverCold))?.text()),
    );
    expect(answers).toEqual(['1 GET /slow ', '1 GET /slow ']);
    expect(instances.size).toBe(2);
  });

  it('keeps at most maxIdle instances idle, stopping the one idle longest', async () => {
    instances = createWarmFunctionInstances({ maxIdle: 1 });
    await Promise.all([1, 2].map(() => instances?.invoke(invocation('/slow'), neverCold)));
    expect(instances.size).toBe(1);
  });

  it('stops an invocation at its timeout, and its instance with it', async () => {
    instances = createWarmFunctionInstances();
    await expect(instances.invoke(invocation('/hang', { timeout: 1 }), neverCold)).rejects.toThrow(
      'Task timed out after 1.00 seconds',
    );
    expect(instances.size).toBe(0);
    // The next invocation gets a fresh instance, whose module starts again.
    expect(await (await instances.invoke(invocation('/after'), neverCold)).text()).toBe('1 GET /after ');
  });

  it("leaves a function that is not a v2 function to Netlify's own way", async () => {
    instances = createWarmFunctionInstances();
    const cold = async () => new Response('cold');
    const answer = await instances.invoke(invocation('/old', { runtimeAPIVersion: 1 }), cold);
    expect(await answer.text()).toBe('cold');
    expect(instances.size).toBe(0);
  });
});
