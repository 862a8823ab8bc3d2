import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL, cmsWorkingCopy, e2eDataDir } from '../../playwright.config.ts';
import { sendRaw } from '../../scripts/support/raw-client.ts';
import { commandLine, listeningPorts, parentOf, pidListeningOn } from '../support/listening-ports.ts';

/**
 * No port the server opens lets a stranger read or write the working copy: the server as the suite
 * starts it (`npm start`'s scripts/serve.ts), every TCP port its process tree listens on found from
 * /proc, and on each one the content editor's local backend protocol tried with a forged Host (a
 * DNS-rebinding page), with a foreign Origin, and from a page on another localhost port in Chromium.
 * The backend's working copy is the suite's throwaway one (CMS_WORKING_COPY); the paths the probes
 * name are relative to it, and each secret and probe file is looked for both there and in the checkout.
 */

const sitePort = Number(new URL(baseURL).port);
const cmsPort = Number(process.env.CMS_BACKEND_PORT ?? 8081);
const dataFolder = e2eDataDir.replace(/\/postgres$/, '');
const secret = `probe-secret-${randomUUID()}`;
const secretFile = `${dataFolder}/cms-probe-secret.txt`;
/** The folders the backend's paths and the site's URLs are relative to. */
const roots = [cmsWorkingCopy, '.'];
/** A file the editor may read, through its guard only: a stranger must not read even this one. */
const contentFile = 'src/content/jobs.json';
/** Where each probe tries to write; none of them may exist afterwards. */
const probeFiles = (port: number) => [
  `src/content/posts/zz-port-probe-${port}.md`,
  `src/assets/images/posts/zz-port-probe-${port}.svg`,
  `${dataFolder}/zz-port-probe-${port}.txt`,
];

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The decap-server actions a stranger would send: reads of inside and outside files, and writes. */
function probes(port: number) {
  const [entry, picture, outside] = probeFiles(port) as [string, string, string];
  const params = { branch: 'main' };
  const saveOptions = { commitMessage: 'probe', useWorkflow: false, status: 'draft' };
  const base64 = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
  return [
    { action: 'getEntry', params: { ...params, path: contentFile } },
    { action: 'getEntry', params: { ...params, path: secretFile } },
    { action: 'getEntry', params: { ...params, path: `src/content/../../${secretFile}` } },
    { action: 'getMediaFile', params: { ...params, path: secretFile } },
    { action: 'entriesByFolder', params: { ...params, folder: dataFolder, extension: 'txt', depth: 1 } },
    {
      action: 'persistEntry',
      params: {
        ...params,
        dataFiles: [{ slug: 'zz', path: entry, raw: '---\ntitle: probe\n---\n' }],
        assets: [{ path: picture, content: base64, encoding: 'base64' }],
        options: saveOptions,
      },
    },
    {
      action: 'persistMedia',
      params: {
        ...params,
        asset: { path: outside, content: base64, encoding: 'base64' },
        options: saveOptions,
      },
    },
  ];
}

/** Paths that would read a file straight, sent verbatim (fetch would resolve the climbs first). */
const fileRequests = [
  `/${secretFile}`,
  `/${secretFile}?raw`,
  `/@fs${process.cwd()}/${secretFile}?raw`,
  `/../${secretFile}`,
  `/%2e%2e/${secretFile}`,
  `/..%2f${secretFile}`,
  `/${contentFile}`,
  `/${contentFile}?raw`,
];

/** A GET of `path` exactly as written; the answer's text, or why there was none. */
function getVerbatim(port: number, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const sent = request(
      { host: '127.0.0.1', port, path, headers, agent: false, timeout: 15_000 },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(`${answer.statusCode} ${Buffer.concat(chunks).toString('utf8')}`));
        answer.on('error', (error) => resolve(error.message));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('no answer')));
    sent.on('error', (error) => resolve(error.message));
    sent.end();
  });
}

let contentText = '';
/** What an answer must never hold: the secret, the content file's text, or either in base64. */
function expectNothingRead(answer: string, context: string) {
  for (const text of [secret, contentText.slice(0, 60)]) {
    expect(answer, context).not.toContain(text);
    expect(answer, context).not.toContain(Buffer.from(text).toString('base64').slice(0, 40));
  }
  expect(answer, context).not.toContain(JSON.stringify(contentText.slice(0, 60)).slice(1, -1));
}

async function expectNothingWritten(ports: number[]) {
  for (const port of ports) {
    for (const file of probeFiles(port)) {
      for (const root of roots) {
        const written = path.join(root, file);
        expect(await exists(written), `${written} was written`).toBe(false);
      }
    }
  }
}

