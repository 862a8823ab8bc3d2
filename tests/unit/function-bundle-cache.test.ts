import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFunctionBundleCache,
  type FunctionBundleCache,
} from '../../scripts/support/function-bundle-cache.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A project of two functions, as small as the cache can be seen on: `alpha` and `beta` share
 * `lib/shared.ts`, only `alpha` imports `lib/alpha-only.ts`, and both ship `data/*.txt` (included_files).
 */
let root: string;
const functionsConfig = () => ({
  '*': { nodeBundler: 'esbuild_zisi', includedFiles: ['data/*.txt'], includedFilesBasePath: root },
});
const mainFile = (name: string) => path.join(root, 'netlify/functions', `${name}.mts`);

async function write(file: string, text: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'kayal-bundle-cache-')));
  await write('package.json', JSON.stringify({ name: 'fixture', type: 'module', private: true }));
  await write('package-lock.json', JSON.stringify({ lockfileVersion: 3 }));
  await write('lib/shared.ts', `export const greeting = 'hello';\n`);
  await write('lib/alpha-only.ts', `export const mark = 'alpha-1';\n`);
  await write('data/one.txt', 'one');
  for (const name of ['alpha', 'beta']) {
    const extra =
      name === 'alpha' ? `import { mark } from '../../lib/alpha-only.ts';\n` : `const mark = 'beta';\n`;
    await write(
      `netlify/functions/${name}.mts`,
      `import { greeting } from '../../lib/shared.ts';\n${extra}` +
        `export default async () => new Response(\`\${greeting} \${mark}\`);\n` +
        `export const config = { path: '/api/${name}' };\n`,
    );
  }
  // As in a checkout; the fixture's functions import no package, but the bundler looks for them here.
  await symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'));
}, 60_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * A fresh cache over the fixture, as each new server process makes one. One bundling thread, not a
 * server's two: each thread loads Netlify's bundler (about 2.8 s of a core), and what is tested here is
 * what gets bundled and kept, not how many at once.
 */
function openCache(): FunctionBundleCache {
  return createFunctionBundleCache({
    root,
    cacheDir: path.join(root, '.netlify/function-bundles'),
    functionsConfig: functionsConfig(),
    workers: 1,
  });
}

/** Resolves both functions through one fresh cache and says where each came from. */
async function startOnce() {
  const cache = openCache();
  try {
    const [alpha, beta] = await Promise.all(['alpha', 'beta'].map((name) => cache.get(name, mainFile(name))));
    return { alpha, beta, counts: cache.counts() };
  } finally {
    await cache.close();
  }
}

/** What a bundle answers, run from its own folder in a fresh Node process as the server's worker would. */
async function answerOf(buildPath: string): Promise<string> {
  const script = `
    globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
    const fn = await import(${JSON.stringify(path.join(path.dirname(buildPath), 'netlify/functions'))} + '/' + process.argv[1] + '.mjs');
    console.log(await (await fn.default(new Request('http://localhost/'), {})).text());
  `;
  const name = path.basename(path.dirname(buildPath));
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, name]);
  return stdout.trim();
}

