import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { bundlerSettingsOf } from './bundle-functions-once.ts';

/**
 * Netlify's own local runtime as `npm start` runs it: redirects, headers, static files and functions,
 * and nothing that reaches the internet.
 */
export function createLocalNetlify(root: string): NetlifyDev {
  return new NetlifyDev({
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
}

export type LocalFunctions = {
  /** netlify.toml's `[functions]` as Netlify's config resolves them. */
  functionsSettings: Record<string, Record<string, unknown>> | undefined;
  /** zip-it-and-ship-it's `config` for the bundle cache (bundle-functions-once.ts, bundlerSettingsOf). */
  bundlerSettings: ReturnType<typeof bundlerSettingsOf>;
  /** Every function's name and main file, as Netlify's registry lists them. */
  functions: Map<string, string>;
};

/**
 * The functions and the settings they are bundled with, read as Netlify's registry reads them. serve.ts
 * and function-bundles.test.ts both read them here, so the bundles the test makes in the checkout's
 * cache are the ones the next server takes (the cache's key holds these settings).
 */
export async function readLocalFunctions(netlify: NetlifyDev, root: string): Promise<LocalFunctions> {
  // NetlifyDev's getConfig is private to TypeScript only: it resolves netlify.toml as its start() does for
  // the function registry (@netlify/dev is pinned; `takeBundlesFrom` checks the registry's settings).
  const netlifyConfig = await (
    netlify as unknown as {
      getConfig(): Promise<{
        config: { functionsDirectory?: string };
        functions?: Record<string, Record<string, unknown>>;
      }>;
    }
  ).getConfig();
  const listed = await listFunctions(
    [netlifyConfig.config.functionsDirectory ?? path.join(root, 'netlify/functions')],
    { config: netlifyConfig.functions },
  );
  return {
    functionsSettings: netlifyConfig.functions,
    bundlerSettings: bundlerSettingsOf(netlifyConfig.functions, root),
    functions: new Map(listed.map(({ name, mainFile }) => [name, mainFile])),
  };
}
