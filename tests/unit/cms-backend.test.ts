import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../scripts/support/raw-client.ts';
import { listeningPorts } from '../support/listening-ports.ts';

/**
 * The content editor's local backend as `npm start` and `npm run dev` start it
 * (scripts/support/cms-backend.ts), on a throwaway working copy that holds what an attacker wants: the
 * embedded database's owner password (.data/postgres.json), .env, .git, package.json, and symlinks
 * out of src/content and src/assets. Every port the backend opens is found from /proc, not taken
 * from its own word.
 */

const secrets = {
  postgres: `owner-password-${randomUUID()}`,
  env: `smtp-password-${randomUUID()}`,
  git: `git-remote-token-${randomUUID()}`,
  pkg: `package-name-${randomUUID()}`,
};
const hello = `---\ntitle: Hello\n---\nThe monsoon post ${randomUUID()}\n`;
const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

let root = '';
let guardPort = 0;
/** Not listening: the editor's page is never loaded here, only its Origin is sent. */
const sitePort = 18_888;
let opened: number[] = [];
let backend: { stop: () => void } | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A working copy with the editor's folders, the files around them, and two symlinks leading out. */
async function makeWorkingCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kayal-cms-backend-'));
  const files: Record<string, string> = {
    '.data/postgres.json': JSON.stringify({ password: secrets.postgres, port: 5432 }),
    '.env': `SMTP_URL=smtps://office:${secrets.env}@mail.example:465\n`,
    '.git/config': `[remote "origin"]\n\turl = https://x:${secrets.git}@github.example/k.git\n`,
    '.git/hooks/README': 'hooks\n',
    'package.json': JSON.stringify({ name: secrets.pkg, scripts: { start: 'node scripts/serve.ts' } }),
    'src/pages/index.astro': '<h1>Home</h1>\n',
    'src/content/posts/hello.md': hello,
    'src/content/jobs.json': '{ "jobs": [] }\n',
    'src/assets/images/posts/monsoon.svg': picture,
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  // Put there by hand or by a checkout: the editor must not follow either out of its folders.
  await symlink('../../../.data/postgres.json', path.join(dir, 'src/content/posts/leak.md'));
  await symlink('../../.git', path.join(dir, 'src/assets/git'));
  return dir;
}

/** Every file of the working copy with its content, to prove a refused request changed nothing. */
async function snapshot(dir = root, prefix = ''): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const name = path.join(prefix, entry.name);
    if (entry.isSymbolicLink()) found[name] = '(symlink)';
    else if (entry.isDirectory()) Object.assign(found, await snapshot(dir, name));
    else found[name] = await readFile(path.join(dir, name), 'utf8');
  }
  return found;
}

type Answer = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

