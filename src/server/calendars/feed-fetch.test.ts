import { describe, expect, it } from 'vitest';
import { findFeedUrlProblem, isPublicAddress } from './feed-fetch.ts';

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
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
