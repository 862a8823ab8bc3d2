import { describe, expect, it } from 'vitest';
import { refuseCrossOrigin, siteOrigins } from './request.ts';

const site = 'https://kayalvillas.in';

function post(url: string, headers: Record<string, string>): Request {
  return new Request(url, { method: 'POST', headers });
}

describe('refuseCrossOrigin', () => {
  it.each([
    ['the site itself', post(`${site}/api/contact-messages`, { origin: site })],
    ['no Origin (not sent by a page)', post(`${site}/api/contact-messages`, {})],
    ['a same-origin fetch', post(`${site}/api/x`, { origin: site, 'sec-fetch-site': 'same-origin' })],
  ])('accepts %s', (_case, request) => {
    expect(() => refuseCrossOrigin(request, [site])).not.toThrow();
  });

  it.each([
    ['another site', post(`${site}/api/x`, { origin: 'https://evil.example' })],
    ['an opaque origin', post(`${site}/api/x`, { origin: 'null' })],
    ['a cross-site fetch without Origin', post(`${site}/api/x`, { 'sec-fetch-site': 'cross-site' })],
    [
      'an Origin that matches only the Host header',
      post(`${site}/api/x`, { origin: 'https://evil.example', host: 'evil.example' }),
    ],
    [
      'an Origin that matches only X-Forwarded-Host',
      post(`${site}/api/x`, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }),
    ],
    [
      'an Origin that matches only the request target',
      post('https://evil.example/api/x', { origin: 'https://evil.example' }),
    ],
  ])('refuses %s with 403', (_case, request) => {
    expect(() => refuseCrossOrigin(request, [site])).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe('siteOrigins', () => {
  it('is the configured addresses, as origins, each once', () => {
    expect(
      siteOrigins({
        SITE_URL: 'https://kayalvillas.in/',
        URL: 'https://kayalvillas.in',
        DEPLOY_PRIME_URL: 'https://deploy-preview-3--kayal.netlify.app',
      }),
    ).toEqual(['https://kayalvillas.in', 'https://deploy-preview-3--kayal.netlify.app']);
  });

  it('is the local address links use when nothing is configured', () => {
    expect(siteOrigins({})).toEqual(['http://localhost:8888']);
  });
});
