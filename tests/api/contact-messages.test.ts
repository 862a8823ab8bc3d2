import type { Context } from '@netlify/functions';
import { afterEach, describe, expect, it } from 'vitest';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { formPost, jsonPost, siteOrigin, uniqueClient } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const endpoint = '/api/contact-messages';

function validMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Menon',
    email: `asha+${crypto.randomUUID()}@example.com`,
    phone: '+91 98470 12345',
    message: 'Is the Kovalam cliff villa free for the first week of March?',
    ...overrides,
  };
}

const call = (request: Request, client = uniqueClient()) => sendContactMessage(request, client as Context);

async function rowsFor(email: string) {
  return ownerQuery<{ id: string; name: string; phone: string; message: string }>(
    'select id, name, phone, message from contact_messages where email = $1',
    [email],
  );
}

describe('POST /api/contact-messages', () => {
  it('stores a valid JSON message and answers 201 with its id', async () => {
    const message = validMessage();
    const response = await call(jsonPost(endpoint, message));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    const rows = await rowsFor(message.email);
    expect(rows).toEqual([
      { id: body.id, name: message.name, phone: message.phone, message: message.message },
    ]);
  });

  it('trims what people type before storing it', async () => {
    const message = validMessage({ name: '  Ravi Nair  ' });
    expect((await call(jsonPost(endpoint, message))).status).toBe(201);
    expect((await rowsFor(message.email))[0]?.name).toBe('Ravi Nair');
  });

  it.each([
    ['an empty name', { name: '' }, 'name', 'Enter your name'],
    ['a missing email', { email: undefined }, 'email', 'Enter your email address'],
    ['an invalid email', { email: 'asha@' }, 'email', 'Enter a valid email address, like name@example.com'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Use digits, spaces and an optional leading +'],
    ['too few phone digits', { phone: '12345' }, 'phone', expect.stringContaining('7 to 15 digits')],
    ['a short message', { message: 'Hi' }, 'message', 'Message needs at least 10 characters'],
    [
      'a message over 5000 characters',
      { message: 'a'.repeat(5001) },
      'message',
      expect.stringContaining('at most 5000'),
    ],
    ['a number for the name', { name: 42 }, 'name', 'Enter your name'],
  ])(
    'refuses %s with 422 and a message for that field, storing nothing',
    async (_case, overrides, field, text) => {
      const message = validMessage(overrides);
      const response = await call(jsonPost(endpoint, message));
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields[field]).toEqual(text);
      if (typeof message.email === 'string') expect(await rowsFor(message.email)).toEqual([]);
    },
  );

  it('answers 400 with the error shape for malformed JSON', async () => {
    const response = await call(jsonPost(endpoint, '{"name": "Asha"'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  it('answers 413 for a body over 64 KB', async () => {
    const response = await call(jsonPost(endpoint, validMessage({ message: 'x'.repeat(70_000) })));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('answers 415 for another content type', async () => {
    const request = new Request(new URL(endpoint, siteOrigin), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: siteOrigin },
      body: 'hello',
    });
    expect((await call(request)).status).toBe(415);
  });

  it('answers 405 with Allow for another method', async () => {
    const response = await call(new Request(new URL(endpoint, siteOrigin), { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a post from another site with 403 and stores nothing', async () => {
    const message = validMessage();
    const response = await call(jsonPost(endpoint, message, { origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
    expect(await rowsFor(message.email)).toEqual([]);
  });

  it('stores one row when the same Idempotency-Key is sent twice at once, and answers both the same', async () => {
    const message = validMessage();
    const key = crypto.randomUUID();
    const client = uniqueClient();
    const [first, second] = await Promise.all([
      call(jsonPost(endpoint, message, { 'idempotency-key': key }), client),
      call(jsonPost(endpoint, message, { 'idempotency-key': key }), client),
    ]);
    expect([first?.status, second?.status]).toEqual([201, 201]);
    expect(await first?.json()).toEqual(await second?.json());
    expect(await rowsFor(message.email)).toHaveLength(1);
  });

  it('refuses an Idempotency-Key reused for a different message', async () => {
    const key = crypto.randomUUID();
    expect((await call(jsonPost(endpoint, validMessage(), { 'idempotency-key': key }))).status).toBe(201);
    const response = await call(jsonPost(endpoint, validMessage(), { 'idempotency-key': key }));
    expect(response.status).toBe(409);
  });

  it('limits each client to FORM_RATE_LIMIT posts a minute with 429 and Retry-After', async () => {
    process.env.FORM_RATE_LIMIT = '3';
    try {
      const client = uniqueClient();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(jsonPost(endpoint, validMessage()), client)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await call(jsonPost(endpoint, validMessage()), client);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(jsonPost(endpoint, validMessage()))).status).toBe(201);
    } finally {
      delete process.env.FORM_RATE_LIMIT;
    }
  });

  it('sends API security headers and no caching', async () => {
    const response = await call(jsonPost(endpoint, validMessage()));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  describe('a plain HTML form post (no JavaScript)', () => {
    it('stores the message and redirects with 303 to the confirmation page', async () => {
      const message = validMessage();
      const response = await call(formPost(endpoint, message));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/contact/sent');
      expect(await rowsFor(message.email)).toHaveLength(1);
    });

    it('answers the form again with its errors and what was typed, as HTML', async () => {
      const response = await call(
        formPost(endpoint, validMessage({ email: 'not-an-email', message: 'short' })),
      );
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('Enter a valid email address');
      expect(html).toContain('value="not-an-email"');
      expect(html).toContain('>short</textarea>');
      expect(html).toContain('value="Asha Menon"');
    });

    it('shows a typed script as text, never as markup', async () => {
      const response = await call(
        formPost(endpoint, validMessage({ name: '<script>alert(1)</script>', email: 'x' })),
      );
      const html = await response.text();
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });
  });

  describe('when the database is unreachable', () => {
    afterEach(async () => {
      await closeDatabase();
    });

    it('answers 503 with a message a person understands, and Retry-After', async () => {
      const working = process.env.DATABASE_URL;
      await closeDatabase();
      process.env.DATABASE_URL = 'postgres://postgres:x@127.0.0.1:1/none';
      try {
        process.env.FORM_RATE_LIMIT = '0';
        const response = await call(jsonPost(endpoint, validMessage()));
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('service_unavailable');
        expect(body.error.message).toMatch(/try again/i);
      } finally {
        process.env.DATABASE_URL = working;
        delete process.env.FORM_RATE_LIMIT;
      }
    });
  });
});
