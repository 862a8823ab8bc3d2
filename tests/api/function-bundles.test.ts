import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, glob, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createFunctionBundleCache,
  functionBundlesDir,
} from '../../scripts/support/function-bundle-cache.ts';
import { createLocalNetlify, readLocalFunctions } from '../../scripts/support/local-netlify.ts';
import { readerRole } from '../../src/server/calendar-sync/feed-reader.ts';

const root = path.resolve(import.meta.dirname, '../..');
let out: string;
/** The files netlify.toml's `included_files` match, copied beside every bundle. */
const included: string[] = [];

type FunctionsSettings = { included_files: string[] };

/**
 * Every function bundled by Netlify's own bundler (zip-it-and-ship-it), then copied with the files
 * netlify.toml's `included_files` match to a temp folder, where the repository's node_modules cannot be
 * reached, and started there in a fresh Node process: a file a bundle does not ship fails here instead
 * of on the first request after a deploy.
 *
 * The bundles are the checkout's own cache's, which `npm start` and the e2e server take them from
 * (scripts/support/function-bundle-cache.ts): `npm test` builds the site before this runs, so each
 * function is bundled once, and the e2e server starts with every bundle from the cache. Bundled into a
 * folder of this test's, then all again by the e2e server's cold start, they took 44 s of a core here
 * and about 37 s of the e2e stage's start. A local server reads the included files from the checkout,
 * so the cache lists none; they are copied here as a deploy ships them, at their paths in the repository.
 */
