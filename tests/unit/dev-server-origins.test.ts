import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../scripts/support/raw-client.ts';

/**
 * `npm run dev`'s other listener: astro dev (Vite) serves any file of the working copy to its own
 * pages (`/.data/…?raw`, `/@fs/…`), which is what a dev server is for; a page of another site, or of
 * another local port, must not be handed any of it. Started as scripts/dev.ts starts it, on a free port.
 */

const secret = `dev-probe-${randomUUID()}`;
const probeFile = `.data/dev-origin-probe-${randomUUID()}.json`;
let port = 0;
let astro: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    });
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  sendRaw(`http://127.0.0.1:${port}${path}`, {
    headers: { host: `127.0.0.1:${port}`, ...headers },
    timeoutMs: 60_000,
  });

beforeAll(async () => {
  await mkdir('.data', { recursive: true });
  await writeFile(probeFile, JSON.stringify({ password: secret }));
  port = await freePort();
  astro = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'],
    {
      // Without the functions, which this file does not ask for: loading them all took astro dev 2–3
      // min to answer on a busy machine (astro.config.ts).
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DEV_FUNCTIONS: 'off' },
      stdio: 'ignore',
    },
  );
  // Vite's first answer waits for its dependency scan, slow on a busy machine.
  for (let attempt = 0; attempt < 560; attempt++) {
    const answer = await get('/favicon.svg').catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('astro dev did not answer within 280 s');
}, 300_000);

afterAll(async () => {
  astro?.kill('SIGTERM');
  await rm(probeFile, { force: true });
});

describe('astro dev under npm run dev', () => {
  it('serves a file of the working copy to its own page', async () => {
    const answer = await get(`/${probeFile}?raw`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain(secret);
  });

  it.each([
    ['a page on another localhost port', 'http://localhost:3000'],
    ['a page on 127.0.0.1', 'http://127.0.0.1:5173'],
    ['another site', 'https://attacker.example'],
  ])('gives %s no CORS answer, so it cannot read any file', async (_who, origin) => {
    for (const path of [
      `/${probeFile}?raw`,
      `/@fs${process.cwd()}/${probeFile}?raw`,
      '/src/content/jobs.json?raw',
    ]) {
      const preflight = await sendRaw(`http://127.0.0.1:${port}${path}`, {
        method: 'OPTIONS',
        headers: { host: `127.0.0.1:${port}`, origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers['access-control-allow-origin'], `preflight ${path}`).toBeUndefined();
      const answer = await get(path, { origin });
      expect(answer.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('refuses a forged Host, as a DNS-rebinding page sends it', async () => {
    const answer = await get(`/${probeFile}?raw`, { host: `attacker.example:${port}` });
    expect(answer.status).toBe(403);
    expect(answer.body.toString()).not.toContain(secret);
  });
});