/** The process running scripts/serve.ts, found from the one listening on the site's port. */
function serverProcess(): number {
  const listener = pidListeningOn(sitePort);
  if (listener === undefined) throw new Error(`no process of ours listens on ${sitePort}`);
  let server: number | undefined;
  for (let pid: number | undefined = listener; pid; pid = parentOf(pid)) {
    if (commandLine(pid).includes('scripts/serve.ts')) server = pid;
  }
  if (server === undefined)
    throw new Error(`the listener on ${sitePort} (pid ${listener}) is not scripts/serve.ts`);
  return server;
}

let ports: number[] = [];

// The secret file `beforeAll` writes and `afterAll` removes is the one both tests try to read.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  contentText = await readFile(path.join(cmsWorkingCopy, contentFile), 'utf8');
  for (const root of roots) {
    await mkdir(path.join(root, dataFolder), { recursive: true });
    await writeFile(path.join(root, secretFile), secret);
  }
  // scripts/serve.ts says it is running once the editor's backend answers; wait as the editor would.
  await expect
    .poll(
      async () => {
        const answer = await fetch(`http://127.0.0.1:${cmsPort}/api/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'info' }),
        }).catch(() => undefined);
        return answer?.ok ?? false;
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
  ports = listeningPorts(serverProcess()).map(({ port }) => port);
});

test.afterAll(async () => {
  for (const root of roots) {
    await rm(path.join(root, secretFile), { force: true });
    // Only a failing run leaves any; the assertions above name them.
    for (const port of ports)
      for (const file of probeFiles(port)) await rm(path.join(root, file), { force: true });
  }
});

test('every port the server listens on refuses a forged Host and a foreign Origin: nothing read, nothing written', async () => {
  test.setTimeout(300_000);
  // The walk found the server's own ports, so a listener it missed is not why this passes.
  expect(ports).toEqual(expect.arrayContaining([sitePort, cmsPort]));
  test.info().annotations.push({ type: 'ports walked', description: ports.join(', ') });
  const otherLocalPage = `http://localhost:${sitePort + 1}`;
  for (const port of ports) {
    const forgeries: Record<string, string>[] = [
      { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
      { host: `attacker.example:${port}` },
      { host: `127.0.0.1:${port}`, origin: otherLocalPage },
      { host: `localhost:${port}`, origin: 'https://attacker.example' },
    ];
    for (const headers of forgeries) {
      for (const body of probes(port)) {
        const context = `${body.action} on port ${port} with ${JSON.stringify(headers)}`;
        const answer = await sendRaw(`http://127.0.0.1:${port}/api/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
          timeoutMs: 15_000,
        }).catch((error: Error) => ({ status: 0, body: Buffer.from(error.message), headers: {} }));
        expectNothingRead(answer.body.toString('utf8'), context);
        if (answer.status !== 0) expect(answer.status, context).not.toBe(200);
      }
      // A file asked for by its path, as a static or dev server would be asked.
      for (const path of fileRequests) {
        const answer = await getVerbatim(port, path, headers);
        expectNothingRead(answer, `GET ${path} on port ${port} with ${JSON.stringify(headers)}`);
      }
    }
  }
  await expectNothingWritten(ports);
});

test('a page on another localhost port in Chromium can neither read nor write through any port', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const other = createServer((_request, answer) => {
    answer
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Another local site</title>');
  });
  other.listen(0, '127.0.0.1');
  await once(other, 'listening');
  try {
    await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
    const results = await page.evaluate(
      async ({ ports, bodies, files }) => {
        const seen: string[] = [];
        for (const port of ports) {
          for (const host of ['127.0.0.1', 'localhost']) {
            for (const file of files) {
              const url = `http://${host}:${port}${file}`;
              try {
                const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
                seen.push(`${url} ${answer.status} ${await answer.text()}`);
              } catch (error) {
                seen.push(`${url} refused: ${(error as Error).message}`);
              }
            }
            for (const body of bodies[String(port)] ?? []) {
              const url = `http://${host}:${port}/api/v1`;
              // As a script would read an answer (CORS), and as a form or beacon would write blind.
              try {
                const answer = await fetch(url, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(body),
                  signal: AbortSignal.timeout(10_000),
                });
                seen.push(`${url} ${answer.status} ${await answer.text()}`);
              } catch (error) {
                seen.push(`${url} refused: ${(error as Error).message}`);
              }
              await fetch(url, {
                method: 'POST',
                mode: 'no-cors',
                headers: { 'content-type': 'text/plain' },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(10_000),
              }).catch(() => undefined);
            }
          }
        }
        return seen;
      },
      {
        ports,
        bodies: Object.fromEntries(ports.map((port) => [String(port), probes(port)])),
        files: fileRequests,
      },
    );
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expectNothingRead(result, result.slice(0, 200));
    await expectNothingWritten(ports);
  } finally {
    other.closeAllConnections();
    other.close();
  }
});
