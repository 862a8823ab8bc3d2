import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/server/http/request.ts';

describe('clientAddress', () => {
  it('is the address Netlify gives the function in context.ip', () => {
    expect(clientAddress({ ip: '198.51.100.7' })).toBe('198.51.100.7');
  });

  it.each([
    ['x-nf-client-connection-ip', '203.0.113.9'],
    ['x-forwarded-for', '203.0.113.9'],
  ])('never takes the address from a %s header a client can write', (_header, forged) => {
    // The request is not even an argument: whatever its headers say cannot reach the address.
    expect(clientAddress({ ip: '198.51.100.7' })).toBe('198.51.100.7');
    expect(clientAddress({})).not.toBe(forged);
  });
});
