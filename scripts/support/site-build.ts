/**
 * `npm start`'s build of the site: it builds unless dist/ is the build of exactly the sources there are
 * now. What a build reads is fingerprinted: the contents of src/ and public/, the config files and the
 * lockfile, and the environment variables the build reads. The fingerprint of a build is kept in
 * .netlify/build-inputs.json with one of dist/ itself (every file's size and time), so a build made by
 * anything else (`npm run build`, the e2e tests, a benchmark that builds for another SITE_URL) is never
 * taken for this one. `npm run build` always builds.
 *
 * start.ts hands the build to serve.ts through `buildingSite`, and serve.ts starts the database and
 * the functions beside it, waiting for `siteBuilt` only before it serves pages.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const stampFile = path.join(root, '.netlify/build-inputs.json');

/** What the build reads, beside src/ and public/. */
const buildFiles = ['astro.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/**
 * The environment the build reads: the site's address (astro.config.ts), the content editor's
 * backend port and deploy minutes (src/integrations/content-editor.ts), and what Astro and Vite read
 * themselves.
 */
const isBuildVariable = (name: string) =>
  name === 'SITE_URL' ||
  name === 'CMS_BACKEND_PORT' ||
  name === 'CMS_DEPLOY_MINUTES' ||
  name === 'NODE_ENV' ||
  /^(PUBLIC|ASTRO|VITE)_/.test(name);

type Stamp = { inputs: string; dist: string; builtAt: string };

// Synchronous on purpose: a few hundred small files, read before serve.ts's modules load, so the build
// starts at once.
function filesUnder(dir: string): string[] {
  const entries = (() => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  })();
  return entries
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return entry.isFile() ? [full] : [];
    });
}

const contentHash = (file: string) => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '-';
  }
};

/** A hash of everything the build reads: file contents and the build's environment. */
function fingerprintInputs(): string {
  const hash = createHash('sha256');
  const files = [
    ...buildFiles.map((file) => path.join(root, file)),
    ...filesUnder(path.join(root, 'src')),
    ...filesUnder(path.join(root, 'public')),
  ];
  for (const file of files) hash.update(`${path.relative(root, file)}\0${contentHash(file)}\n`);
  const environment = Object.entries(process.env).filter(([name]) => isBuildVariable(name));
  hash.update(JSON.stringify(environment.sort(([a], [b]) => a.localeCompare(b))));
  return hash.digest('hex');
}

/** A hash of dist/ as it is on disk: each file's path, size and modification time. */
function fingerprintDist(): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(path.join(root, 'dist'))) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function readStamp(): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** Runs `astro build`, showing only its warnings unless it fails (then all its output), and says how long it took. */
async function build(): Promise<void> {
  const astro = realpathSync(path.join(root, 'node_modules/.bin/astro'));
  const startedAt = performance.now();
  const child = spawn(process.execPath, [astro, 'build'], {
    cwd: root,
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
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`Site: the build failed (astro build, exit code ${code}); its output is above.`);
  }
  for (const line of output.split('\n')) if (/\bWARN\b|warning/i.test(line)) console.log(`  ${line.trim()}`);
  const pages = /(\d+) page\(s\) built/.exec(output)?.[1];
  console.log(
    `Site: built${pages ? ` ${pages} pages` : ''} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`,
  );
}

let pending: Promise<void> = Promise.resolve();
let building: ReturnType<typeof spawn> | undefined;

/**
 * Starts the build at once when dist/ is not the build of the sources as they are; resolves once
 * dist/ is.
 */
export function buildingSite(): Promise<void> {
  const inputs = fingerprintInputs();
  const stamp = readStamp();
  if (stamp?.inputs === inputs && stamp.dist === fingerprintDist()) {
    console.log(`Site: dist/ is the build of these sources (built ${stamp.builtAt}); not rebuilt.`);
    return pending;
  }
  const reason = !stamp
    ? ''
    : stamp.inputs !== inputs
      ? ', the sources changed since its last build'
      : ', dist/ was built by another command since';
  console.log(`Site: building (astro build${reason})…`);
  pending = (async () => {
    await build();
    await mkdir(path.dirname(stampFile), { recursive: true });
    const fresh: Stamp = { inputs, dist: fingerprintDist(), builtAt: new Date().toLocaleString('en-GB') };
    await writeFile(`${stampFile}.${process.pid}`, JSON.stringify(fresh));
    await rename(`${stampFile}.${process.pid}`, stampFile);
  })();
  return pending;
}

/** The build `buildingSite` started in this process, or none. */
export function siteBuilt(): Promise<void> {
  return pending;
}

/** Stops a build still running, as the server stops before it is done. */
export function stopSiteBuild(): void {
  if (building && building.exitCode === null) building.kill('SIGTERM');
}