describe('the function bundle cache of npm start', () => {
  it('bundles each function on the first start and none on a second start with nothing changed', async () => {
    const first = await startOnce();
    expect(first.counts).toMatchObject({ bundled: 2, fromCache: 0 });
    expect(await answerOf(first.alpha.buildData.buildPath)).toBe('hello alpha-1');

    const second = await startOnce();
    expect(second.counts).toMatchObject({ bundled: 0, fromCache: 2 });
    expect(second.alpha.folder).toBe(first.alpha.folder);
    expect(second.beta.folder).toBe(first.beta.folder);
  }, 120_000);

  it('rebundles only the function whose own input changed, and serves the change', async () => {
    const before = await startOnce();
    await write('lib/alpha-only.ts', `export const mark = 'alpha-2';\n`);
    const after = await startOnce();
    expect(after.counts).toMatchObject({ bundled: 1, fromCache: 1 });
    expect(after.alpha.origin).toBe('bundled');
    expect(after.beta.origin).toBe('cache');
    expect(after.alpha.folder).not.toBe(before.alpha.folder);
    expect(await answerOf(after.alpha.buildData.buildPath)).toBe('hello alpha-2');
  }, 120_000);

  it('rebundles every function when a shared input, a new included file or the lockfile changes', async () => {
    await startOnce();
    await write('lib/shared.ts', `export const greeting = 'namaskaram';\n`);
    const shared = await startOnce();
    expect(shared.counts).toMatchObject({ bundled: 2, fromCache: 0 });
    expect(await answerOf(shared.beta.buildData.buildPath)).toBe('namaskaram beta');

    // A file the included_files pattern matches now, which no earlier bundle shipped.
    await write('data/two.txt', 'two');
    const included = await startOnce();
    expect(included.counts).toMatchObject({ bundled: 2, fromCache: 0 });
    expect(existsSync(path.join(path.dirname(included.beta.buildData.buildPath), 'data/two.txt'))).toBe(true);

    await write('package-lock.json', JSON.stringify({ lockfileVersion: 3, packages: { '': {} } }));
    expect((await startOnce()).counts).toMatchObject({ bundled: 2, fromCache: 0 });
    expect((await startOnce()).counts).toMatchObject({ bundled: 0, fromCache: 2 });
  }, 240_000);

  it('lets servers that start together share one bundle of a function, never a half-written one', async () => {
    await write('lib/shared.ts', `export const greeting = 'vanakkam';\n`);
    const caches = [openCache(), openCache(), openCache()];
    try {
      const bundles = await Promise.all(caches.map((cache) => cache.get('beta', mainFile('beta'))));
      // Each got a complete bundle; whichever finished first is the one all of them keep serving.
      for (const bundle of bundles) expect(await answerOf(bundle.buildData.buildPath)).toBe('vanakkam beta');
      const kept = await readdir(path.join(root, '.netlify/function-bundles/beta'));
      expect(kept.filter((entry) => entry.startsWith('.'))).toEqual([]);
      expect(new Set(bundles.map((bundle) => bundle.folder)).size).toBe(1);
      expect(kept).toContain(path.basename(bundles[0]?.folder ?? ''));
    } finally {
      await Promise.all(caches.map((cache) => cache.close()));
    }
    const after = await startOnce();
    expect(after.beta.origin).toBe('cache');
  }, 240_000);

  it('prunes old bundles, but never one a running server still serves', async () => {
    const running = openCache();
    const served = await running.get('alpha', mainFile('alpha'));
    const answer = await answerOf(served.buildData.buildPath);
    for (const mark of ['alpha-3', 'alpha-4', 'alpha-5']) {
      await write('lib/alpha-only.ts', `export const mark = '${mark}';\n`);
      await startOnce();
    }
    // Every bundle of alpha unused for hours, the served one longest.
    const alphaDir = path.join(root, '.netlify/function-bundles/alpha');
    const bundles = (await readdir(alphaDir)).filter((entry) => !entry.startsWith('.'));
    expect(bundles.length).toBeGreaterThanOrEqual(4);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const [index, entry] of bundles.entries()) {
      const when = entry === path.basename(served.folder) ? hoursAgo(10) : hoursAgo(5 - index / 10);
      await utimes(path.join(alphaDir, entry), when, when);
    }

    const pruner = openCache();
    await pruner.prune();
    const kept = await readdir(alphaDir);
    expect(kept).toContain(path.basename(served.folder));
    expect(kept.filter((entry) => !entry.startsWith('.'))).toHaveLength(3);
    expect(await answerOf(served.buildData.buildPath)).toBe(answer);

    // Once that server has stopped, its bundle goes too.
    await running.close();
    await pruner.prune();
    await pruner.close();
    expect(await readdir(alphaDir)).not.toContain(path.basename(served.folder));
  }, 240_000);
});
