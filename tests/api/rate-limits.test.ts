import type { Context } from '@netlify/functions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/auth-login.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { caller } from '../support/public-form-contract.ts';
import { jsonPost, uniqueClient } from '../support/requests.ts';

/**
 * The per-client limits of the public forms and the account forms count in a window that slides with
 * the clock, so no span of a window's length lets more than the limit through, and a client is one
 * address, an IPv6 /64, or the IPv4 address inside an IPv4-mapped IPv6 one.
 */

const call = caller({ handler: sendContactMessage });

const contactMessage = () => ({
  name: 'Rate Tester',
  email: `rate+${crypto.randomUUID()}@example.com`,
  phone: '+91 98470 00000',
  message: 'Counting against the limit of my own address.',
});

const minute = 60_000;
// A minute's edge well clear of the real clock, so no other file's hits (the database is shared) fall
// in the windows these tests look at.
const edge = Math.ceil(Date.now() / minute) * minute + 7 * 24 * 60 * minute;

function setClock(at: number) {
  vi.setSystemTime(new Date(at));
}

async function statusesOf(count: number, client: { ip: string }) {
  const statuses: number[] = [];
  for (let n = 0; n < count; n++)
    statuses.push((await call(jsonPost(contactMessageForm.endpoint, contactMessage()), client)).status);
  return statuses;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.FORM_RATE_LIMIT;
  delete process.env.AUTH_RATE_LIMIT;
});

describe('a sliding window', () => {
  it('lets no more than the limit through a burst on both sides of a minute edge', async () => {
    process.env.FORM_RATE_LIMIT = '5';
    const client = uniqueClient();
    setClock(edge - 1000);
    const before = await statusesOf(6, client);
    setClock(edge + 1000);
    const after = await statusesOf(6, client);
    expect(before).toEqual([...Array(5).fill(201), 429]);
    // A fixed window would start counting afresh at the edge and let five more through.
    expect(after).toEqual(Array(6).fill(429));
  });

  it('says in Retry-After when the oldest post leaves the window, and lets the next one in then', async () => {
    process.env.FORM_RATE_LIMIT = '2';
    const client = uniqueClient();
    setClock(edge - 30_000);
    await statusesOf(1, client);
    setClock(edge - 1000);
    await statusesOf(1, client);
    setClock(edge + 1000);
    const refused = await call(jsonPost(contactMessageForm.endpoint, contactMessage()), client);
    expect(refused.status).toBe(429);
    // The first post (at edge − 30 s) leaves the minute at edge + 30 s: 29 s from now.
    expect(refused.headers.get('retry-after')).toBe('29');
    setClock(edge + 29_900);
    expect(await statusesOf(1, client)).toEqual([429]);
    setClock(edge + 30_000);
    expect(await statusesOf(1, client)).toEqual([201]);
    // The second post still counts until edge + 59 s.
    const again = await call(jsonPost(contactMessageForm.endpoint, contactMessage()), client);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('29');
  });

  it('counts refused requests nowhere, so a client that waits as told is let in', async () => {
    process.env.FORM_RATE_LIMIT = '1';
    const client = uniqueClient();
    setClock(edge - 10_000);
    expect(await statusesOf(1, client)).toEqual([201]);
    setClock(edge + 20_000);
    expect(await statusesOf(20, client)).toEqual(Array(20).fill(429));
    setClock(edge + 50_000);
    expect(await statusesOf(1, client)).toEqual([201]);
  });

  it("counts an account's wrong passwords in the same sliding window", async () => {
    process.env.AUTH_RATE_LIMIT = '3';
    const email = `nobody+${crypto.randomUUID()}@example.com`;
    const attempt = async () =>
      (
        await login(
          jsonPost('/api/auth/login', { email, password: 'not the password at all' }),
          uniqueClient() as Context,
        )
      ).status;
    setClock(edge - 1000);
    const before = [await attempt(), await attempt(), await attempt(), await attempt()];
    setClock(edge + 1000);
    const after = [await attempt(), await attempt()];
    expect(before).toEqual([401, 401, 401, 429]);
    expect(after).toEqual([429, 429]);
  });
});

describe('who a client is', () => {
  const randomGroup = () => Math.floor(Math.random() * 0xffff).toString(16);

  it('counts two addresses of one IPv6 /64 as one client', async () => {
    process.env.FORM_RATE_LIMIT = '3';
    const prefix = `2001:db8:${randomGroup()}:${randomGroup()}`;
    setClock(edge + 5 * minute);
    const statuses = [
      ...(await statusesOf(2, { ip: `${prefix}::1` })),
      ...(await statusesOf(2, { ip: `${prefix}:8a2e:370:7334:1` })),
    ];
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another /64 is another client.
    expect(await statusesOf(1, { ip: `2001:db8:${randomGroup()}:${randomGroup()}::1` })).toEqual([201]);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address inside it', async () => {
    process.env.FORM_RATE_LIMIT = '2';
    const n = () => Math.floor(Math.random() * 250) + 1;
    const ipv4 = `198.51.${n()}.${n()}`;
    setClock(edge + 10 * minute);
    const statuses = [
      ...(await statusesOf(1, { ip: ipv4 })),
      ...(await statusesOf(1, { ip: `::ffff:${ipv4}` })),
      ...(await statusesOf(1, { ip: `::FFFF:${ipv4}` })),
    ];
    expect(statuses).toEqual([201, 201, 429]);
  });
});
