import { type AddressInfo, createServer, type Socket } from 'node:net';
import type { Context } from '@netlify/functions';
import { afterEach, describe, expect, it } from 'vitest';
import { formTokenField, honeypotField } from '../../src/lib/public-forms.ts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { formPost, jsonPost, siteOrigin, uniqueClient, withReadyFormToken } from './requests.ts';

/** A body the form accepts. Every call has a new email, so the rows it stores are the test's own. */
type ValidBody = () => Record<string, string> & { email: string };

export type PublicFormEndpoint = {
  /** The function's path, e.g. `/api/contact-messages`. */
  endpoint: string;
  handler: (request: Request, context: Context) => Promise<Response>;
  validBody: ValidBody;
  /** How many rows the form stored with this email, counted as the database owner. */
  countRows: (email: string) => Promise<number>;
  /** Where a browser without JavaScript lands after a successful post. */
  sentPath: string;
  /**
   * A no-JavaScript post that fails validation (fields merged over a valid body), and the fragments
   * the HTML answer must contain: the field messages and what was typed.
   */
  invalidFormPost: { fields: Record<string, string>; expectHtml: string[] };
};

/** One row of a validation table: what is wrong, the fields that make it so, the field and its message. */
export type InvalidInputCase = [
  description: string,
  overrides: Record<string, unknown>,
  field: string,
  message: string | ReturnType<typeof expect.stringContaining>,
];

/**
 * Calls the function as Netlify would, from a client address of its own unless one is given, with the
 * cookie a person's browser posts with: a form token handed out a minute before.
 */
export function caller(form: Pick<PublicFormEndpoint, 'handler'>) {
  return async (request: Request, client = uniqueClient()) =>
    form.handler(await withReadyFormToken(request), client as Context);
}

/**
 * The table-driven bad-input tests: each case is refused with 422, the error shape and the field's own
 * message, and stores nothing.
 */
export function itRefusesInvalidInput(form: PublicFormEndpoint, cases: InvalidInputCase[]) {
  const call = caller(form);
  it.each(cases)(
    'refuses %s with 422 and a message for that field, storing nothing',
    async (_case, overrides, field, text) => {
      const body: Record<string, unknown> = { ...form.validBody(), ...overrides };
      const response = await call(jsonPost(form.endpoint, body));
      expect(response.status).toBe(422);
      const answer = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(answer.error.code).toBe('validation_failed');
      expect(answer.error.fields[field]).toEqual(text);
      if (typeof body.email === 'string') expect(await form.countRows(body.email)).toBe(0);
    },
  );
}

/**
 * What every public form endpoint promises, whatever its fields: the HTTP refusals (400, 403, 405, 409,
 * 413, 415, 422 without a form token, 429, 503) in the one error shape, idempotent retries, security
 * headers, and the no-JavaScript path (303 to the confirmation page, or the form again as HTML with
 * what was typed).
 */
