import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGithubContentsStandIn } from '../../../tests/support/github-contents-stand-in.ts';
import { ConfigurationError } from '../config.ts';
import { Refusal } from '../refusal.ts';
import { chooseContentWriter } from './choose-content-writer.ts';
import type { ContentWriter, HomeFile } from './content-writer.ts';
import { githubWriter } from './github-writer.ts';
import { workingCopyWriter } from './working-copy-writer.ts';

const checkout = path.resolve(import.meta.dirname, '../../..');
const villa: HomeFile = { kind: 'villas', slug: 'kovalam-cliff-villa' };
const villaFile = 'src/content/villas/kovalam-cliff-villa.md';
const original = await readFile(path.join(checkout, villaFile), 'utf8');
const soldText = original.replace(/^saleStatus: available$/m, 'saleStatus: sold');

/** What a writer must refuse as a home the content does not have, naming the request's field. */
const unknownHomes: [string, HomeFile][] = [
  ['a slug with no file', { kind: 'villas', slug: 'no-such-villa' }],
  ['a slug of another kind', { kind: 'apartments', slug: 'kovalam-cliff-villa' }],
  ['a climbing slug', { kind: 'villas', slug: '../../../package' }],
  ['an encoded slug', { kind: 'villas', slug: '%2e%2e' }],
  ['a slug into a subfolder', { kind: 'villas', slug: 'deeper/villa' }],
  ['an empty slug', { kind: 'villas', slug: '' }],
];

async function expectUnknownHome(writer: ContentWriter, home: HomeFile) {
  const refusal = await writer.setSaleStatus(home, 'sold', 'test').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(Refusal);
  expect((refusal as Refusal).reason).toBe('invalid');
  expect((refusal as Refusal).fields).toEqual({ property: expect.stringContaining('The content has no') });
}

