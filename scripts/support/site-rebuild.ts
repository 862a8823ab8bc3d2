/**
 * "Rebuild the site now" in the content editor under `npm start`: builds the site from the editor's
 * working copy into a folder of its own, then hands it to serve.ts to swap in for dist/, so the running
 * server serves the old site whole until the new one is complete. One rebuild at a time. Never on
 * Netlify, where a save is a commit and Netlify's own deploy rebuilds.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RebuildState } from '../../src/features/content-editor/rebuild-contract.ts';
import { cmsEditableFolders } from '../../src/lib/cms-config.ts';

/** What `astro build` reads besides the editable folders (as tests/e2e/content-editor.spec.ts builds a copy). */
const buildInputs = ['src', 'public', 'astro.config.ts', 'tsconfig.json', 'package.json'];

/** Until a rebuild has been timed, what one is expected to take: about a build's time on 2 busy cores. */
const firstEstimateSeconds = 120;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes are what is removed.
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Lines of a build's output no person needs: timestamps' noise, stack frames, the tool's own backtrace. */
const isNoise = (line: string) =>
  /^(at |Stack trace|Stack backtrace|\d+: |Caused by:$)|node_modules/.test(line);

/**
 * The build's error as a person can read it: the lines from its first error on (Astro names the
 * collection, the entry and the field there), without colours, times or the stack, at most six, and
 * the content file the build names, as a path in the working copy, when those lines do not.
 */
export function describeBuildFailure(output: string): string {
  const lines = withoutColours(output)
    .split('\n')
    .map((line) => line.trim().replace(/^\d\d:\d\d:\d\d /, ''))
    .filter((line) => line !== '' && !isNoise(line));
  const first = lines.findIndex((line) => /error|invalid|does not match|refused|cannot|failed/i.test(line));
  const chosen = first === -1 ? lines.slice(-6) : lines.slice(first, first + 6);
  const file = /\bsrc\/(content|assets)\/[^\s:'"]+/.exec(withoutColours(output))?.[0];
  if (file && !chosen.some((line) => line.includes(file))) chosen.push(`In ${file}.`);
  return chosen.join('\n') || 'The build stopped without saying why.';
}

/**
 * A project folder outside the checkout with its code and configuration and the working copy's
 * content and pictures, node_modules linked: what the build of the working copy reads.
 */
async function prepareBuildTree(root: string, workingCopy: string): Promise<string> {
  const tree = await mkdtemp(path.join(tmpdir(), 'kayal-rebuild-'));
  const editable = (source: string) =>
    !cmsEditableFolders.some((folder) => path.relative(path.join(root, folder), source) === '');
  for (const input of buildInputs) {
    await cp(path.join(root, input), path.join(tree, input), { recursive: true, filter: editable });
  }
  for (const folder of cmsEditableFolders) {
    await cp(path.join(workingCopy, folder), path.join(tree, folder), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  return tree;
}

/** The build running now, stopped with the server. */
let building: ReturnType<typeof spawn> | undefined;

/** Runs `astro build` in `cwd` into `outDir`; throws the build's error in words when it fails. */
async function runBuild(root: string, cwd: string, outDir: string): Promise<void> {
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  building = child;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(describeBuildFailure(output));
}

export type SiteRebuilder = {
  state(): RebuildState;
  /** Starts a rebuild unless one runs; `started` says which. */
  start(): { started: boolean; state: RebuildState };
  /** Resolves once the rebuild running now, if any, has ended. */
  settled(): Promise<void>;
  /** Stops a build still running, as the server stops. */
  stop(): void;
};

/**
 * Rebuilds `workingCopy`'s site (the checkout `root` itself, or a copy of its editable folders) into
 * a folder beside dist/ and calls `swapIn` with it once the build is complete.
 */
export function createSiteRebuilder({
  root,
  workingCopy,
  swapIn,
  log = console.log,
}: {
  root: string;
  workingCopy: string;
  swapIn: (builtDir: string) => Promise<void>;
  log?: (line: string) => void;
}): SiteRebuilder {
  let current: RebuildState = { status: 'idle' };
  let lastSeconds: number | undefined;
  let running: Promise<void> = Promise.resolve();

  async function rebuild(startedAt: number) {
    // On dist/'s file system, so the swap is a rename; under .netlify/, which no check or lint reads.
    const outDir = path.join(root, '.netlify', `site-rebuild-${process.pid}`);
    const separate = path.resolve(workingCopy) !== path.resolve(root);
    const tree = separate ? await prepareBuildTree(root, workingCopy) : root;
    try {
      await rm(outDir, { recursive: true, force: true });
      await runBuild(root, tree, outDir);
      await swapIn(outDir);
    } finally {
      if (separate) await rm(tree, { recursive: true, force: true });
      await rm(outDir, { recursive: true, force: true });
    }
    lastSeconds = Math.round((performance.now() - startedAt) / 1000);
  }

  return {
    state: () => current,
    settled: () => running,
    stop() {
      if (building && building.exitCode === null) building.kill('SIGTERM');
    },
    start() {
      if (current.status === 'building') return { started: false, state: current };
      const startedAt = performance.now();
      current = {
        status: 'building',
        startedAt: new Date().toISOString(),
        estimateSeconds: lastSeconds ?? firstEstimateSeconds,
      };
      log('Site: rebuilding from the content editor’s working copy…');
      running = rebuild(startedAt).then(
        () => {
          current = { status: 'live', finishedAt: new Date().toISOString(), seconds: lastSeconds ?? 0 };
          log(`Site: rebuilt and swapped in, in ${lastSeconds} s.`);
        },
        (error: Error) => {
          current = { status: 'failed', finishedAt: new Date().toISOString(), error: error.message };
          log(`Site: the rebuild failed; the site as it was is still served.\n${error.message}`);
        },
      );
      return { started: true, state: current };
    },
  };
}
