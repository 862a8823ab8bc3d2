import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultFeedFetchLimits,
  FeedFetchError,
  fetchFeed,
  findFeedUrlProblem,
  isPublicAddress,
} from './feed-fetch.ts';

describe('findFeedUrlProblem', () => {
  it.each([
    ['https://www.airbnb.com/calendar/ical/123.ics?s=abc', false, null],
    ['https://admin.booking.com/hotel/ical.html?t=x', false, null],
    ['http://www.airbnb.com/calendar/ical/123.ics', false, 'https'],
    ['ftp://example.com/x.ics', false, 'https'],
    ['https://10.1.2.3/x.ics', false, 'private'],
    ['https://169.254.169.254/latest/meta-data/', false, 'private'],
    ['https://127.0.0.1/x.ics', false, 'private'],
    ['https://[::1]/x.ics', false, 'private'],
    ['https://[fe80::1]/x.ics', false, 'private'],
    ['https://[::ffff:10.0.0.1]/x.ics', false, 'private'],
    ['https://[::127.0.0.1]/x.ics', false, 'private'],
    ['https://[2002:7f00:1::]/x.ics', false, 'private'],
    ['https://[64:ff9b::a9fe:a9fe]/latest/meta-data/', false, 'private'],
    ['https://[2001:0:5db8:d822::80ff:fffe]/x.ics', false, 'private'],
    ['https://[2002:5db8:d822::1]/x.ics', false, null],
    ['https://localhost/x.ics', false, 'private'],
    ['https://intranet/x.ics', false, 'public link'],
    ['https://user:pass@example.com/x.ics', false, 'password'],
    ['http://127.0.0.1:8080/x.ics', true, null],
    ['http://[::1]:8080/x.ics', true, null],
    ['http://10.0.0.1/x.ics', true, 'https'],
    ['not a url', false, 'full link'],
  ])('%s (loopback allowed: %s)', (url, allowLoopback, problem) => {
    const found = findFeedUrlProblem(url, { allowLoopback });
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['192.168.0.10', false],
    ['172.20.0.1', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['fd12::1', false],
    ['::ffff:93.184.216.34', true],
    ['::ffff:a00:1', false],
    ['::ffff:7f00:1', false],
    ['example.com', false],
    // IPv4 carried in an IPv6 address reaches that IPv4 address: judged by it, unwrapped.
    ['::127.0.0.1', false], // IPv4-compatible, ::/96
    ['::7f00:1', false],
    ['::a9fe:a9fe', false], // 169.254.169.254
    ['::5db8:d822', true], // 93.184.216.34
    ['::ffff:0:7f00:1', false], // IPv4-translated, ::ffff:0:0:0/96
    ['::ffff:0:5db8:d822', true],
    ['64:ff9b::7f00:1', false], // NAT64, 64:ff9b::/96
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::5db8:d822', true],
    ['64:ff9b:1::5db8:d822', false], // local-use NAT64, 64:ff9b:1::/48
    ['2002:7f00:1::', false], // 6to4, 2002::/16: the IPv4 address is bits 16–47
    ['2002:c0a8:101::1', false], // 192.168.1.1
    ['2002:a9fe:a9fe::', false],
    ['2002:5db8:d822::1', true],
    ['2001:0:5db8:d822:0:0:80ff:fffe', false], // Teredo, 2001::/32: the client is the last 32 bits XOR ffffffff (127.0.0.1)
    ['2001:0:5db8:d822:0:0:f5ff:fffe', false], // client 10.0.0.1
    ['2001:0:7f00:1:0:0:a247:27dd', false], // server 127.0.0.1, client 93.184.216.34
    ['2001:0:5db8:d822:0:0:a247:27dd', true], // server and client public
    ['::', false],
    ['::1', false],
    ['fec0::1', false], // site-local
    ['3fff::1', false], // documentation, RFC 9637
    ['fe80::1%eth0', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetchFeed', () => {
  // One server per way a connection can fail; each one's port, or a port nothing listens on.
  const ports: Record<string, number> = {};
  const servers: { close: () => void }[] = [];
  const listen = async (name: string, server: ReturnType<typeof createTcpServer>) => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    ports[name] = (server.address() as AddressInfo).port;
    servers.push(server);
  };

  beforeAll(async () => {
    const closed = createTcpServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    ports.closed = (closed.address() as AddressInfo).port;
    closed.close();
    await listen(
      'silent',
      createTcpServer(() => {}),
    );
    await listen(
      'reset',
      createTcpServer((socket) => socket.resetAndDestroy()),
    );
    await listen(
      'hangs up',
      createTcpServer((socket) => socket.end()),
    );
    const plain = createHttpServer((_request, response) => response.end('BEGIN:VCALENDAR'));
    plain.listen(0, '127.0.0.1');
    await once(plain, 'listening');
    ports.plain = (plain.address() as AddressInfo).port;
    servers.push(plain);
  });

  afterAll(() => {
    for (const server of servers) server.close();
  });

  const limits = { ...defaultFeedFetchLimits, timeoutMs: 500, allowLoopback: true };

  // An admin types the links; telling "refused" from "timed out" from "reset" would let them map
  // which ports answer on any host the fetch may reach.
  it('answers one plain reason whatever stopped the connection', async () => {
    const reasons = new Set<string>();
    for (const url of [
      `http://127.0.0.1:${ports.closed}/feed.ics`,
      `http://127.0.0.1:${ports.silent}/feed.ics`,
      `http://127.0.0.1:${ports.reset}/feed.ics`,
      `http://127.0.0.1:${ports['hangs up']}/feed.ics`,
      `https://127.0.0.1:${ports.plain}/feed.ics`,
    ]) {
      const error = await fetchFeed(url, limits).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, url).toBeInstanceOf(FeedFetchError);
      reasons.add((error as Error).message);
    }
    expect([...reasons]).toHaveLength(1);
    const [reason] = reasons;
    expect(reason).not.toMatch(/\bE[A-Z]{4,}\b/);
    expect(reason).not.toMatch(/socket|TLS|SSL|timed? ?out|refused|reset|hang up|\d+\.\d+/i);
  });
});
