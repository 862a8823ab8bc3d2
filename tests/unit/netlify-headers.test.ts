import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { pageSecurityHeaders } from '../../src/server/forms/render-form-page.ts';
import { apiSecurityHeaders } from '../../src/server/http/responses.ts';

type HeaderRule = { for: string; values: Record<string, string> };

async function headerRules(): Promise<HeaderRule[]> {
  const config = parse(await readFile('netlify.toml', 'utf8')) as { headers?: HeaderRule[] };
  return config.headers ?? [];
}

const lowerCaseKeys = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));

describe('security headers', () => {
  it('gives a page re-served by a function the same security headers netlify.toml gives every page', async () => {
    const pages = (await headerRules()).find((rule) => rule.for === '/*');
    expect(pages).toBeDefined();
    // Functions cannot inherit [[headers]], so the form pipeline repeats them; this keeps the two equal.
    const { 'cache-control': _, ...pageHeaders } = pageSecurityHeaders;
    expect(pageHeaders).toEqual(lowerCaseKeys(pages?.values ?? {}));
  });

  it('sends HSTS, nosniff, a referrer policy, a permissions policy and frame-ancestors none on every page', async () => {
    const values = lowerCaseKeys((await headerRules()).find((rule) => rule.for === '/*')?.values ?? {});
    expect(values['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    expect(values['x-content-type-options']).toBe('nosniff');
    expect(values['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(values['permissions-policy']).toContain('camera=()');
    expect(values['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('caches fingerprinted assets for a year and never caches API answers', async () => {
    const assets = (await headerRules()).find((rule) => rule.for === '/_astro/*');
    expect(lowerCaseKeys(assets?.values ?? {})['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(apiSecurityHeaders['cache-control']).toBe('no-store');
    expect(apiSecurityHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
