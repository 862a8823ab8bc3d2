import type { Context } from '@netlify/functions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import handOut from '../../netlify/functions/form-token.mts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { formTokenField } from '../../src/lib/public-forms.ts';
import { signFormToken } from '../../src/server/forms/form-token.ts';
import { formPost, formToken, jsonPost, siteOrigin, uniqueClient } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Beside the honeypot, a public form takes a post only with a token our server issued at least a few
 * seconds before (and at most a day): the form's page gets one without JavaScript. A post without one
 * is refused with a message on the form that keeps what was typed, never silently.
 */

const { endpoint } = contactMessageForm;
const send = (request: Request) => sendContactMessage(request, uniqueClient() as Context);

const contactMessage = () => ({
  name: 'Quick Sender',
  email: `quick+${crypto.randomUUID()}@example.com`,
  phone: '+91 98470 00000',
  message: 'Posted the instant the page was fetched, as a form bot does.',
});

const storedFor = async (email: string) =>
  (await ownerQuery('select id from contact_messages where email = $1', [email])).length;

describe('a post without a token from our server', () => {
  it('is refused with 422 and a message on the token field, and nothing is stored', async () => {
    const body = contactMessage();
    const response = await send(jsonPost(endpoint, body));
    expect(response.status).toBe(422);
    const answer = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(answer.error.code).toBe('validation_failed');
    expect(answer.error.fields.formToken).toMatch(/again/);
    expect(answer.error.message).toMatch(/again/);
    expect(await storedFor(body.email)).toBe(0);
  });

  it('without JavaScript, is answered with the form again, holding what was typed and saying to send it again', async () => {
    const body = contactMessage();
    const response = await send(formPost(endpoint, { ...body, website: '' }));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('value="Quick Sender"');
    expect(html).toContain(`value="${body.email}"`);
    expect(html).toContain('as a form bot does.</textarea>');
    expect(html).toMatch(/press .* again/i);
    expect(await storedFor(body.email)).toBe(0);
  });
});

const hand = (query = '', cookie?: string) =>
  handOut(
    new Request(new URL(`${apiRoutes.formToken}${query}`, siteOrigin), {
      headers: cookie ? { cookie } : {},
    }),
    uniqueClient() as Context,
  );

/** The token a Set-Cookie carries, as a Cookie header sends it back. */
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('the token the form page is handed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('comes without JavaScript as a pixel that sets it in an HttpOnly cookie for /api, never cached', async () => {
    const response = await hand('?as=image');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^kv_form_token=\d+\.[\w-]{43}; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=86400$/,
    );
  });

  it('lets a no-JavaScript post through that comes a few seconds after the page loaded its pixel', async () => {
    const pixel = await hand('?as=image');
    vi.setSystemTime(Date.now() + 5000);
    const body = contactMessage();
    const response = await send(formPost(endpoint, { ...body, website: '' }, { cookie: cookieOf(pixel) }));
    expect(response.status).toBe(303);
    expect(await storedFor(body.email)).toBe(1);
  });

  it('refuses a post a second after the token, saying so, and takes the same post once the wait is over', async () => {
    const pixel = await hand('?as=image');
    vi.setSystemTime(Date.now() + 1000);
    const body = contactMessage();
    const soon = await send(jsonPost(endpoint, body, { cookie: cookieOf(pixel) }));
    expect(soon.status).toBe(422);
    const answer = (await soon.json()) as { error: { fields: Record<string, string> } };
    expect(answer.error.fields.formToken).toMatch(/sooner than a person/);
    // The token it is told to post next is the one it had: the wait counts from the page, not the refusal.
    expect(cookieOf(soon)).toBe(cookieOf(pixel));
    vi.setSystemTime(Date.now() + 2000);
    expect((await send(jsonPost(endpoint, body, { cookie: cookieOf(pixel) }))).status).toBe(201);
    expect(await storedFor(body.email)).toBe(1);
  });

  it('comes to an island as JSON, which it posts in the body', async () => {
    const response = await hand();
    expect(response.headers.get('content-type')).toContain('application/json');
    const { token } = (await response.json()) as { token: string };
    vi.setSystemTime(Date.now() + 4000);
    const body = contactMessage();
    expect((await send(jsonPost(endpoint, { ...body, [formTokenField]: token }))).status).toBe(201);
  });

  it('is handed out again, not renewed, when the browser has one under 12 hours old', async () => {
    const first = await hand('?as=image');
    vi.setSystemTime(Date.now() + 60_000);
    const again = await hand('', cookieOf(first));
    expect(((await again.json()) as { token: string }).token).toBe(cookieOf(first).split('=')[1]);
    expect(again.headers.get('set-cookie')).toContain('Max-Age=86340');
    vi.setSystemTime(Date.now() + 13 * 60 * 60_000);
    const renewed = await hand('', cookieOf(first));
    expect(cookieOf(renewed)).not.toBe(cookieOf(first));
  });

  it('answers a no-JavaScript post refused for its token with a form that carries a token to post next, which works without cookies', async () => {
    const body = contactMessage();
    const refused = await send(formPost(endpoint, { ...body, website: '' }));
    expect(refused.status).toBe(422);
    const html = await refused.text();
    const next = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    expect(next).toMatch(/^\d+\.[\w-]{43}$/);
    vi.setSystemTime(Date.now() + 4000);
    // The form posted again as the page holds it, by a browser that keeps no cookies.
    const sent = await send(formPost(endpoint, { ...body, website: '', formToken: next as string }));
    expect(sent.status).toBe(303);
    expect(await storedFor(body.email)).toBe(1);
  });

  it.each([
    [
      'forged with another key',
      () => signFormToken('another key of at least thirty-two characters', Date.now() - 60_000),
    ],
    ['a day and a minute old', () => formToken(24 * 60 * 60 + 60)],
    ['from a clock a minute ahead', () => formToken(-60)],
    [
      'its time changed',
      async () => (await formToken()).replace(/^\d/, (digit) => String((Number(digit) + 1) % 10)),
    ],
    ['a number', () => 1_700_000_000_000],
    ['an object', () => ({ token: 'x' })],
    ['10 KB of text', () => 'x'.repeat(10_000)],
  ])('refuses a post whose token is %s, with 422 and nothing stored', async (_case, token) => {
    const body = contactMessage();
    const response = await send(jsonPost(endpoint, { ...body, [formTokenField]: await token() }));
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(answer.error.fields.formToken).toMatch(/could not tell/);
    expect(await storedFor(body.email)).toBe(0);
  });
});
