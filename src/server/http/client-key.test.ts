import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address in capitals', '::FFFF:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address written in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['an IPv4-mapped address written in full', '0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address', '2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['an IPv6 address with ::', '2001:db8::1', '2001:db8:0:0::/64'],
    ['an IPv6 address with leading zeros', '2001:0db8:0001:0002::0001', '2001:db8:1:2::/64'],
    ['an IPv6 address in capitals', '2001:DB8:A:B::C', '2001:db8:a:b::/64'],
    ['an IPv6 address in brackets', '[2001:db8:a:b::c]', '2001:db8:a:b::/64'],
    ['an IPv6 address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['the IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['an IPv6 address ending in a dotted quad (not mapped)', '64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['no address', '', 'unknown'],
    ['not an address', 'somewhere', 'somewhere'],
  ])('keys %s (%s) as %s', (_case, address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and another /64 another', () => {
    const inside = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:a:b:c:d'];
    expect(new Set(inside.map(clientKey)).size).toBe(1);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});
