import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/http/request.ts';

const withHeaders = (headers: Record<string, string>) =>
  new Request('http://localhost:8888/api/contact-messages', { method: 'POST', headers });

describe('clientAddress', () => {
  it('is the address Netlify gives the function in context.ip', () => {
    expect(clientAddress(withHeaders({}), { ip: '198.51.100.7' })).toBe('198.51.100.7');
  });

  it.each([
    ['x-nf-client-connection-ip', '203.0.113.9'],
    ['x-forwarded-for', '203.0.113.9'],
  ])('never takes the address from a %s header a client can write', (header, forged) => {
    expect(clientAddress(withHeaders({ [header]: forged }), { ip: '198.51.100.7' })).toBe('198.51.100.7');
    expect(clientAddress(withHeaders({ [header]: forged }), {})).not.toBe(forged);
  });
});
