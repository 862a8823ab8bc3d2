import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a client is for a limit, from the address its connection came from:
 * - an IPv4 address as it is;
 * - an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, which a dual-stack socket reports for an IPv4
 *   client) as the IPv4 address inside it, so one client is not two;
 * - any other IPv6 address as its /64 (`2001:db8:1:2::/64`): one subscriber line or host is given a
 *   whole /64 and picks addresses from it at will (privacy addresses rotate daily), so counting per
 *   address would give one client 2^64 limits.
 * Anything else (no address at all) is kept as it is, or `unknown`.
 */
export function clientKey(address: string | undefined): string {
  const trimmed = (address ?? '').trim();
  // `[2001:db8::1]` as a URL writes it, `fe80::1%eth0` with a zone: neither changes who it is.
  const bare = trimmed.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return trimmed || 'unknown';
  const groups = ipv6Groups(bare);
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted quad read. */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = toGroups(head);
  if (tail === undefined) return front;
  const back = toGroups(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}
