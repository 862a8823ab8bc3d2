import { afterEach, describe, expect, it } from 'vitest';
import availability from '../../netlify/functions/availability.mts';
import health from '../../netlify/functions/health.mts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { captureLog } from '../support/log-lines.ts';

/**
 * What an operator follows a complaint by: every answer's `x-request-id`, the same id on that
 * request's JSON log line, and in a 5xx's body, which the guest can quote.
 */
const context = { ip: '192.0.2.10', params: {} };

describe('the request id', () => {
  const databaseUrl = process.env.DATABASE_URL;
  afterEach(async () => {
    process.env.DATABASE_URL = databaseUrl;
    await closeDatabase();
  });

  it('is echoed as x-request-id and is on the request’s one JSON log line', async () => {
    const { result: response, lines } = await captureLog(() =>
      health(new Request('http://localhost/api/health?token=secret-in-query'), context),
    );
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const answered = lines.filter((line) => line.msg === 'answered' && line.requestId === requestId);
    expect(answered).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', path: '/api/health', status: 200 }),
    ]);
    // The path only: a query may carry a token.
    expect(JSON.stringify(lines)).not.toContain('secret-in-query');
  });

  it('is Netlify’s own id when the platform gave one, and ours when the header is not an id', async () => {
    const netlifyId = '01JDQ7Z5X9K2M4N6P8R0S2T4V6';
    const given = await health(
      new Request('http://localhost/api/health', { headers: { 'x-nf-request-id': netlifyId } }),
      context,
    );
    expect(given.headers.get('x-request-id')).toBe(netlifyId);
    const forged = await health(
      new Request('http://localhost/api/health', {
        headers: { 'x-nf-request-id': '<script>alert(1)</script>' },
      }),
      context,
    );
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is in a 5xx’s error body, the same as the header and the log line', async () => {
    await closeDatabase();
    // Nothing listens there: every connection is refused, so the answer is a 503.
    process.env.DATABASE_URL = 'postgresql://app@127.0.0.1:9/none';
    const { result: response, lines } = await captureLog(() =>
      availability(new Request('http://localhost/api/availability?property=kovalam-cliff-villa'), context),
    );
    expect(response.status).toBe(503);
    const requestId = response.headers.get('x-request-id');
    expect(await response.json()).toMatchObject({ error: { code: 'service_unavailable', requestId } });
    expect(lines).toContainEqual(expect.objectContaining({ requestId, status: 503, level: 50 }));
  });

  it('is not in a 4xx’s body, which names the fields instead', async () => {
    const response = await availability(new Request('http://localhost/api/availability?property='), context);
    expect(response.status).toBe(422);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(((await response.json()) as { error: object }).error).not.toHaveProperty('requestId');
  });
});
