import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the two endpoints of GitHub's contents API the content writer calls, on 127.0.0.1:
 * get a file (`GET /repos/{owner}/{repo}/contents/{path}?ref=`) and write it with the sha it was read
 * at (`PUT` the same path). A stale sha is refused with 409, as GitHub refuses it. Each file's sha is
 * its git blob's, as GitHub's is; every request is kept for the test to read.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string;
  body: unknown;
};

const blobSha = (text: string) =>
  createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest('hex');

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startGithubContentsStandIn(repository: {
  owner: string;
  repo: string;
  branch: string;
}) {
  /** The branch's files by path. */
  const files = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  let commits = 0;
  /**
   * `afterGet` runs once a GET has been answered: a test's other save landing between a read and its
   * write. `refusePut` answers every PUT with that status and message, writing nothing, as GitHub does
   * when it is down (5xx) or the token may not write (403).
   */
  const hooks: { afterGet?: (file: string) => void; refusePut?: { status: number; message: string } } = {};
  const prefix = `/repos/${repository.owner}/${repository.repo}/contents/`;

  const server = createServer(async (request, answer) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      // The SDK sends a file's path with its slashes encoded (`src%2Fcontent%2F…`), which GitHub reads as slashes.
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      auth: request.headers.authorization ?? '',
      body,
    });
    const reply = (status: number, json: unknown) =>
      answer
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(json));
    if (!url.pathname.startsWith(prefix)) return reply(404, { message: 'Not Found' });
    const file = decodeURIComponent(url.pathname.slice(prefix.length));
    const text = files.get(file);
    if (request.method === 'GET') {
      if (url.searchParams.get('ref') !== repository.branch || text === undefined) {
        return reply(404, { message: 'Not Found' });
      }
      answer.once('finish', () => hooks.afterGet?.(file));
      return reply(200, {
        type: 'file',
        encoding: 'base64',
        path: file,
        name: file.split('/').pop(),
        sha: blobSha(text),
        size: Buffer.byteLength(text),
        content: Buffer.from(text, 'utf8').toString('base64').replace(/.{60}/g, '$&\n'),
      });
    }
    if (request.method === 'PUT') {
      if (hooks.refusePut) return reply(hooks.refusePut.status, { message: hooks.refusePut.message });
      const put = body as { message?: string; content?: string; sha?: string; branch?: string };
      if (put.branch !== repository.branch) return reply(404, { message: 'Branch not found' });
      if (text !== undefined && put.sha !== blobSha(text)) {
        return reply(409, { message: `${file} does not match ${put.sha}` });
      }
      const written = Buffer.from(put.content ?? '', 'base64').toString('utf8');
      files.set(file, written);
      commits += 1;
      return reply(200, {
        content: { path: file, sha: blobSha(written) },
        commit: { sha: createHash('sha1').update(`commit ${commits}`).digest('hex'), message: put.message },
      });
    }
    return reply(405, { message: 'Method Not Allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files,
    requests,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
