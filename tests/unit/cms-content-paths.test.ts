import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isInsideOnDisk,
  namedPaths,
  refuseRequest,
  refuseSpelling,
} from '../../scripts/support/cms-content-paths.ts';
import { cmsEditableFolders } from '../../src/lib/cms-config.ts';

const folders = cmsEditableFolders;

describe('which path spellings the editor’s local backend accepts', () => {
  it.each([
    ['an entry', 'src/content/villas/kovalam-cliff-villa.md', 'file'],
    ['a settings file', 'src/content/jobs.json', 'file'],
    ['an uploaded picture', 'src/assets/images/villas/pool.jpg', 'file'],
    ['a name with a per cent sign that encodes nothing', 'src/assets/images/posts/100% monsoon.jpg', 'file'],
    ['a collection folder', 'src/content/posts', 'folder'],
    ['a media folder with a trailing slash', 'src/assets/images/', 'folder'],
    ['an editable folder itself', 'src/assets', 'folder'],
  ] as const)('accepts %s', (_what, value, kind) => {
    expect(refuseSpelling(value, kind, folders)).toBeUndefined();
  });

  it.each([
    ['the database file', '.data/postgres.json', 'file', 'is outside'],
    ['.env', '.env', 'file', 'is outside'],
    ['a git hook', '.git/hooks/pre-commit', 'file', 'is outside'],
    ['a page', 'src/pages/index.astro', 'file', 'is outside'],
    ['a look-alike folder', 'src/contentx/a.md', 'file', 'is outside'],
    ['an editable folder named as a file', 'src/content', 'file', 'is outside'],
    ['the working copy as a folder', '.', 'folder', '"." or ".."'],
    ['a climb', 'src/content/../../.env', 'file', '"." or ".."'],
    ['a climb at the end', 'src/content/..', 'folder', '"." or ".."'],
    ['a dot part', 'src/content/./posts/a.md', 'file', '"." or ".."'],
    ['a doubled slash', 'src/content//a.md', 'file', '"." or ".."'],
    ['an absolute path', '/etc/passwd', 'file', 'absolute'],
    ['an absolute path into the working copy', '/work/main/src/content/a.md', 'file', 'absolute'],
    ['a Windows drive path', 'C:/Windows/win.ini', 'file', 'absolute'],
    ['a backslash climb', 'src\\content\\..\\..\\.env', 'file', 'backslash'],
    ['an encoded climb', 'src/content/%2e%2e/%2e%2e/.env', 'file', 'encoded'],
    ['an encoded slash', 'src/content/..%2F..%2F.env', 'file', 'encoded'],
    ['a NUL byte', 'src/content/a.md\u0000.png', 'file', 'control character'],
    ['a line break', 'src/content/a\n.md', 'file', 'control character'],
    ['an empty path', '', 'file', 'non-empty'],
    ['a number', 7, 'file', 'non-empty'],
    ['a list', ['src/content/a.md'], 'file', 'non-empty'],
    ['a path too long', `src/content/${'a/'.repeat(600)}x.md`, 'file', 'too long'],
  ] as const)('refuses %s', (_what, value, kind, reason) => {
    expect(refuseSpelling(value, kind, folders)).toContain(reason);
  });
});

describe('every path each action names is found', () => {
  const branch = 'main';
  it.each([
    ['getEntry', { path: 'a' }, ['params.path']],
    ['getMediaFile', { path: 'a' }, ['params.path']],
    ['deleteFile', { path: 'a' }, ['params.path']],
    ['entriesByFolder', { folder: 'a', extension: 'md', depth: 1 }, ['params.folder']],
    ['getMedia', { mediaFolder: 'a' }, ['params.mediaFolder']],
    [
      'entriesByFiles',
      { files: [{ path: 'a' }, { path: 'b' }] },
      ['params.files[0].path', 'params.files[1].path'],
    ],
    ['deleteFiles', { paths: ['a', 'b'] }, ['params.paths[0]', 'params.paths[1]']],
    ['persistMedia', { asset: { path: 'a' } }, ['params.asset.path']],
    [
      'persistEntry',
      {
        entry: { path: 'e', newPath: 'f' },
        dataFiles: [{ path: 'a', newPath: 'b' }, { path: 'c' }],
        assets: [{ path: 'd' }],
      },
      [
        'params.entry.path',
        'params.entry.newPath',
        'params.dataFiles[0].path',
        'params.dataFiles[0].newPath',
        'params.dataFiles[1].path',
        'params.assets[0].path',
      ],
    ],
    ['info', undefined, []],
    ['getDeployPreview', { collection: 'posts', slug: 'a' }, []],
  ])('%s', (action, params, fields) => {
    const found = namedPaths({ action, params: params && { branch, ...params } });
    expect(found).toMatchObject({ action });
    expect('paths' in found ? found.paths.map((named) => named.field) : found).toEqual(fields);
  });

  it.each([
    ['no object', 'getEntry', 400],
    ['an action fs mode does not handle', { action: 'unpublishedEntries', params: { branch } }, 400],
    ['an inherited name', { action: 'constructor', params: {} }, 400],
    ['files that are not a list', { action: 'entriesByFiles', params: { files: 'a' } }, 400],
    ['a file that is not an object', { action: 'entriesByFiles', params: { files: ['a'] } }, 400],
    ['assets that are not a list', { action: 'persistEntry', params: { dataFiles: [], assets: {} } }, 400],
    ['an asset that is not an object', { action: 'persistMedia', params: { asset: 'a' } }, 400],
    ['params that are a list', { action: 'getEntry', params: [] }, 400],
  ])('refuses %s', (_what, body, status) => {
    expect(namedPaths(body)).toMatchObject({ status, error: expect.any(String) });
  });
});

describe('paths on disk', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kayal-cms-paths-'));
    await mkdir(path.join(root, 'src/content/posts'), { recursive: true });
    await mkdir(path.join(root, 'src/assets/images'), { recursive: true });
    await mkdir(path.join(root, '.git'), { recursive: true });
    await writeFile(path.join(root, '.env'), 'SECRET=1\n');
    await writeFile(path.join(root, 'src/content/posts/a.md'), 'a\n');
    await symlink('../../../.env', path.join(root, 'src/content/posts/env.md'));
    await symlink('../../.git', path.join(root, 'src/assets/git'));
    await symlink('../../content/posts/a.md', path.join(root, 'src/assets/images/a.md'));
    await symlink('nowhere', path.join(root, 'src/content/posts/dangling.md'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['an existing file', 'src/content/posts/a.md', true],
    ['a file not written yet', 'src/content/posts/new/deeper/b.md', true],
    ['a symlink to another editable file', 'src/assets/images/a.md', true],
    ['a symlink to .env', 'src/content/posts/env.md', false],
    ['a new file under a symlinked folder', 'src/assets/git/hooks/pre-commit', false],
    ['a dangling symlink', 'src/content/posts/dangling.md', false],
  ])('%s (%s) is inside the folders: %s', async (_what, relative, inside) => {
    expect(await isInsideOnDisk(root, relative, folders)).toBe(inside);
  });

  it('refuses a rename into another folder, which would move every file of the old one', async () => {
    const refusal = await refuseRequest(
      root,
      {
        action: 'persistEntry',
        params: {
          branch: 'main',
          dataFiles: [
            { slug: 'a', path: 'src/content/posts/a.md', newPath: 'src/content/villas/a.md', raw: 'a' },
          ],
          assets: [],
        },
      },
      folders,
    );
    expect(refusal).toMatchObject({ status: 403, field: 'params.dataFiles[0].newPath' });
  });
});