export function describePublicFormContract(form: PublicFormEndpoint) {
  const { endpoint, validBody, countRows } = form;
  const call = caller(form);

  describe(`the public form contract of ${endpoint}`, () => {
    it('answers 400 with the error shape for malformed JSON', async () => {
      const response = await call(jsonPost(endpoint, '{"name": "Asha"'));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    });

    it('answers 413 for a body over 64 KB', async () => {
      const response = await call(jsonPost(endpoint, { ...validBody(), filler: 'x'.repeat(70_000) }));
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

    it('answers a bot that fills the hidden honeypot field as if it were stored, and stores nothing', async () => {
      const body = validBody();
      const { email } = body;
      const json = await call(jsonPost(endpoint, { ...body, [honeypotField]: 'https://spam.example' }));
      expect(json.status).toBe(201);
      const form = await call(formPost(endpoint, { ...body, [honeypotField]: 'https://spam.example' }));
      expect(form.status).toBe(303);
      expect(await countRows(email)).toBe(0);
    });

    it('stores a no-JavaScript post whose honeypot field came back empty, as a browser sends it', async () => {
      const body = validBody();
      const response = await call(formPost(endpoint, { ...body, [honeypotField]: '' }));
      expect(response.status).toBe(303);
      expect(await countRows(body.email)).toBe(1);
    });

    it('refuses a post without a form token of ours with 422 and a message for the token field, storing nothing', async () => {
      const body = validBody();
      const response = await form.handler(jsonPost(endpoint, body), uniqueClient() as Context);
      expect(response.status).toBe(422);
      const answer = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(answer.error.code).toBe('validation_failed');
      expect(answer.error.fields[formTokenField]).toMatch(/press the button again/);
      expect(await countRows(body.email)).toBe(0);
    });

    it('answers 405 with Allow for another method', async () => {
      const response = await call(new Request(new URL(endpoint, siteOrigin), { method: 'GET' }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });

    it('refuses a post from another site with 403 and stores nothing', async () => {
      const body = validBody();
      const response = await call(jsonPost(endpoint, body, { origin: 'https://evil.example' }));
      expect(response.status).toBe(403);
      expect(await countRows(body.email)).toBe(0);
    });

    it('refuses a post from another site that names itself in Host and X-Forwarded-Host, storing nothing', async () => {
      const body = validBody();
      const forged = {
        origin: 'https://evil.example',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      };
      const response = await call(jsonPost(endpoint, body, forged));
      expect(response.status).toBe(403);
      expect(await countRows(body.email)).toBe(0);
    });

    it('refuses a no-JavaScript post from another site with 403 and stores nothing', async () => {
      const body = validBody();
      const response = await call(formPost(endpoint, body, { 'sec-fetch-site': 'cross-site' }));
      expect(response.status).toBe(403);
      expect(await countRows(body.email)).toBe(0);
    });

    it('stores one row when the same Idempotency-Key is sent twice at once, and answers both the same', async () => {
      const body = validBody();
      const key = crypto.randomUUID();
      const client = uniqueClient();
      const [first, second] = await Promise.all([
        call(jsonPost(endpoint, body, { 'idempotency-key': key }), client),
        call(jsonPost(endpoint, body, { 'idempotency-key': key }), client),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(await first.json()).toEqual(await second.json());
      expect(await countRows(body.email)).toBe(1);
    });

    it('stores one row for 20 simultaneous sends with one Idempotency-Key, each on its own connection', async () => {
      // A pool of 20 here, so the sends really race in the database instead of queueing for one connection.
      await closeDatabase();
      process.env.DB_POOL_MAX = '20';
      // One client sends all 20 (keys are scoped per client), more than the rate limit lets through.
      process.env.FORM_RATE_LIMIT = '0';
      try {
        const body = validBody();
        const key = crypto.randomUUID();
        const client = uniqueClient();
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            call(jsonPost(endpoint, body, { 'idempotency-key': key }), client),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
        const bodies = await Promise.all(answers.map((answer) => answer.json()));
        expect(new Set(bodies.map((answer) => JSON.stringify(answer))).size).toBe(1);
        expect(await countRows(body.email)).toBe(1);
      } finally {
        delete process.env.DB_POOL_MAX;
        delete process.env.FORM_RATE_LIMIT;
        await closeDatabase();
      }
    });

    it('refuses an Idempotency-Key reused for a different request', async () => {
      const key = crypto.randomUUID();
      const client = uniqueClient();
      expect((await call(jsonPost(endpoint, validBody(), { 'idempotency-key': key }), client)).status).toBe(
        201,
      );
      const response = await call(jsonPost(endpoint, validBody(), { 'idempotency-key': key }), client);
      expect(response.status).toBe(409);
    });

    it("keeps each client's Idempotency-Keys apart: another client's send with the same key is its own", async () => {
      const key = crypto.randomUUID();
      const body = validBody();
      const first = await call(jsonPost(endpoint, body, { 'idempotency-key': key }), uniqueClient());
      expect(first.status).toBe(201);
      const { id } = (await first.json()) as { id: string };
      // The same body from elsewhere is stored again, not answered with the first client's id.
      const replay = await call(jsonPost(endpoint, body, { 'idempotency-key': key }), uniqueClient());
      expect(replay.status).toBe(201);
      expect(((await replay.json()) as { id: string }).id).not.toBe(id);
      expect(await countRows(body.email)).toBe(2);
      // Another body from elsewhere is stored, not refused with 409.
      const other = validBody();
      const blocked = await call(jsonPost(endpoint, other, { 'idempotency-key': key }), uniqueClient());
      expect(blocked.status).toBe(201);
      expect(await countRows(other.email)).toBe(1);
    });

    it('limits each client to FORM_RATE_LIMIT posts a minute with 429 and Retry-After', async () => {
      process.env.FORM_RATE_LIMIT = '3';
      try {
        const client = uniqueClient();
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await call(jsonPost(endpoint, validBody()), client)).status);
        expect(statuses).toEqual([201, 201, 201, 429]);
        const refused = await call(jsonPost(endpoint, validBody()), client);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await call(jsonPost(endpoint, validBody()))).status).toBe(201);
      } finally {
        delete process.env.FORM_RATE_LIMIT;
      }
    });

    it('sends API security headers and no caching', async () => {
      const response = await call(jsonPost(endpoint, validBody()));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    describe('a plain HTML form post (no JavaScript)', () => {
      it('stores the row and redirects with 303 to the confirmation page', async () => {
        const body = validBody();
        const response = await call(formPost(endpoint, body));
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toBe(form.sentPath);
        expect(await countRows(body.email)).toBe(1);
      });

      it('answers the form again with its errors and what was typed, as HTML, storing nothing', async () => {
        const body = { ...validBody(), ...form.invalidFormPost.fields };
        const response = await call(formPost(endpoint, body));
        expect(response.status).toBe(422);
        expect(response.headers.get('content-type')).toContain('text/html');
        const html = await response.text();
        expect(html).toContain('Some fields need your attention.');
        for (const fragment of form.invalidFormPost.expectHtml) expect(html).toContain(fragment);
        expect(await countRows(body.email)).toBe(0);
      });

      it('answers a failed post from its own build, never fetching from the host the request names', async () => {
        // A listener on a free local port, standing in for an internal service: it records every
        // connection and answers with a page of its own.
        const connections: Socket[] = [];
        const listener = createServer((socket) => {
          connections.push(socket);
          socket.end(
            'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n<!--form:x--><script>stolen()</script>',
          );
        });
        await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
        const { port } = listener.address() as AddressInfo;
        try {
          const forged = `127.0.0.1:${port}`;
          const body = { ...validBody(), ...form.invalidFormPost.fields };
          const response = await call(
            new Request(`http://${forged}${endpoint}`, {
              method: 'POST',
              headers: { host: forged, 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(body).toString(),
            }),
          );
          expect(response.status).toBe(422);
          const html = await response.text();
          for (const fragment of form.invalidFormPost.expectHtml) expect(html).toContain(fragment);
          expect(html).not.toContain('stolen()');
          expect(connections.length, 'connections the function opened to the forged host').toBe(0);
          expect(await countRows(body.email)).toBe(0);
        } finally {
          for (const socket of connections) socket.destroy();
          await new Promise((resolve) => listener.close(resolve));
        }
      });

      it('stores one row when the same form is posted twice with one Idempotency-Key', async () => {
        const body = validBody();
        const key = crypto.randomUUID();
        const client = uniqueClient();
        const first = await call(formPost(endpoint, body, { 'idempotency-key': key }), client);
        const second = await call(formPost(endpoint, body, { 'idempotency-key': key }), client);
        expect([first.status, second.status]).toEqual([303, 303]);
        expect(await countRows(body.email)).toBe(1);
      });

      it('shows a typed script as text, never as markup', async () => {
        const response = await call(
          formPost(endpoint, { ...validBody(), name: '<script>alert(1)</script>', email: 'x' }),
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
          const response = await call(jsonPost(endpoint, validBody()));
          expect(response.status).toBe(503);
          expect(response.headers.get('retry-after')).toBe('30');
          const answer = (await response.json()) as { error: { code: string; message: string } };
          expect(answer.error.code).toBe('service_unavailable');
          expect(answer.error.message).toMatch(/try again/i);
        } finally {
          process.env.DATABASE_URL = working;
          delete process.env.FORM_RATE_LIMIT;
        }
      });
    });
  });
}