beforeAll(async () => {
  const { functions, bundlerSettings } = await readLocalFunctions(createLocalNetlify(root), root);
  const patterns = (
    parse(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as { functions: FunctionsSettings }
  ).functions.included_files;
  for (const pattern of patterns) for await (const file of glob(pattern, { cwd: root })) included.push(file);
  // The pages the forms and the search answer on come from the build, which `npm test` makes first.
  expect(included.filter((file) => file.startsWith('dist/')).length).toBeGreaterThan(0);
  const cache = createFunctionBundleCache({
    root,
    cacheDir: functionBundlesDir(root),
    functionsConfig: bundlerSettings,
  });
  out = await mkdtemp(path.join(tmpdir(), 'kayal-function-bundles-'));
  try {
    // A few at a time: each bundle ships thousands of files (its node_modules), and copying all 79 at
    // once ran the process out of file descriptors (EMFILE at 20,000).
    const copying = pLimit(4);
    await Promise.all(
      [...functions].map(async ([name, mainFile]) => {
        const bundle = await cache.get(name, mainFile);
        await copying(async () => {
          // The folder a deploy zips: the entry point, the function and its node_modules, and the files
          // `included_files` matched.
          const shipped = path.join(out, name);
          await cp(path.join(bundle.folder, name), shipped, { recursive: true });
          for (const file of included) await cp(path.join(root, file), path.join(shipped, file));
        });
      }),
    );
  } finally {
    await cache.close();
  }
  // Bundling every function is the heaviest setup of the suite: about 90 s on a quiet machine, past
  // 300 s once at load 13 (a clean-clone run beside four other sessions' tests, 2026-12-02).
}, 600_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

// Netlify bundles the code files of the folder and passes over the rest (its README).
const functionNames = async () =>
  (await readdir(path.join(root, 'netlify/functions')))
    .filter((file) => /\.m?[jt]s$/.test(file))
    .map((file) => file.replace(/\.m?[jt]s$/, ''))
    .sort();

type Started = {
  handler: string;
  default: string;
  config: unknown;
  answer?: { status: number; body: string };
};

/**
 * Imports a bundle's entry point and its function in a process whose only files are the bundle's, and
 * optionally sends the function one request.
 */
async function startBundle(name: string, requestUrl?: string): Promise<Started> {
  const bundle = path.join(out, name);
  const script = `
    // The Lambda runtime's global, which the entry point wraps the handler with.
    globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
    const entry = await import('./___netlify-entry-point.mjs');
    const fn = await import('./netlify/functions/${name}.mjs');
    let answer;
    if (${JSON.stringify(requestUrl ?? null)}) {
      const response = await fn.default(new Request(${JSON.stringify(requestUrl ?? '')}), {});
      answer = { status: response.status, body: await response.text() };
    }
    console.log(JSON.stringify({ handler: typeof entry.handler, default: typeof fn.default, config: fn.config, answer }));
    process.exit(0);
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: bundle,
    // No NODE_PATH and a HOME inside the bundle: Node finds no package outside it.
    env: { PATH: process.env.PATH ?? '', HOME: bundle, DATABASE_URL: inject('databaseUrl') },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as Started;
}

describe("the functions as Netlify's bundler ships them", () => {
  it('bundles every function in netlify/functions', async () => {
    expect((await readdir(out)).filter((entry) => !entry.endsWith('.json')).sort()).toEqual(
      await functionNames(),
    );
    for (let dir = out; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
  });

  it('starts every bundle on its own, with a default handler and a config', {
    timeout: 180_000,
  }, async () => {
    const limit = pLimit(4);
    const names = await functionNames();
    const started = await Promise.all(names.map((name) => limit(() => startBundle(name))));
    for (const [index, name] of names.entries()) {
      expect(started[index], name).toMatchObject({ handler: 'function', default: 'function' });
      expect(started[index]?.config, name).toBeTypeOf('object');
      expect(started[index]?.config, name).not.toBeNull();
    }
  });

  it('answers from a bundle with the database and the shipped catalogue', { timeout: 60_000 }, async () => {
    expect((await startBundle('health', 'http://localhost/api/health')).answer).toMatchObject({
      status: 200,
      body: expect.stringContaining('"database":"up"'),
    });
    const availability = await startBundle(
      'availability',
      'http://localhost/api/availability?property=fort-kochi-heritage-villa',
    );
    expect(availability.answer).toMatchObject({ status: 200, body: expect.stringContaining('"confirmed"') });
  });

  // The calendar import reads each feed in a worker thread whose entry point is the module that starts
  // it: in a deploy, the function's bundle. Started so, the bundle must answer a read, with nothing
  // from the repository to lean on.
  it.each(['import-calendars', 'admin-calendar-import'])(
    'reads a feed in a worker started from the %s bundle',
    { timeout: 60_000 },
    async (name) => {
      const script = `
        import { Worker } from 'node:worker_threads';
        const worker = new Worker(new URL('./netlify/functions/${name}.mjs', import.meta.url), {
          workerData: { role: ${JSON.stringify(readerRole)} },
          // Not this script's --input-type, which a worker started from a file refuses.
          execArgv: [],
        });
        const answers = [];
        worker.on('message', (answer) => {
          answers.push(answer);
          if ('ready' in answer) {
            worker.postMessage({
              today: '2026-11-25',
              text: 'BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nBEGIN:VEVENT\\r\\nUID:a\\r\\nDTSTART;VALUE=DATE:20270301\\r\\nDURATION:P9999999999W\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR',
            });
          } else {
            console.log(JSON.stringify(answers));
            process.exit(0);
          }
        });
        worker.on('error', (error) => { console.log(JSON.stringify({ error: String(error) })); process.exit(1); });
      `;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: path.join(out, name),
        env: { PATH: process.env.PATH ?? '', HOME: path.join(out, name) },
        timeout: 50_000,
      });
      expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toEqual([
        { ready: true },
        {
          reading: {
            events: [{ uid: 'a', start: '2027-03-01', end: '2029-02-22', summary: null }],
            note: expect.stringContaining('1 event ran past'),
          },
        },
      ]);
    },
  );

  // A path the bundler reads as "any file under node_modules" (a font named at run time, a package
  // required by a name it cannot follow) ships them all, or walks them all: 1,100 files beside each of 79
  // functions ran bundling out of file descriptors (EMFILE at 20,000). Today's largest ships 1,261
  // (`pay`: Stripe's SDK is 440 of them); the line stands above it with room for one more SDK.
  it('ships no bundle of more than 1,600 files, the included ones besides', { timeout: 60_000 }, async () => {
    const countFiles = async (folder: string) => {
      let count = 0;
      for await (const entry of glob('**/*', { cwd: folder, withFileTypes: true }))
        if (entry.isFile()) count += 1;
      return count;
    };
    const oversized: string[] = [];
    for (const name of await functionNames()) {
      const files = (await countFiles(path.join(out, name))) - included.length;
      if (files > 1600) oversized.push(`${name}: ${files} files`);
    }
    expect(oversized).toEqual([]);
  });

  it('ships none of the development-only packages', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const devOnly = Object.keys(manifest.devDependencies);
    for (const name of await functionNames()) {
      const modules = path.join(out, name, 'node_modules');
      const shipped = existsSync(modules) ? await listPackages(modules) : [];
      expect(
        shipped.filter((pkg) => devOnly.includes(pkg)),
        name,
      ).toEqual([]);
    }
  });
});

async function listPackages(modules: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(modules)) {
    if (entry.startsWith('@'))
      for (const scoped of await readdir(path.join(modules, entry))) names.push(`${entry}/${scoped}`);
    else names.push(entry);
  }
  return names;
}
