import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');
const functionFiles = (await readdir(functionsDir)).filter((name) => name.endsWith('.mts')).sort();

type FunctionModule = {
  default: (request?: Request, context?: unknown) => Promise<Response | undefined>;
  config: { path?: string | string[]; schedule?: string };
};

/**
 * Every function of the site, started in a production context with the embedded defaults still in
 * place (no SMTP_URL, no payment provider), refuses to work: an answering one says 503 with its request
 * id before any handler runs, a scheduled one fails naming what to set. What it refuses is in the log.
 */
describe('a function started in a production context without SMTP_URL', () => {
  const saved = { ...process.env };
  let logged: string[];

  beforeEach(() => {
    process.env.CONTEXT = 'production';
    delete process.env.SMTP_URL;
    logged = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      logged.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.env = { ...saved };
  });

  it.each(functionFiles)('%s refuses to serve, naming SMTP_URL in its log', async (file) => {
    const module = (await import(path.join(functionsDir, file))) as FunctionModule;
    if (module.config.schedule) {
      await expect(module.default()).rejects.toThrow(/SMTP_URL: not set/);
    } else {
      const route = [module.config.path].flat()[0] ?? '/';
      const url = new URL(route.replaceAll(/:(\w+)/g, 'x').replace('*', 'x'), 'http://localhost');
      const response = (await module.default(new Request(url), { ip: '192.0.2.1', params: {} })) as Response;
      expect(response.status).toBe(503);
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toMatchObject({
        error: { code: 'service_unavailable', requestId },
      });
    }
    const refusal = logged.map((line) => JSON.parse(line)).find((line) => line.problems);
    expect(refusal.problems).toContainEqual(expect.stringMatching(/^SMTP_URL: not set/));
  });
});
