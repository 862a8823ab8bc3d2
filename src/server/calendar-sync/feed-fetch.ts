import { lookup as lookupHost } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetching a feed the office typed in is a request our server makes to an address someone else chose
 * (SSRF). So: https only; every address the name resolves to is checked as the connection is made (a
 * name that resolves to a private address, or changes to one between a check and the connection, is
 * refused); redirects are followed by hand, a few, each checked the same way; and the answer has a
 * deadline and a size limit. `allowLoopback` lets tests and local development serve feeds over http
 * from 127.0.0.1 or ::1, and nothing else private.
 */

export type FeedFetchLimits = {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowLoopback: boolean;
};

export const defaultFeedFetchLimits: FeedFetchLimits = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
  allowLoopback: false,
};

export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

// The one reason the office sees for every way a connection can fail: refused, reset, silent, a TLS
// error, a name that does not resolve or resolves to a private address. Told apart, they would let an
// admin map which ports answer on any host, and which internal names exist. The cause stays on the
// error for the server's own log.
const unreachable = 'No calendar came back from that link: check the link on the platform, then try again';

// Addresses a server-side fetch must never reach: this host, private networks, link-local (cloud
// metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and documentation ranges.
// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, so the
// ::ffff:0:0/96 rule in one list would refuse every IPv4 address.
const privateV4 = new BlockList();
const privateV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateV4.addSubnet(network, prefix, 'ipv4');
}
// The forms that carry an IPv4 address (::/96, ::ffff:0:0/96, 64:ff9b::/96, 2002::/16, 2001::/32)
// are judged by that address first (ipv4Inside); these are the IPv6 ranges refused as themselves.
for (const [network, prefix] of [
  ['::', 8], // reserved, with the unspecified address and ::1
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): translates into private networks
  ['100::', 64], // discard
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 segment identifiers
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const) {
  privateV6.addSubnet(network, prefix, 'ipv6');
}

const loopback = (address: string) => address === '::1' || /^127\./.test(address);

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one (a zone id included). */
function ipv6Groups(address: string): number[] | undefined {
  let host: string;
  try {
    // The URL parser writes any spelling in one form: hex groups, an embedded dotted IPv4 as two groups.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = host.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses a packet to this IPv6 address ends up at or comes from: the one it carries
 * (IPv4-compatible ::/96, mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96), the
 * 6to4 relay's (2002::/16, bits 16–47), or a Teredo tunnel's server and client (2001::/32, the client
 * being the last 32 bits inverted). `carried` says the address is only a spelling of the IPv4 one.
 */
function ipv4Inside(groups: number[]): { carried: boolean; addresses: string[] } {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const last = dotted(g6, g7);
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(6)) return { carried: true, addresses: [last] };
  if (zeroTo(5) && g5 === 0xffff) return { carried: true, addresses: [last] };
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return { carried: true, addresses: [last] };
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return { carried: true, addresses: [last] };
  if (g0 === 0x2002) return { carried: false, addresses: [dotted(g1, g2)] };
  if (g0 === 0x2001 && g1 === 0)
    return { carried: false, addresses: [dotted(g2, g3), dotted(g6 ^ 0xffff, g7 ^ 0xffff)] };
  return { carried: false, addresses: [] };
}

/** Whether a fetch may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !privateV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inside = ipv4Inside(groups);
  const ipv4Public = inside.addresses.every((ipv4) => !privateV4.check(ipv4, 'ipv4'));
  if (inside.carried) return ipv4Public;
  return ipv4Public && !privateV6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

function allowedAddress(address: string, limits: FeedFetchLimits): boolean {
  return isPublicAddress(address) || (limits.allowLoopback && loopback(address));
}

/**
 * Why this URL may not be fetched, or null when it may: the scheme and, for a literal address, the
 * address. A name is checked again, address by address, when the connection is made.
 */
export function findFeedUrlProblem(
  text: string,
  limits: Pick<FeedFetchLimits, 'allowLoopback'>,
): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Paste a full link starting with https://';
  }
  if (url.username || url.password) return 'Use a link without a user name or password in it';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const local = limits.allowLoopback && ((literal && loopback(host)) || host === 'localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return 'Use the platform’s https:// link';
  }
  if (literal && !isPublicAddress(host) && !local) {
    return 'That address is on a private network; use the platform’s public link';
  }
  if (!literal && host !== 'localhost' && !host.includes('.')) return 'Use the platform’s public link';
  if (host === 'localhost' && !local)
    return 'That address is on a private network; use the platform’s public link';
  return null;
}

/** A DNS lookup that refuses, as the socket connects, any address the feed may not reach. */
function checkedLookup(limits: FeedFetchLimits): LookupFunction {
  return (hostname, options, callback) => {
    lookupHost(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = list.find(({ address }) => !allowedAddress(address, limits));
      if (refused || list.length === 0) {
        return callback(
          new FeedFetchError(unreachable, {
            cause: `${hostname} resolves to a private address`,
          }) as NodeJS.ErrnoException,
          '',
          0,
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never);
      const first = list[0] as { address: string; family: number };
      callback(null, first.address, first.family);
    });
  };
}

type Hop = { status: number; location: string | null; body: string };

function requestOnce(url: URL, limits: FeedFetchLimits, deadline: number): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FeedFetchError(unreachable, { cause: 'deadline' }));
    const request = client.get(
      url,
      {
        lookup: checkedLookup(limits),
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'KayalVillas-CalendarSync/1.0' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, body: '' });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          request.destroy();
          reject(new FeedFetchError(`The feed is larger than ${limits.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            request.destroy();
            reject(new FeedFetchError(`The feed is larger than ${limits.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location: null, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(new FeedFetchError(unreachable, { cause: error })));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new FeedFetchError(unreachable, { cause: `no answer within ${limits.timeoutMs} ms` }));
    }, remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) =>
      reject(error instanceof FeedFetchError ? error : new FeedFetchError(unreachable, { cause: error })),
    );
  });
}

/** The text of the feed at `text`, or a FeedFetchError saying why not, within the limits. */
export async function fetchFeed(
  text: string,
  limits: FeedFetchLimits = defaultFeedFetchLimits,
): Promise<string> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = new URL(text);
  for (let hop = 0; ; hop += 1) {
    const problem = findFeedUrlProblem(url.href, limits);
    if (problem) throw new FeedFetchError(problem);
    const answer = await requestOnce(url, limits, deadline);
    if (answer.status >= 300 && answer.status < 400) {
      if (!answer.location) throw new FeedFetchError(`A redirect (${answer.status}) without a Location`);
      if (hop >= limits.maxRedirects) throw new FeedFetchError(`More than ${limits.maxRedirects} redirects`);
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status !== 200) throw new FeedFetchError(`The feed answered ${answer.status}`);
    return answer.body;
  }
}
