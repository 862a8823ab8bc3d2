import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  glob,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BundleAnswer, BundleJob } from './function-bundle-worker.ts';

/**
 * `npm start`'s cache of function bundles: each function is bundled by Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, as `netlify dev` and a deploy bundle it) at most once per change of
 * what goes into its bundle, and every server on the checkout (the e2e tests start several) serves the
 * same copy.
 *
 * A bundle lives in `<cacheDir>/<function>/<key>/`, where the key hashes the contents of every file
 * the bundler read for it (its source, our modules, the packages' files), every file its
 * `included_files` patterns match now, the lockfile, the bundler's settings and version, and Node's.
 * So a lookup needs no bundling: it hashes the files the last bundle read and finds that folder, or
 * not. A new bundle is written into a temporary folder beside it and renamed into place whole, so no
 * server ever sees a half-written one; when two servers bundle the same function at once, the first
 * rename wins and the other uses it. A folder in the cache is never written again.
 */

/** What @netlify/functions-dev's builder returns for a function: its instances import `buildPath`. */
export type BuildData = {
  buildPath: string;
  excludedRoutes: unknown[];
  includedFiles: string[];
  invocationMode?: string;
  outputModuleFormat?: string;
  mainFile: string;
  routes?: unknown[];
  runtimeAPIVersion: number;
  schedule?: string;
  srcFiles: string[];
  targetDirectory: string;
};

export type FunctionBundle = {
  name: string;
  /** `<cacheDir>/<name>/<key>`: the bundle's folder, complete and never written again. */
  folder: string;
  /** Whether this server found it in the cache or bundled it (its bundle may still have lost the race to another's). */
  origin: 'cache' | 'bundled';
  buildData: BuildData;
};

export type BundleCounts = { bundled: number; fromCache: number; failed: number };

export type FunctionBundleCache = {
  /**
   * The function's bundle: from the cache when its inputs are unchanged, else bundled now. Each name is
   * resolved once per cache (a failure is tried again on the next call). `urgent` puts its bundling
   * ahead of the others waiting, as for a request that waits on it.
   */
  get(name: string, mainFile: string, options?: { urgent?: boolean }): Promise<FunctionBundle>;
  counts(): BundleCounts;
  /** Removes bundles no running server uses and no longer current (see `prune` below). */
  prune(): Promise<number>;
  /** Stops the bundling threads. */
  close(): Promise<void>;
};

type Options = {
  /** The project root: the bundler's base path, and what stored paths are relative to. */
  root: string;
  cacheDir: string;
  /** zip-it-and-ship-it's `config` (its names: `nodeBundler`, `includedFiles`, …), as `netlify dev` derives it from netlify.toml. */
  functionsConfig: Record<string, { includedFiles?: string[] } & Record<string, unknown>>;
  /** Bundling threads; one per core by default (at most 4). */
  workers?: number;
};

/** What is kept beside a bundle: enough to look it up again and to hand it to the server. */
type Stored = {
  /** Root-relative, sorted: every file the bundler read. */
  inputs: string[];
  /** Root-relative, sorted: the files `included_files` added. */
  includedFiles: string[];
  entryFilename: string;
  excludedRoutes: unknown[];
  invocationMode?: string;
  outputModuleFormat?: string;
  mainFile: string;
  routes?: unknown[];
  runtimeAPIVersion: number;
  schedule?: string;
};

/** zip-it-and-ship-it's answer for one function, the fields this cache reads. */
type ZipResult = Omit<Stored, 'inputs' | 'includedFiles'> & {
  name: string;
  path: string;
  inputs?: string[];
  includedFiles?: string[];
};

// The flags @netlify/functions-dev 2.0.8 passes for a Functions API v2 function (its getZISIBuilder and
// buildFunction); every function here is one, and the cache refuses any other rather than bundle it wrongly.
const featureFlags = { zisi_functions_api_v2: true, zisi_pure_esm: true, zisi_pure_esm_mjs: true };
const storedFile = 'bundle.json';
const inUseFolder = '.in-use';
// A bundle not current and not in use is kept this long after its last use, which covers a server that
// has just found it and not yet recorded its use.
const pruneAfterMs = 10 * 60_000;
const keptPerFunction = 2;

/** The checkout's cache, which every server on it and function-bundles.test.ts share. */
export const functionBundlesDir = (root: string) => path.join(root, '.netlify/function-bundles');

