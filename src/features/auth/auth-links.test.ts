import { describe, expect, it } from 'vitest';
import { checkInboxPath, registerPath, signInPath } from './auth-links.ts';

describe('links between the account screens', () => {
  it.each([
    [undefined, '/login', '/register'],
    [null, '/login', '/register'],
    ['', '/login', '/register'],
    ['/account', '/login?next=%2Faccount', '/register?next=%2Faccount'],
    [
      '/booking?property=kovalam-cliff-villa&guests=2',
      '/login?next=%2Fbooking%3Fproperty%3Dkovalam-cliff-villa%26guests%3D2',
      '/register?next=%2Fbooking%3Fproperty%3Dkovalam-cliff-villa%26guests%3D2',
    ],
  ])('next %j: %s and %s', (next, signIn, register) => {
    expect(signInPath(next)).toBe(signIn);
    expect(registerPath(next)).toBe(register);
  });

  it('keeps the address whole in the inbox link', () => {
    expect(checkInboxPath('meera+kv@example.com')).toBe('/verify-email?email=meera%2Bkv%40example.com');
  });
});
