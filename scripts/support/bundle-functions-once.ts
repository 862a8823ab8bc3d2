import { readFileSync } from 'node:fs';
import { FunctionsHandler } from '@netlify/functions-dev';
import type { BuildData } from './function-bundle-cache.ts';
import type { Invocation } from './warm-function-instances.ts';

/**
 * @netlify/dev (5.1.3, through @netlify/functions-dev 2.0.8) bundles every function as it starts, into
 * a folder all servers on a checkout share, and again on every request, into a folder it deletes as the
 * request ends (about 1 s of CPU per bundle on 2 cores). Upstream chose that on purpose for its Vite
 * plugin, which watches no files (netlify/primitives#199, "use ephemeral directories to serve
 * functions"), and offers no option to keep a bundle: right for a dev server, wasted on `npm start`,
 * which serves one fixed build. `takeBundlesFrom` makes every function take its bundle from a provider
 * (function-bundle-cache.ts) instead, and, given a way to run them, each invocation on a warm instance
 * (warm-function-instances.ts) instead of a fresh worker thread per request. It replaces private parts of @netlify/functions-dev, so it is
 * written for one version and applies to no other: on any other, `npm start` serves the functions as
 * @netlify/dev ships them, slower, and says why (scripts/serve.ts).
 */
export const patchedFunctionsDevVersion = '2.0.8';

/** A function as Netlify's registry found it, with the bundler settings it would have bundled it with. */
export type RegisteredFunction = {
  name: string;
  mainFile: string;
  /** zip-it-and-ship-it's `config`, derived as @netlify/functions-dev derives it. */
  functionsConfig: Record<string, Record<string, unknown>>;
};

export type BundleProvider = {
  /** Called as the registry finds each function, before any request can reach it. */
  register(func: RegisteredFunction): void;
  /** The function's bundle, for a request that waits on it. */
  bundle(name: string, mainFile: string): Promise<BuildData>;
  /**
   * Runs one invocation (warm-function-instances.ts); without it, Netlify's runtime runs each in a
   * fresh worker thread. `cold` is that runtime's own way.
   */
  invoke?(invocation: Invocation, cold: (invocation: Invocation) => Promise<Response>): Promise<Response>;
};

/** The private parts of @netlify/functions-dev this patch touches. */
type NetlifyFunction = {
  name: string;
  mainFile: string;
  projectRoot: string;
  config: { functions?: Record<string, Record<string, unknown>> };
  runtime: {
    getBuildFunction: (options: object) => Promise<(options: object) => Promise<unknown>>;
    invokeFunction: (invocation: Invocation) => Promise<Response>;
  };
  build: (...args: unknown[]) => unknown;
  invoke: (...args: unknown[]) => unknown;
};
type Registry = {
  registerFunction: (this: object, name: string, func: NetlifyFunction, isReload?: boolean) => Promise<void>;
};