export function createFunctionBundleCache(options: Options): FunctionBundleCache {
  const { root, cacheDir, functionsConfig } = options;
  const threadCount = options.workers ?? Math.min(4, Math.max(1, availableParallelism()));
  const threads = new BundlingThreads();
  const queue = new BundleQueue(
    threadCount,
    (batch) => bundleBatch(batch),
    () => threads.release(),
  );
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const absolute = (file: string) => path.join(root, file);
  const zipOptions = { archiveFormat: 'none', basePath: root, config: functionsConfig, featureFlags };

  const fileHashes = new Map<string, Promise<string | undefined>>();
  /** A file's content hash, read once per cache; undefined when it is gone. */
  const hashOf = (file: string) => {
    let hash = fileHashes.get(file);
    if (!hash) {
      hash = readFile(absolute(file)).then(
        (content) => createHash('sha256').update(content).digest('hex'),
        () => undefined,
      );
      fileHashes.set(file, hash);
    }
    return hash;
  };

  const salt = (async () =>
    JSON.stringify({
      format: 1,
      node: process.version,
      bundler: bundlerVersions(),
      zipOptions: { ...zipOptions, basePath: undefined },
      lockfile: (await hashOf('package-lock.json')) ?? null,
      packageType: packageType(root),
    }))();

  // Patterns zip-it-and-ship-it would add to some function; taken for all, which can only rebundle more.
  const includePatterns = Object.values(functionsConfig).flatMap((config) => config.includedFiles ?? []);
  const includedNow = (async () => {
    const excluded = includePatterns.filter((pattern) => pattern.startsWith('!')).map((p) => p.slice(1));
    const found: string[] = [];
    for (const pattern of includePatterns.filter((p) => !p.startsWith('!'))) {
      for await (const file of glob(pattern, { cwd: root, exclude: excluded })) {
        if ((await stat(absolute(file)).catch(() => undefined))?.isFile())
          found.push(relative(absolute(file)));
      }
    }
    return [...new Set(found)].sort();
  })();

  /** The key of a bundle with these inputs, from the files as they are now; undefined when one is gone. */
  async function keyOf(name: string, stored: Pick<Stored, 'inputs' | 'includedFiles' | 'mainFile'>) {
    const hash = createHash('sha256')
      .update(await salt)
      .update(`\0${name}\0${stored.mainFile}\0`);
    for (const [list, files] of [
      ['inputs', stored.inputs],
      ['included', stored.includedFiles],
    ] as const) {
      hash.update(`${list}\n`);
      for (const file of files) {
        const fileHash = await hashOf(file);
        if (!fileHash) return undefined;
        hash.update(`${file}\0${fileHash}\n`);
      }
    }
    return hash.digest('hex').slice(0, 32);
  }

  function toBundle(
    name: string,
    folder: string,
    stored: Stored,
    origin: FunctionBundle['origin'],
  ): FunctionBundle {
    const functionFolder = path.join(folder, name);
    return {
      name,
      folder,
      origin,
      buildData: {
        buildPath: path.join(functionFolder, stored.entryFilename),
        excludedRoutes: stored.excludedRoutes,
        includedFiles: stored.includedFiles.map(absolute),
        invocationMode: stored.invocationMode,
        outputModuleFormat: stored.outputModuleFormat,
        mainFile: absolute(stored.mainFile),
        routes: stored.routes,
        runtimeAPIVersion: stored.runtimeAPIVersion,
        schedule: stored.schedule,
        // As @netlify/functions-dev lists a function's own source files.
        srcFiles: stored.inputs.filter((file) => !file.split('/').includes('node_modules')).map(absolute),
        targetDirectory: folder,
      },
    };
  }

  async function findCached(name: string, mainFile: string): Promise<FunctionBundle | undefined> {
    const functionDir = path.join(cacheDir, name);
    const included = (await includedNow).join('\n');
    for (const entry of await readdir(functionDir).catch(() => [] as string[])) {
      if (entry.startsWith('.')) continue;
      const folder = path.join(functionDir, entry);
      const stored = await readFile(path.join(folder, storedFile), 'utf8').then(
        (text) => JSON.parse(text) as Stored,
        () => undefined,
      );
      if (!stored || stored.mainFile !== relative(mainFile)) continue;
      if (stored.includedFiles.join('\n') !== included) continue;
      if ((await keyOf(name, stored)) === entry) return toBundle(name, folder, stored, 'cache');
    }
    return undefined;
  }

  /** Bundles a batch of functions in one call of a thread, and puts each bundle in its place. */
  async function bundleBatch(batch: Waiting[]): Promise<void> {
    await mkdir(cacheDir, { recursive: true });
    const temporary = await mkdtemp(path.join(cacheDir, `.tmp-${process.pid}-`));
    try {
      const startedAt = Date.now();
      const mainFiles = batch.map((item) => item.mainFile);
      const results = await threads
        .run({ mainFiles, targetDirectory: temporary, options: zipOptions })
        .catch((error: Error) => error);
      if (results instanceof Error) {
        // One function that cannot be bundled fails the whole call: bundle each alone, so only it fails.
        if (batch.length > 1) for (const item of batch) queue.add({ ...item, alone: true });
        else batch[0]?.reject(results);
        return;
      }
      for (const item of batch) {
        const result = (results as ZipResult[]).find((found) => found.name === item.name);
        await place(item, result, startedAt).then(
          (bundle) => bundle && item.resolve(bundle),
          (error: Error) => item.reject(error),
        );
      }
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  }

  /**
   * Moves a function's fresh bundle into the cache under its key, through a folder of its own that is
   * renamed into place whole. Undefined when the function went back to the queue.
   */
  async function place(item: Waiting, result: ZipResult | undefined, startedAt: number) {
    const { name, mainFile } = item;
    if (!result) throw new Error(`Netlify's bundler found no function in ${relative(mainFile)}`);
    if (result.runtimeAPIVersion !== 2) {
      throw new Error(
        `${relative(mainFile)} is not a Functions API v2 function (export default async (request) => Response), which npm start bundles.`,
      );
    }
    const stored: Stored = {
      inputs: [...new Set((result.inputs ?? []).map(relative))].sort(),
      includedFiles: [...new Set((result.includedFiles ?? []).map(relative))].sort(),
      entryFilename: result.entryFilename,
      excludedRoutes: result.excludedRoutes ?? [],
      invocationMode: result.invocationMode,
      outputModuleFormat: result.outputModuleFormat,
      mainFile: relative(mainFile),
      routes: result.routes,
      runtimeAPIVersion: result.runtimeAPIVersion,
      schedule: result.schedule,
    };
    // A file saved while the bundler read it may be in the bundle in either version: bundle it again.
    // (After three tries, say with a clock that dates files in the future, the bundle is taken as it is.)
    if (item.attempt < 3 && (await changedSince(startedAt, [...stored.inputs, ...stored.includedFiles]))) {
      fileHashes.clear();
      queue.add({ ...item, attempt: item.attempt + 1 });
      return undefined;
    }
    const key = await keyOf(name, stored);
    if (!key)
      throw new Error(
        `A file ${name} was bundled from is gone; it will be bundled again on its next request.`,
      );
    const functionDir = path.join(cacheDir, name);
    await mkdir(functionDir, { recursive: true });
    const staging = await mkdtemp(path.join(functionDir, `.tmp-${process.pid}-`));
    try {
      await rename(result.path, path.join(staging, name));
      // As @netlify/functions-dev writes it next to each bundle in a project of ES modules.
      if (packageType(root) === 'module') {
        await writeFile(path.join(staging, name, 'package.json'), JSON.stringify({ type: 'commonjs' }));
      }
      await writeFile(path.join(staging, storedFile), JSON.stringify(stored, null, 1));
      const folder = path.join(functionDir, key);
      await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
        // Another server put the same bundle there first: use that one.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
      return toBundle(name, folder, stored, 'bundled');
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async function changedSince(time: number, files: string[]) {
    for (const file of files) {
      const { mtimeMs } = (await stat(absolute(file)).catch(() => undefined)) ?? { mtimeMs: Infinity };
      if (mtimeMs >= time) return true;
    }
    return false;
  }

  // This server's bundles, recorded so that another server's prune leaves them alone.
  const inUse = new Set<string>();
  const inUseFile = path.join(cacheDir, inUseFolder, `${process.pid}-${randomUUID().slice(0, 8)}.json`);
  let recording = Promise.resolve();
  const recordUse = (folder: string) => {
    inUse.add(path.relative(cacheDir, folder));
    const now = new Date();
    recording = recording
      .then(async () => {
        await utimes(folder, now, now).catch(() => {});
        await mkdir(path.dirname(inUseFile), { recursive: true });
        await writeFile(`${inUseFile}.tmp`, JSON.stringify([...inUse]));
        await rename(`${inUseFile}.tmp`, inUseFile);
      })
      // Only a prune reads it, and a prune spares whatever was used in the last ten minutes.
      .catch(() => {});
    return recording;
  };

  const counts: BundleCounts = { bundled: 0, fromCache: 0, failed: 0 };
  const resolved = new Map<string, Promise<FunctionBundle>>();

  return {
    get(name, mainFile, { urgent = false } = {}) {
      if (urgent) queue.promote(name);
      const known = resolved.get(name);
      if (known) return known;
      const bundled = (async () => {
        const found =
          (await findCached(name, mainFile)) ??
          (await new Promise<FunctionBundle>((resolve, reject) =>
            queue.add({ name, mainFile, urgent, alone: false, attempt: 1, resolve, reject }),
          ));
        await recordUse(found.folder);
        counts[found.origin === 'cache' ? 'fromCache' : 'bundled'] += 1;
        return found;
      })();
      resolved.set(name, bundled);
      bundled.catch(() => {
        counts.failed += 1;
        resolved.delete(name);
      });
      return bundled;
    },
    counts: () => ({ ...counts }),
    prune: () => prune(cacheDir),
    close: async () => {
      queue.clear();
      await threads.close();
      await rm(inUseFile, { force: true });
    },
  };
}

/**
 * Deletes what no server needs: bundles of servers that are gone, beyond the newest two of each
 * function, unused for ten minutes, and not recorded in use by a running server; and the temporary
 * folders of servers that died while bundling. Returns how many folders went.
 */
async function prune(cacheDir: string): Promise<number> {
  const used = new Set<string>();
  const inUseDir = path.join(cacheDir, inUseFolder);
  for (const entry of await readdir(inUseDir).catch(() => [] as string[])) {
    const pid = Number(/^(\d+)-\w+\.json$/.exec(entry)?.[1]);
    if (!pid) continue;
    if (!isRunning(pid)) {
      await rm(path.join(inUseDir, entry), { force: true });
      continue;
    }
    const folders = await readFile(path.join(inUseDir, entry), 'utf8').then(
      (text) => JSON.parse(text) as string[],
      () => [] as string[],
    );
    for (const folder of folders) used.add(folder);
  }
  let removed = 0;
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    // A batch's folder, of a server that died while bundling.
    const batchOwner = /^\.tmp-(\d+)-/.exec(name)?.[1];
    if (batchOwner && !isRunning(Number(batchOwner))) {
      await rm(path.join(cacheDir, name), { recursive: true, force: true });
      removed += 1;
    }
    if (name.startsWith('.')) continue;
    const functionDir = path.join(cacheDir, name);
    const entries = await readdir(functionDir).catch(() => [] as string[]);
    const bundles: { entry: string; mtimeMs: number }[] = [];
    for (const entry of entries) {
      const owner = /^\.tmp-(\d+)-/.exec(entry)?.[1];
      if (owner) {
        if (!isRunning(Number(owner))) {
          await rm(path.join(functionDir, entry), { recursive: true, force: true });
          removed += 1;
        }
        continue;
      }
      const { mtimeMs } = (await stat(path.join(functionDir, entry)).catch(() => undefined)) ?? {
        mtimeMs: 0,
      };
      bundles.push({ entry, mtimeMs });
    }
    bundles.sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { entry, mtimeMs } of bundles.slice(keptPerFunction)) {
      if (used.has(`${name}/${entry}`) || Date.now() - mtimeMs < pruneAfterMs) continue;
      await rm(path.join(functionDir, entry), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Whether a process runs (as any user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function packageType(root: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { type?: string }).type;
  } catch {
    return undefined;
  }
}

/** The versions of the bundler and the esbuild it runs, which a bundle depends on beside the lockfile. */
function bundlerVersions() {
  // The packages' exports hide their package.json; each sits a known distance above the entry point.
  const zisiEntry = import.meta.resolve('@netlify/zip-it-and-ship-it');
  const esbuildEntry = createRequire(zisiEntry).resolve('esbuild');
  const versionAt = (manifest: URL | string) =>
    (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  return {
    zisi: versionAt(new URL('../package.json', zisiEntry)),
    esbuild: versionAt(path.join(path.dirname(esbuildEntry), '../package.json')),
  };
}

/** A function waiting to be bundled, and the promise of its bundle. */
type Waiting = {
  name: string;
  mainFile: string;
  urgent: boolean;
  /** Bundled in a batch of its own (after a batch it was in failed). */
  alone: boolean;
  attempt: number;
  resolve: (bundle: FunctionBundle) => void;
  reject: (error: Error) => void;
};

const maxBatch = 12;

/**
 * The functions waiting to be bundled, taken in batches, one batch per thread at a time: urgent ones
 * (a request waits) first and on their own; the rest shared out between the threads, at most twelve
 * a batch so that an urgent one soon finds a thread free.
 */
class BundleQueue {
  #waiting: Waiting[] = [];
  #busy = 0;
  #timer: NodeJS.Timeout | undefined;
  #threads: number;
  #run: (batch: Waiting[]) => Promise<void>;
  #idle: () => void;

  constructor(threads: number, run: (batch: Waiting[]) => Promise<void>, idle: () => void) {
    this.#threads = threads;
    this.#run = run;
    this.#idle = idle;
  }

  add(item: Waiting) {
    if (item.urgent) this.#waiting.unshift(item);
    else this.#waiting.push(item);
    // Functions found missing from the cache arrive one by one: gather them for a moment into
    // batches, unless a request waits.
    if (item.urgent) this.#next();
    else this.#timer ??= setTimeout(() => this.#next(), 50);
  }

  promote(name: string) {
    const index = this.#waiting.findIndex((waiting) => waiting.name === name);
    if (index < 0) return;
    const [item] = this.#waiting.splice(index, 1);
    if (item) this.#waiting.unshift({ ...item, urgent: true });
    this.#next();
  }

  clear() {
    this.#waiting = [];
  }

  #take(): Waiting[] {
    const head = this.#waiting[0];
    if (!head || head.alone) return this.#waiting.splice(0, 1);
    const free = Math.max(1, this.#threads - this.#busy);
    const size = head.urgent ? maxBatch : Math.min(maxBatch, Math.ceil(this.#waiting.length / free));
    const batch: Waiting[] = [];
    while (batch.length < size) {
      const item = this.#waiting[0];
      if (!item || item.alone || item.urgent !== head.urgent) break;
      batch.push(item);
      this.#waiting.shift();
    }
    return batch;
  }

  #next() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#busy < this.#threads && this.#waiting.length > 0) {
      const batch = this.#take();
      this.#busy += 1;
      this.#run(batch)
        .catch((error: Error) => {
          for (const item of batch) item.reject(error);
        })
        .finally(() => {
          this.#busy -= 1;
          this.#next();
        });
    }
    if (this.#busy === 0 && this.#waiting.length === 0) this.#idle();
  }
}

/** The bundling threads: started when a batch needs one, stopped when nothing waits. */
class BundlingThreads {
  #idle: Worker[] = [];
  #all = new Set<Worker>();
  #jobs = new Map<
    Worker,
    { id: number; resolve: (results: unknown[]) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;

  /** Runs one batch on a free thread (the queue never asks for more at once than it has threads). */
  run(job: Omit<BundleJob, 'id'>): Promise<unknown[]> {
    const worker = this.#idle.pop() ?? this.#start();
    const id = this.#nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      this.#jobs.set(worker, { id, resolve, reject });
      worker.postMessage({ ...job, id } satisfies BundleJob);
    }).finally(() => {
      this.#jobs.delete(worker);
      if (this.#all.has(worker)) this.#idle.push(worker);
    });
  }

  #start() {
    const worker = new Worker(new URL('./function-bundle-worker.ts', import.meta.url));
    this.#all.add(worker);
    worker.on('message', ({ id, results, error }: BundleAnswer) => {
      const job = this.#jobs.get(worker);
      if (job?.id !== id) return;
      if (error) job.reject(new Error(error));
      else job.resolve(results ?? []);
    });
    const stopped = (error: Error) => {
      this.#all.delete(worker);
      this.#idle = this.#idle.filter((idle) => idle !== worker);
      this.#jobs.get(worker)?.reject(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`a bundling thread stopped (exit code ${code})`)));
    return worker;
  }

  /** Stops the idle threads: about 100 MB each, and nothing left to bundle. */
  release() {
    for (const worker of this.#idle) {
      this.#all.delete(worker);
      void worker.terminate();
    }
    this.#idle = [];
  }

  async close() {
    const workers = [...this.#all];
    this.#all.clear();
    this.#idle = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
