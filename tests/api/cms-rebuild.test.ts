import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEndpoint } from '../../scripts/support/rebuild-endpoint.ts';
import { createSiteRebuilder, describeBuildFailure } from '../../scripts/support/site-rebuild.ts';
import { rebuildPath } from '../../src/features/content-editor/rebuild-contract.ts';
import { signedInGuest } from '../support/accounts.ts';
import { adminRequest, signedInAdmin } from '../support/admins.ts';
import { uniqueClient } from '../support/requests.ts';

/**
 * The content editor's "Rebuild the site now" under `npm start` (scripts/support/site-rebuild.ts and
 * rebuild-endpoint.ts): office admins only, one rebuild at a time, the working copy's content built
 * into a folder of its own and handed over whole, a failed build said in words. The project built is a
 * one-page Astro site made here, so a rebuild takes seconds, not the whole site's minutes.
 */

const checkoutModules = path.resolve(import.meta.dirname, '../../node_modules');
let project = '';
let workingCopy = '';
/** Where each rebuild's folder is moved when handed over, as serve.ts moves it to dist/. */
let served = '';

async function writeFiles(root: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
}

async function writeRate(rate: string) {
  await writeFile(path.join(workingCopy, 'src/content/rate.json'), rate);
}

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'kayal-rebuild-test-'));
  await writeFiles(project, {
    'package.json': '{ "type": "module" }',
    'tsconfig.json': '{}',
    'astro.config.ts': 'export default {};\n',
    'public/robots.txt': 'User-agent: *\n',
    'src/pages/index.astro':
      "---\nimport rate from '../content/rate.json';\n---\n<p>Weekly rate £{rate.weeklyRateGbp}</p>\n",
    'src/content/rate.json': '{ "weeklyRateGbp": 2650 }',
    'src/assets/.keep': '',
  });
  await symlink(checkoutModules, path.join(project, 'node_modules'), 'dir');
  workingCopy = await mkdtemp(path.join(tmpdir(), 'kayal-rebuild-copy-'));
  await writeFiles(workingCopy, {
    'src/content/rate.json': '{ "weeklyRateGbp": 2650 }',
    'src/assets/.keep': '',
  });
  served = path.join(project, 'served');
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(workingCopy, { recursive: true, force: true });
});

function rebuilderForTest() {
  return createSiteRebuilder({
    root: project,
    workingCopy,
    swapIn: async (builtDir) => {
      await rm(served, { recursive: true, force: true });
      await rename(builtDir, served);
    },
    log: () => {},
  });
}

describe('POST and GET /cms/rebuild', () => {
  it('refuses the anonymous (401), a guest (403), and an admin’s post from another site (403)', async () => {
    const endpoint = rebuildEndpoint(rebuilderForTest());
    const anonymous = await endpoint(adminRequest('POST', rebuildPath, { body: {} }), {
      ...uniqueClient(),
      params: {},
    });
    expect(anonymous.status).toBe(401);
    const guest = await signedInGuest();
    for (const method of ['GET', 'POST']) {
      const answer = await endpoint(
        adminRequest(method, rebuildPath, { cookie: guest.cookie, body: method === 'POST' ? {} : undefined }),
        {
          ...uniqueClient(),
          params: {},
        },
      );
      expect(answer.status, method).toBe(403);
    }
    const admin = await signedInAdmin();
    const crossSite = adminRequest('POST', rebuildPath, { cookie: admin.cookie, body: {} });
    crossSite.headers.set('origin', 'https://elsewhere.example');
    const refused = await endpoint(crossSite, { ...uniqueClient(), params: {} });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('lets an admin rebuild the working copy’s content once at a time, and says when it is live or why it failed', async () => {
    const rebuilder = rebuilderForTest();
    const endpoint = rebuildEndpoint(rebuilder);
    const admin = await signedInAdmin();
    const call = (method: string) =>
      endpoint(
        adminRequest(method, rebuildPath, { cookie: admin.cookie, body: method === 'POST' ? {} : undefined }),
        {
          ...uniqueClient(),
          params: {},
        },
      );
    expect(await (await call('GET')).json()).toEqual({ status: 'idle' });

    await writeRate('{ "weeklyRateGbp": 2777 }');
    const started = await call('POST');
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ status: 'building', estimateSeconds: 120 });
    const second = await call('POST');
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(
      /^A rebuild is already running, expected to end in about 120 s/,
    );
    await rebuilder.settled();
    const live = await (await call('GET')).json();
    expect(live, JSON.stringify(live)).toMatchObject({ status: 'live' });
    expect(await readFile(path.join(served, 'index.html'), 'utf8')).toContain('Weekly rate £2777');

    // A build that fails leaves what was served as it was, and says the build's error in words.
    await writeRate('{ "weeklyRateGbp": ');
    const again = await call('POST');
    expect(again.status).toBe(202);
    // Expected to take as long as the last one took.
    expect(await again.json()).toMatchObject({ estimateSeconds: (live as { seconds: number }).seconds });
    await rebuilder.settled();
    const failed = (await (await call('GET')).json()) as { status: string; error: string };
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/EOF while parsing/);
    expect(failed.error).not.toMatch(/Stack backtrace|^\d+: /m);
    expect(failed.error).not.toContain('\u001b[');
    expect(await readFile(path.join(served, 'index.html'), 'utf8')).toContain('Weekly rate £2777');
    // Two builds of a one-page site: 20–40 s each with an e2e run on the 2 cores, past the 90 s default.
  }, 300_000);
});

describe('describeBuildFailure', () => {
  it('keeps the lines from the first error on, without colours or the stack', () => {
    const output = [
      '12:00:01 [build] output: "static"',
      '\u001b[31m[InvalidContentEntryDataError]\u001b[39m villas → kovalam-cliff-villa data does not match collection schema.',
      '  weeklyRateGbp: Number must be greater than or equal to 1',
      '    at getEntryDataAndImages (file:///x/node_modules/astro/dist/content/utils.js:1:1)',
      '  Stack trace:',
    ].join('\n');
    expect(describeBuildFailure(output)).toBe(
      '[InvalidContentEntryDataError] villas → kovalam-cliff-villa data does not match collection schema.\nweeklyRateGbp: Number must be greater than or equal to 1',
    );
  });

  it('names the content file the build names, in the working copy', () => {
    const output = [
      '02:50:39 [ERROR] [vite] ✗ Build failed in 7.29s',
      'EOF while parsing a value at line 1 column 19',
      'file: /tmp/kayal-rebuild-x/src/content/jobs.json',
    ].join('\n');
    expect(describeBuildFailure(output)).toContain('src/content/jobs.json');
    expect(describeBuildFailure(output)).toMatch(
      /^\[ERROR\] \[vite\] ✗ Build failed in 7\.29s\nEOF while parsing/,
    );
  });

  it('says something when the build said nothing', () => {
    expect(describeBuildFailure('')).toBe('The build stopped without saying why.');
  });
});
