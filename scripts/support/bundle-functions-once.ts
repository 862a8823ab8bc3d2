import { readFileSync } from 'node:fs';
import { FunctionsHandler } from '@netlify/functions-dev';

/**
 * @netlify/dev (5.1.3, through @netlify/functions-dev 2.0.8) bundles a function again on every request,
 * into a folder it deletes as the request ends (about 1.5 s of esbuild per request on 2 cores). Upstream
 * chose that on purpose for its Vite plugin, which watches no files (netlify/primitives#199, "use
 * ephemeral directories to serve functions"), and offers no option to keep a bundle: right for a dev
 * server, wasted on `npm start`, which serves one fixed build. `bundleEachFunctionOnce` makes each function bundle
 * once, on its first request, into a folder of the server's own; every later request runs that bundle,
 * still in a fresh worker as Netlify runs each invocation. It replaces a private method, so it is
 * written for one version of @netlify/functions-dev and refuses any other.
 */
export const patchedFunctionsDevVersion = '2.0.8';

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
type Handler = { invoke?: Invoke };

/** The @netlify/functions-dev installed next to this checkout. */
export function installedFunctionsDevVersion(): string {
  // The package's exports hide its package.json; it sits two folders above the entry point.
  const manifest = new URL('../package.json', import.meta.resolve('@netlify/functions-dev'));
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Why the bundling patch cannot be applied, or undefined when it can: the installed version must be
 * the one it was written for, and its `invoke` must still take the build folder and derive the client
 * address the way the patch and scripts/serve.ts expect.
 */
export function findBundlingPatchProblem(
  version = installedFunctionsDevVersion(),
  handler: Handler = FunctionsHandler.prototype as unknown as Handler,
): string | undefined {
  const fix =
    'scripts/support/bundle-functions-once.ts replaces a private method of it; check that method in the ' +
    `new version, then update patchedFunctionsDevVersion, or pin @netlify/functions-dev ${patchedFunctionsDevVersion}.`;
  if (version !== patchedFunctionsDevVersion) {
    return `@netlify/functions-dev ${version} is installed, but npm start's bundling patch was written for ${patchedFunctionsDevVersion}: ${fix}`;
  }
  const source = typeof handler.invoke === 'function' ? handler.invoke.toString() : '';
  if (!source.includes('this.globalBuildDirectory') || !source.includes('x-forwarded-for')) {
    return `@netlify/functions-dev ${version} no longer has the FunctionsHandler.invoke that npm start's bundling patch replaces: ${fix}`;
  }
  return undefined;
}

/**
 * Replaces FunctionsHandler's private `invoke` with one that bundles each function once into `folder`.
 * The original bundles into the folder it is given, or into `globalBuildDirectory` when given none;
 * handing it neither makes the function reuse its last bundle.
 */
export function bundleEachFunctionOnce(folder: string): void {
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
