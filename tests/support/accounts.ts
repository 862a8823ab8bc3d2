import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { expect, inject } from 'vitest';
import login from '../../netlify/functions/auth-login.mts';
import register from '../../netlify/functions/auth-register.mts';
import verifyEmail from '../../netlify/functions/auth-verify-email.mts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { jsonPost, siteOrigin, uniqueClient } from './requests.ts';
import { ownerQuery } from './sql.ts';

/** Guests for API tests, made through the real endpoints and the real outbox, never inserted by hand. */

export type Guest = { name: string; email: string; password: string };

export function newGuest(overrides: Partial<Guest> = {}): Guest {
  return {
    name: 'Meera Pillai',
    // A dot, not a plus tag: the email caps count `meera+…@` as `meera@`, one mailbox for every guest.
    email: `meera.${crypto.randomUUID()}@example.com`,
    password: 'backwater sunset 42',
    ...overrides,
  };
}

export const asClient = (client = uniqueClient()) => client as Context;

/**
 * Every message sent to `email`, oldest first, from every test file's outbox of this run. The mail
 * worker a file runs (`send-emails`, office-alert-digest.test.ts) sends whatever is due in the shared
 * database, so an email queued by another file's request in the moment before that request sends it
 * itself lands in the worker's outbox: one mail system in production, one folder per file here. CI's
 * PostgreSQL 15 pass once lost a registration email that way. Addresses are unique to a test, so
 * reading them all confuses no one.
 */
export async function emailsTo(email: string) {
  const outboxes = await readdir(inject('outboxRoot'));
  const messages = (
    await Promise.all(outboxes.map((outbox) => readOutbox(path.join(inject('outboxRoot'), outbox))))
  ).flat();
  return messages
    .filter((message) => message.to.includes(email))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The newest link to `pathname` emailed to `email`, or undefined when none was sent. */
export async function linkEmailedTo(email: string, pathname: string): Promise<URL | undefined> {
  const messages = await emailsTo(email);
  for (const message of messages.reverse()) {
    const match = new RegExp(`https?://\\S+${pathname}\\?\\S*token=\\S+`).exec(message.text);
    if (match) return new URL(match[0]);
  }
  return undefined;
}

/** The emailed link's token; fails the test when no such email arrived. */
export async function tokenEmailedTo(email: string, pathname: string): Promise<string> {
  const link = await linkEmailedTo(email, pathname);
  expect(link, `an email to ${email} with a ${pathname} link`).toBeDefined();
  return link?.searchParams.get('token') as string;
}

/** `name=value; …` from a response's Set-Cookie headers, as a browser would send them back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair?.endsWith('='))
    .join('; ');
}

export function getWithCookies(pathname: string, cookie: string): Request {
  return new Request(new URL(pathname, siteOrigin), { headers: { cookie } });
}

export async function registerConfirmed(guest = newGuest()): Promise<Guest> {
  const registered = await register(jsonPost('/api/auth/register', guest), asClient());
  expect(registered.status).toBe(201);
  const token = await tokenEmailedTo(guest.email, '/verify-email');
  const confirmed = await verifyEmail(jsonPost('/api/auth/verify-email', { token }), asClient());
  expect(confirmed.status).toBe(200);
  return guest;
}

/** Signs in and answers the cookie header the browser would send from then on. */
export async function signIn(guest: Pick<Guest, 'email' | 'password'>): Promise<string> {
  const response = await login(
    jsonPost('/api/auth/login', { email: guest.email, password: guest.password }),
    asClient(),
  );
  expect(response.status).toBe(200);
  return cookiesFrom(response);
}

/** A confirmed, signed-in guest and their cookies. */
export async function signedInGuest(overrides: Partial<Guest> = {}): Promise<Guest & { cookie: string }> {
  const guest = await registerConfirmed(newGuest(overrides));
  return { ...guest, cookie: await signIn(guest) };
}

/** The stored id of the account registered with `email`, read as the database owner. */
export async function accountIdOf(email: string): Promise<string> {
  const [user] = await ownerQuery<{ id: string }>('select id from app_private.users where email = $1', [
    email,
  ]);
  return user?.id as string;
}