/** A request to the backend on `port`; by default as this site's own editor page sends it. */
async function call(
  body: unknown,
  options: { port?: number; headers?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const port = options.port ?? guardPort;
  const answer = await sendRaw(`http://127.0.0.1:${port}/api/v1`, {
    method: options.method ?? 'POST',
    headers: {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${sitePort}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: 20_000,
  });
  return { status: answer.status, text: answer.body.toString('utf8'), headers: answer.headers };
}

const branch = 'main';
const saveOptions = { commitMessage: 'Update', useWorkflow: false, status: 'draft' };
const everySecret = Object.values(secrets);

function expectRefusedWithJson(answer: Answer) {
  expect([400, 403]).toContain(answer.status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.text)).toEqual(expect.objectContaining({ error: expect.any(String) }));
  for (const secret of everySecret) expect(answer.text).not.toContain(secret);
}

beforeAll(async () => {
  root = await makeWorkingCopy();
  const before = new Set(listeningPorts(process.pid).map(({ port }) => port));
  guardPort = await freePort();
  // content-editor.ts reads the guard's port from the environment as it loads.
  process.env.CMS_BACKEND_PORT = String(guardPort);
  const { startCmsBackend } = await import('../../scripts/support/cms-backend.ts');
  backend = await startCmsBackend(root, sitePort);
  opened = listeningPorts(process.pid)
    .map(({ port }) => port)
    .filter((port) => !before.has(port));
}, 150_000);

afterAll(async () => {
  backend?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the content editor’s local backend answers only through its guard', () => {
  it('opens one TCP port, the guard’s on CMS_BACKEND_PORT', () => {
    expect(opened).toEqual([guardPort]);
  });

  it('refuses a forged Host and a foreign Origin on every port it opened, reading and writing nothing', async () => {
    expect(opened.length).toBeGreaterThan(0);
    const before = await snapshot();
    for (const port of opened) {
      const forgeries: Record<string, string>[] = [
        { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
        { host: `attacker.example:${port}` },
        { origin: 'http://localhost:3000' },
        { origin: `http://127.0.0.1:${port}` },
        { origin: 'null' },
      ];
      for (const headers of forgeries) {
        const read = await call(
          { action: 'getEntry', params: { branch, path: 'src/content/posts/hello.md' } },
          { port, headers },
        );
        expect(read.status, `getEntry on ${port} with ${JSON.stringify(headers)}`).toBe(403);
        expect(read.text).not.toContain('monsoon post');
        const write = await call(
          {
            action: 'persistEntry',
            params: {
              branch,
              dataFiles: [{ slug: 'zz-probe', path: 'src/content/posts/zz-probe.md', raw: 'probe' }],
              assets: [],
              options: saveOptions,
            },
          },
          { port, headers },
        );
        expect(write.status, `persistEntry on ${port} with ${JSON.stringify(headers)}`).toBe(403);
      }
      // A page on another local port asks first; it must not be told it may.
      const preflight = await call(undefined, {
        port,
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin'], `preflight on ${port}`).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the backend reads only src/content and src/assets', () => {
  it.each([
    [
      'the database owner’s password',
      { action: 'getEntry', params: { branch, path: '.data/postgres.json' } },
    ],
    ['.env', { action: 'getEntry', params: { branch, path: '.env' } }],
    ['.git/config', { action: 'getEntry', params: { branch, path: '.git/config' } }],
    ['package.json', { action: 'getEntry', params: { branch, path: 'package.json' } }],
    ['a page’s source', { action: 'getEntry', params: { branch, path: 'src/pages/index.astro' } }],
    [
      'a climb out of src/content',
      { action: 'getEntry', params: { branch, path: 'src/content/../../.env' } },
    ],
    [
      'a climb out of the working copy',
      { action: 'getEntry', params: { branch, path: 'src/content/../../../etc/passwd' } },
    ],
    ['an absolute path', { action: 'getEntry', params: { branch, path: '/etc/passwd' } }],
    [
      'a URL-encoded climb',
      { action: 'getEntry', params: { branch, path: 'src/content/%2e%2e/%2e%2e/.env' } },
    ],
    ['a backslash climb', { action: 'getEntry', params: { branch, path: 'src\\content\\..\\..\\.env' } }],
    [
      'a symlink in src/content to .data',
      { action: 'getEntry', params: { branch, path: 'src/content/posts/leak.md' } },
    ],
    [
      'a list of files with one outside',
      {
        action: 'entriesByFiles',
        params: { branch, files: [{ path: 'src/content/posts/hello.md' }, { path: '.data/postgres.json' }] },
      },
    ],
    [
      'a folder listing of .data',
      { action: 'entriesByFolder', params: { branch, folder: '.data', extension: 'json', depth: 1 } },
    ],
    [
      'a folder listing of the root',
      { action: 'entriesByFolder', params: { branch, folder: '.', extension: '', depth: 3 } },
    ],
    ['a media listing of .git', { action: 'getMedia', params: { branch, mediaFolder: '.git' } }],
    [
      'a media listing through a symlinked folder',
      { action: 'getMedia', params: { branch, mediaFolder: 'src/assets/git' } },
    ],
    ['a media file outside', { action: 'getMediaFile', params: { branch, path: '.data/postgres.json' } }],
    [
      'a media file through a symlinked folder',
      { action: 'getMediaFile', params: { branch, path: 'src/assets/git/config' } },
    ],
  ])('refuses %s with a JSON error', async (_what, body) => {
    expectRefusedWithJson(await call(body));
  });

  it('lists a folder without the file a symlink brings in from outside', async () => {
    const answer = await call({
      action: 'entriesByFolder',
      params: { branch, folder: 'src/content/posts', extension: 'md', depth: 1 },
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('monsoon post');
    for (const secret of everySecret) expect(answer.text).not.toContain(secret);
  });
});

describe('the backend writes only in src/content and src/assets, all or nothing', () => {
  const entry = (filePath: string) => ({ slug: 'x', path: filePath, raw: '---\ntitle: X\n---\n' });
  const asset = (filePath: string) => ({
    path: filePath,
    content: Buffer.from('#!/bin/sh\necho owned\n').toString('base64'),
    encoding: 'base64',
  });
  it.each([
    [
      'package.json',
      {
        action: 'persistEntry',
        params: { branch, dataFiles: [entry('package.json')], assets: [], options: saveOptions },
      },
    ],
    [
      'a page',
      {
        action: 'persistEntry',
        params: { branch, dataFiles: [entry('src/pages/evil.astro')], assets: [], options: saveOptions },
      },
    ],
    [
      'an old-style entry outside',
      { action: 'persistEntry', params: { branch, entry: entry('.env'), assets: [], options: saveOptions } },
    ],
    [
      'a good entry with a git hook as its asset',
      {
        action: 'persistEntry',
        params: {
          branch,
          dataFiles: [entry('src/content/posts/fine.md')],
          assets: [asset('.git/hooks/pre-commit')],
          options: saveOptions,
        },
      },
    ],
    [
      'a rename out of src/content',
      {
        action: 'persistEntry',
        params: {
          branch,
          dataFiles: [{ ...entry('src/content/posts/hello.md'), newPath: 'src/pages/hello.md' }],
          assets: [],
          options: saveOptions,
        },
      },
    ],
    [
      'an asset through a symlinked folder',
      {
        action: 'persistEntry',
        params: {
          branch,
          dataFiles: [entry('src/content/posts/fine.md')],
          assets: [asset('src/assets/git/hooks/pre-commit')],
          options: saveOptions,
        },
      },
    ],
    [
      'a climbing media upload',
      {
        action: 'persistMedia',
        params: { branch, asset: asset('src/assets/../../package.json'), options: saveOptions },
      },
    ],
    [
      'a media upload into scripts',
      { action: 'persistMedia', params: { branch, asset: asset('scripts/evil.ts'), options: saveOptions } },
    ],
    ['a delete of .env', { action: 'deleteFile', params: { branch, path: '.env', options: saveOptions } }],
    [
      'a delete of a post and package.json together',
      {
        action: 'deleteFiles',
        params: { branch, paths: ['src/content/posts/hello.md', 'package.json'], options: saveOptions },
      },
    ],
    ['an action the editor never sends', { action: 'unpublishedEntries', params: { branch } }],
  ])('refuses %s and changes no file', async (_what, body) => {
    const before = await snapshot();
    expectRefusedWithJson(await call(body));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not an action, and any other method, with a JSON error', async () => {
    const before = await snapshot();
    for (const body of [
      {},
      { action: 'getEntry' },
      { action: 'getEntry', params: { branch, path: 7 } },
      [],
    ]) {
      expectRefusedWithJson(await call(body));
    }
    const get = await call(undefined, { method: 'GET' });
    expect(get.status).toBe(404);
    expect(JSON.parse(get.text)).toEqual({ error: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the editor still reads and saves its own files', () => {
  it('saves an entry with its picture, reads both back, renames the entry and deletes it', async () => {
    const raw = '---\ntitle: Backwaters\n---\nA day on the boat.\n';
    const saved = await call({
      action: 'persistEntry',
      params: {
        branch,
        dataFiles: [{ slug: 'backwaters', path: 'src/content/posts/backwaters.md', raw }],
        assets: [
          {
            path: 'src/assets/images/posts/boat.svg',
            content: Buffer.from(picture).toString('base64'),
            encoding: 'base64',
          },
        ],
        options: saveOptions,
      },
    });
    expect(saved.status).toBe(200);
    expect(await readFile(path.join(root, 'src/content/posts/backwaters.md'), 'utf8')).toBe(raw);
    expect(await readFile(path.join(root, 'src/assets/images/posts/boat.svg'), 'utf8')).toBe(picture);

    const read = await call({
      action: 'getEntry',
      params: { branch, path: 'src/content/posts/backwaters.md' },
    });
    expect(JSON.parse(read.text)).toMatchObject({
      data: raw,
      file: { path: 'src/content/posts/backwaters.md' },
    });
    const media = await call({
      action: 'getMediaFile',
      params: { branch, path: 'src/assets/images/posts/boat.svg' },
    });
    expect(JSON.parse(media.text)).toMatchObject({ content: Buffer.from(picture).toString('base64') });
    const listed = await call({
      action: 'getMedia',
      params: { branch, mediaFolder: 'src/assets/images/posts' },
    });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('boat.svg');

    const uploaded = await call({
      action: 'persistMedia',
      params: {
        branch,
        asset: {
          path: 'src/assets/images/posts/lake.svg',
          content: Buffer.from(picture).toString('base64'),
          encoding: 'base64',
        },
        options: saveOptions,
      },
    });
    expect(uploaded.status).toBe(200);
    expect(await readFile(path.join(root, 'src/assets/images/posts/lake.svg'), 'utf8')).toBe(picture);

    const renamed = await call({
      action: 'persistEntry',
      params: {
        branch,
        dataFiles: [
          {
            slug: 'backwaters',
            path: 'src/content/posts/backwaters.md',
            newPath: 'src/content/posts/kettuvallam.md',
            raw,
          },
        ],
        assets: [],
        options: { ...saveOptions, hasSubfolders: false },
      },
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(() => readFile(path.join(root, 'src/content/posts/kettuvallam.md'), 'utf8').catch(() => ''))
      .toBe(raw);

    const deleted = await call({
      action: 'deleteFiles',
      params: {
        branch,
        paths: ['src/content/posts/kettuvallam.md', 'src/assets/images/posts/lake.svg'],
        options: saveOptions,
      },
    });
    expect(deleted.status).toBe(200);
    const left = await snapshot();
    expect(left['src/content/posts/kettuvallam.md']).toBeUndefined();
    expect(left['src/assets/images/posts/lake.svg']).toBeUndefined();
    expect(left['src/content/posts/hello.md']).toBe(hello);
  });

  it('answers the editor’s preflight from this site’s own page', async () => {
    const preflight = await call(undefined, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(`http://127.0.0.1:${sitePort}`);
  });
});
