import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayReachCmsBackend, startCmsBackendGuard } from '../../scripts/support/cms-backend-guard.ts';

describe('who may reach the content editor’s local backend', () => {
  it.each([
    ['this site’s editor', { host: '127.0.0.1:8081', origin: 'http://127.0.0.1:8888' }],
    ['this site’s editor opened as localhost', { host: 'localhost:8081', origin: 'http://localhost:8888' }],
    ['a local program, which sends no Origin', { host: '127.0.0.1:8081' }],
  ])('lets %s through', (_who, headers) => {
    expect(mayReachCmsBackend(headers, 8888)).toBe(true);
  });

  it.each([
    [
      'a page of another site in the same browser',
      { host: '127.0.0.1:8081', origin: 'https://evil.example' },
    ],
    ['a sandboxed or file page (Origin: null)', { host: '127.0.0.1:8081', origin: 'null' }],
    [
      'a rebinding name that resolves to 127.0.0.1',
      { host: 'evil.example:8081', origin: 'http://evil.example:8081' },
    ],
    ['a request with no Host', { origin: 'http://127.0.0.1:8888' }],
    ['a look-alike host name', { host: '127.0.0.1.evil.example:8081' }],
    ['a Host with a user part', { host: 'evil.example@127.0.0.1:8081' }],
    ['a Host with a path', { host: '127.0.0.1:8081/x' }],
    ['a Host that is no host name at all', { host: 'evil example:8081' }],
    ['another checkout’s site on this machine', { host: '127.0.0.1:8081', origin: 'http://127.0.0.1:8922' }],
    ['an Origin no browser sends', { host: '127.0.0.1:8081', origin: 'http://evil.example@127.0.0.1:8888' }],
  ])('refuses %s', (_who, headers) => {
    expect(mayReachCmsBackend(headers, 8888)).toBe(false);
  });
});

describe('the guard in front of the backend', () => {
  const backend = createServer((request, answer) => {
    answer.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ saw: request.url }));
  });
  let guardPort = 0;
  let guard: Awaited<ReturnType<typeof startCmsBackendGuard>>;
  let socketFolder = '';

  beforeAll(async () => {
    socketFolder = await mkdtemp(path.join(tmpdir(), 'kayal-guard-test-'));
    backend.listen(path.join(socketFolder, 'backend.sock'));
    await once(backend, 'listening');
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    guardPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    guard = await startCmsBackendGuard(guardPort, path.join(socketFolder, 'backend.sock'), 8888);
  });

  afterAll(async () => {
    guard.close();
    backend.close();
    await rm(socketFolder, { recursive: true, force: true });
  });

  it('passes a local page’s request on and answers with the backend’s answer', async () => {
    const answer = await fetch(`http://127.0.0.1:${guardPort}/api/v1`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:8888', 'content-type': 'application/json' },
      body: '{"action":"info"}',
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ saw: '/api/v1' });
  });

  it('answers 403 to another site’s page and never reaches the backend', async () => {
    const answer = await fetch(`http://127.0.0.1:${guardPort}/api/v1`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"action":"persistEntry"}',
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain('saw');
  });
});