/** The @netlify/functions-dev installed next to this checkout. */
export function installedFunctionsDevVersion(): string {
  // The package's exports hide its package.json; it sits two folders above the entry point.
  const manifest = new URL('../package.json', import.meta.resolve('@netlify/functions-dev'));
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** FunctionsRegistry's prototype: the class is not exported, but every FunctionsHandler holds one. */
export function registryPrototype(): Partial<Registry> {
  // No functions folder: its scan finds nothing and reads no file.
  const handler = new FunctionsHandler({
    config: { get: () => ({}) },
    destPath: '',
    projectRoot: process.cwd(),
    settings: {},
    geolocation: {},
  } as unknown as ConstructorParameters<typeof FunctionsHandler>[0]);
  return Object.getPrototypeOf((handler as unknown as { registry: object }).registry) as Partial<Registry>;
}

/**
 * Why the bundling patch does not apply, or undefined when it does: the installed version must be
 * the one it was written for, and its registry must still build each function it registers only when
 * it has a file watcher, which the patch takes away.
 */
export function findBundlingPatchProblem(
  version = installedFunctionsDevVersion(),
  registry: Partial<Registry> = registryPrototype(),
): string | undefined {
  const fix =
    'scripts/support/bundle-functions-once.ts replaces private parts of it; check them in this version, ' +
    'then update patchedFunctionsDevVersion to bring the speed back.';
  if (version !== patchedFunctionsDevVersion) {
    return `@netlify/functions-dev ${version} is installed, but npm start's bundling patch was written for ${patchedFunctionsDevVersion}: ${fix}`;
  }
  const source = typeof registry.registerFunction === 'function' ? registry.registerFunction.toString() : '';
  if (!source.includes('this.fileWatcher') || !source.includes('buildFunctionAndWatchFiles')) {
    return `@netlify/functions-dev ${version} no longer has the FunctionsRegistry.registerFunction that npm start's bundling patch replaces: ${fix}`;
  }
  return undefined;
}

/**
 * Makes each function Netlify's registry registers from now on take its bundle from `provider`: the
 * registry's own bundling at start is skipped (with it, the file watcher that would rebundle on a
 * change: `npm start` serves the functions as they were when it started), and each request's bundling
 * becomes a call to `provider.bundle`.
 */
export function takeBundlesFrom(provider: BundleProvider, registry = registryPrototype()): void {
  const register = registry.registerFunction as Registry['registerFunction'];
  registry.registerFunction = async function (this: object, name, func, isReload) {
    // NetlifyFunction.build asks its runtime for a build function; the bundle comes from there.
    if (!func.build.toString().includes('this.runtime.getBuildFunction')) {
      throw new Error(
        `@netlify/functions-dev ${installedFunctionsDevVersion()} no longer builds a function through its runtime's getBuildFunction: update scripts/support/bundle-functions-once.ts.`,
      );
    }
    // ... and runs each request through its runtime's invokeFunction, which `provider.invoke` replaces.
    if (provider.invoke && !func.invoke.toString().includes('this.runtime.invokeFunction')) {
      throw new Error(
        `@netlify/functions-dev ${installedFunctionsDevVersion()} no longer runs a function through its runtime's invokeFunction: update scripts/support/bundle-functions-once.ts.`,
      );
    }
    provider.register({
      name: func.name,
      mainFile: func.mainFile,
      functionsConfig: bundlerSettingsOf(func.config.functions, func.projectRoot),
    });
    // An own runtime per function, so the module's shared one stays as it was.
    const runtime = func.runtime;
    const { invoke } = provider;
    func.runtime = {
      ...runtime,
      getBuildFunction: async () => async () => provider.bundle(func.name, func.mainFile),
      ...(invoke && { invokeFunction: (invocation) => invoke(invocation, runtime.invokeFunction) }),
    };
    return register.call(Object.create(this, { fileWatcher: { value: undefined } }), name, func, isReload);
  };
}

/**
 * netlify.toml's [functions] settings as zip-it-and-ship-it takes them, as @netlify/functions-dev 2.0.8
 * converts them (its normalizeFunctionsConfig and addFunctionsConfigDefaults) from the `functions` of
 * @netlify/dev's resolved config. @netlify/dev 5.1.3 resolves them under `config.functions` instead, so
 * this is `{ '*': { nodeSourcemap: true } }`, and `takeBundlesFrom` checks each function's against it: the local bundles leave out
 * included_files (the functions read those files from the working directory, the checkout here) and
 * tests/api/function-bundles.test.ts bundles with the settings a deploy uses.
 */
export function bundlerSettingsOf(
  functions: Record<string, Record<string, unknown>> = {},
  projectRoot: string,
) {
  const config: Record<string, Record<string, unknown>> = {};
  for (const [pattern, settings] of Object.entries(functions)) {
    config[pattern] = {
      externalNodeModules: settings.external_node_modules,
      includedFiles: settings.included_files,
      includedFilesBasePath: projectRoot,
      ignoredNodeModules: settings.ignored_node_modules,
      nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
      nodeVersion: undefined,
      processDynamicNodeImports: true,
      schedule: settings.schedule,
      zipGo: true,
    };
  }
  return { ...config, '*': { nodeSourcemap: true, ...config['*'] } };
}
