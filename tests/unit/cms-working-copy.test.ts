import { lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCmsWorkingCopy, resolveCmsWorkingCopy } from '../../scripts/support/cms-backend.ts';
import { ConfigurationError } from '../../src/server/config.ts';

/**
 * CMS_WORKING_COPY (scripts/support/cms-backend.ts): the folder `npm start`'s content editor saves
 * into, given the checkout's src/content and src/assets, so the e2e tests edit a throwaway copy.
 */

let base = '';
let checkout = '';

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'kayal-cms-copy-'));
  checkout = path.join(base, 'checkout');
  const files: Record<string, string> = {
    'src/content/jobs.json': '{ "jobs": [] }\n',
    'src/assets/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'src/pages/index.astro': '<h1>Home</h1>\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(checkout, name)), { recursive: true });
    await writeFile(path.join(checkout, name), text);
  }
  await writeFile(path.join(base, 'outside.txt'), 'outside\n');
  await symlink(path.join(base, 'outside.txt'), path.join(checkout, 'src/content/linked.txt'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveCmsWorkingCopy', () => {
  it('is the checkout when unset, or the folder named when it does not hold the checkout', () => {
    expect(resolveCmsWorkingCopy(checkout, undefined)).toBe(checkout);
    expect(resolveCmsWorkingCopy(checkout, checkout)).toBe(checkout);
    const inside = path.join(checkout, '.data/e2e-8951/cms-working-copy');
    expect(resolveCmsWorkingCopy(checkout, inside)).toBe(inside);
    const beside = path.join(base, 'elsewhere');
    expect(resolveCmsWorkingCopy(checkout, beside)).toBe(beside);
  });

  it('refuses a folder that holds the checkout, which filling afresh would overwrite', () => {
    expect(() => resolveCmsWorkingCopy(checkout, base)).toThrow(ConfigurationError);
    expect(() => resolveCmsWorkingCopy(checkout, path.join(checkout, '..'))).toThrow(/holds this checkout/);
  });
});

describe('fillCmsWorkingCopy', () => {
  const jobs = (root: string) => path.join(root, 'src/content/jobs.json');

  it('copies the editable folders only, as files, and keeps an edit until a fresh start', async () => {
    const copy = path.join(base, 'copy');
    await fillCmsWorkingCopy(checkout, copy, { fresh: false });
    expect(await readFile(jobs(copy), 'utf8')).toBe('{ "jobs": [] }\n');
    expect(await readFile(path.join(copy, 'src/assets/images/logo.svg'), 'utf8')).toContain('<svg');
    await expect(stat(path.join(copy, 'src/pages'))).rejects.toThrow();
    // A link in the checkout's content arrives as a file: a save in the copy never writes through it.
    expect((await lstat(path.join(copy, 'src/content/linked.txt'))).isFile()).toBe(true);

    await writeFile(jobs(copy), '{ "jobs": [{ "id": "edited" }] }\n');
    await fillCmsWorkingCopy(checkout, copy, { fresh: false });
    expect(await readFile(jobs(copy), 'utf8')).toContain('edited');
    await fillCmsWorkingCopy(checkout, copy, { fresh: true });
    expect(await readFile(jobs(copy), 'utf8')).toBe('{ "jobs": [] }\n');
    expect(await readFile(jobs(checkout), 'utf8')).toBe('{ "jobs": [] }\n');
  });

  it('leaves the checkout alone when it is the working copy, fresh or not', async () => {
    await writeFile(jobs(checkout), '{ "jobs": [{ "id": "kept" }] }\n');
    await fillCmsWorkingCopy(checkout, checkout, { fresh: true });
    expect(await readFile(jobs(checkout), 'utf8')).toContain('kept');
  });
});
