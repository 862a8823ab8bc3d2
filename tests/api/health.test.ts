import { afterEach, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health.mts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { ownerQuery } from '../support/sql.ts';

const context = { ip: '', params: {} };
const askHealth = () => health(new Request('http://localhost/api/health'), context);

describe('GET /api/health', () => {
  const saved = { ...process.env };
  afterEach(async () => {
    process.env = { ...saved };
    await closeDatabase();
  });

  it('reports the database up, and payments degraded where no provider or stand-in is configured', async () => {
    const response = await askHealth();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ database: 'up', payments: 'none', status: 'degraded' });
    expect(body.degraded).toContain('payments');
    expect(body.degraded).not.toContain('database');
    // Nothing about where things are: no host, no port, no key.
    expect(JSON.stringify(body)).not.toContain(new URL(saved.DATABASE_URL as string).port);
  });

  it('reports payments configured when the stand-in npm start runs is given', async () => {
    process.env.PAYMENT_STAND_IN_URL = 'http://127.0.0.1:8919';
    process.env.PAYMENT_STAND_IN_KEY = 'k'.repeat(32);
    const body = await (await askHealth()).json();
    expect(body.payments).toBe('configured');
    expect(body.degraded).not.toContain('payments');
  });

  it('reports mail failing while an email failed for good in the last day, still answering 200', async () => {
    await ownerQuery(
      `insert into public.email_outbox (kind, recipient, subject, body, status, attempts, last_error)
       values ('no_account', 'health-check@example.com', 'Failed for health', 'x', 'failed', 1, '550 no')`,
    );
    const response = await askHealth();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ mail: 'failing', status: 'degraded' });
    expect(body.degraded).toContain('mail');
  });

  it('answers 503 with the database down', async () => {
    await closeDatabase();
    process.env.DATABASE_URL = 'postgresql://app@127.0.0.1:9/none';
    const response = await askHealth();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ database: 'down', mail: 'unknown' });
  });
});