describe('the working copy’s writer', () => {
  let root = '';
  let writer: ContentWriter;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kayal-content-writer-'));
    await cp(path.join(checkout, 'src/content'), path.join(root, 'src/content'), { recursive: true });
    await writeFile(path.join(root, '.env'), 'SECRET=1\n');
    await symlink('../../../.env', path.join(root, 'src/content/villas/env-villa.md'));
    writer = workingCopyWriter(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('sets the status, keeping the rest of the file byte for byte, and says what changed', async () => {
    expect(await writer.setSaleStatus(villa, 'sold', 'test')).toEqual({
      path: villaFile,
      previous: 'available',
      saleStatus: 'sold',
      changed: true,
    });
    expect(await readFile(path.join(root, villaFile), 'utf8')).toBe(soldText);
  });

  it('writes nothing when the file already says it', async () => {
    const again = await writer.setSaleStatus(villa, 'sold', 'test');
    expect(again).toMatchObject({ previous: 'sold', changed: false });
    expect(await readFile(path.join(root, villaFile), 'utf8')).toBe(soldText);
  });

  it.each(unknownHomes)('refuses %s, writing nothing', async (_what, home) => {
    await expectUnknownHome(writer, home);
  });

  it('refuses a home whose file is a symlink out of the content folders, leaving its target alone', async () => {
    await expectUnknownHome(writer, { kind: 'villas', slug: 'env-villa' });
    expect(await readFile(path.join(root, '.env'), 'utf8')).toBe('SECRET=1\n');
  });
});

describe('the GitHub writer, against a stand-in of the contents API', () => {
  const repository = { owner: 'kayal', repo: 'site', branch: 'main' };
  let standIn: Awaited<ReturnType<typeof startGithubContentsStandIn>>;
  let writer: ContentWriter;
  beforeAll(async () => {
    standIn = await startGithubContentsStandIn(repository);
    writer = githubWriter({
      repo: 'kayal/site',
      branch: 'main',
      token: 'github_pat_test',
      baseUrl: standIn.url,
    });
  });
  afterEach(() => {
    standIn.files.set(villaFile, original);
    standIn.requests.length = 0;
  });
  afterAll(() => standIn.close());

  it('reads the file on the branch and commits it back with its sha, the status changed and nothing else', async () => {
    standIn.files.set(villaFile, original);
    const write = await writer.setSaleStatus(villa, 'sold', 'Kovalam Cliff Villa is sold (KB-2026-000001)');
    expect(write).toEqual({
      path: villaFile,
      previous: 'available',
      saleStatus: 'sold',
      changed: true,
      revision: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(standIn.files.get(villaFile)).toBe(soldText);
    const [get, put] = standIn.requests;
    expect(get).toMatchObject({ method: 'GET', path: `/repos/kayal/site/contents/${villaFile}` });
    expect(get?.query.get('ref')).toBe('main');
    expect(put).toMatchObject({
      method: 'PUT',
      body: {
        branch: 'main',
        message: 'Kovalam Cliff Villa is sold (KB-2026-000001)',
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      },
    });
    for (const request of standIn.requests) expect(request.auth).toBe('token github_pat_test');
  });

  it('makes no commit when the file already says it', async () => {
    standIn.files.set(villaFile, soldText);
    expect(await writer.setSaleStatus(villa, 'sold', 'test')).toMatchObject({ changed: false });
    expect(standIn.requests.map(({ method }) => method)).toEqual(['GET']);
  });

  it('refuses, as a conflict, a file saved by someone else between its read and its write', async () => {
    standIn.files.set(villaFile, original);
    standIn.hooks.afterGet = (file) => {
      standIn.files.set(file, original.replace('Kovalam', 'Kovalam '));
      standIn.hooks.afterGet = undefined;
    };
    const refusal = await writer.setSaleStatus(villa, 'sold', 'test').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refusal);
    expect((refusal as Refusal).reason).toBe('conflict');
    expect(standIn.files.get(villaFile)).not.toContain('saleStatus: sold');
  });

  it.each(unknownHomes.slice(2))('refuses %s before asking GitHub', async (_what, home) => {
    await expectUnknownHome(writer, home);
    expect(standIn.requests).toEqual([]);
  });

  it.each(unknownHomes.slice(0, 2))(
    'takes GitHub’s 404 for %s as a configuration to mend (it answers alike for a repository the token may not read), committing nothing',
    async (_what, home) => {
      await expect(writer.setSaleStatus(home, 'sold', 'test')).rejects.toThrow(
        /CONTENT_REPO, CONTENT_BRANCH and CONTENT_GITHUB_TOKEN/,
      );
      expect(standIn.requests.filter(({ method }) => method === 'PUT')).toEqual([]);
    },
  );
});

describe('choosing the writer from the environment', () => {
  const github = { CONTENT_REPO: 'kayal/site', CONTENT_BRANCH: 'main', CONTENT_GITHUB_TOKEN: 'github_pat_x' };

  it('commits to GitHub with all three CONTENT_ settings', () => {
    expect(chooseContentWriter({ ...github, CMS_WORKING_COPY: '/tmp/x' })?.publishes).toBe('commit');
  });

  it('writes the working copy npm start names without them', () => {
    expect(chooseContentWriter({ CMS_WORKING_COPY: '/tmp/x' })?.publishes).toBe('working-copy');
  });

  it('has no writer where neither is set (a deploy without the CONTENT_ settings)', () => {
    expect(chooseContentWriter({})).toBeUndefined();
  });

  it.each([
    ['CONTENT_REPO alone', { CONTENT_REPO: 'kayal/site' }, 'also set CONTENT_BRANCH, CONTENT_GITHUB_TOKEN'],
    ['no token', { CONTENT_REPO: 'kayal/site', CONTENT_BRANCH: 'main' }, 'also set CONTENT_GITHUB_TOKEN'],
    ['a repository without its owner', { ...github, CONTENT_REPO: 'site' }, 'CONTENT_REPO: must be'],
    ['a branch with a space', { ...github, CONTENT_BRANCH: 'my branch' }, 'CONTENT_BRANCH: is not a branch'],
  ])('stops at start with what to set: %s', (_what, environment, message) => {
    expect(() => chooseContentWriter(environment)).toThrow(ConfigurationError);
    expect(() => chooseContentWriter(environment)).toThrow(message);
  });
});
