import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run config:check` as an operator runs it, in an environment of only what the test gives. */
async function configCheck(environment: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/config-check.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...environment },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const whole = {
  CONTEXT: 'production',
  DATABASE_URL: 'postgresql://app:db-password-123@db.example.com:6543/postgres',
  SMTP_URL: 'smtps://mailer:smtp-password-456@smtp.example.com:465',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_stripe-secret-789',
  STRIPE_WEBHOOK_SECRET: 'whsec_hook-secret-000',
  GUEST_DETAILS_KEY: Buffer.alloc(32, 9).toString('base64'),
  NETLIFY_DEPLOYS_TOKEN: 'nfp_deploys-token-111',
  SITE_ID: 'c0ffee00-site',
};

describe('npm run config:check', () => {
  it('exits 1 in a production context without SMTP_URL, naming it and what it should look like', async () => {
    const { SMTP_URL: _unset, ...withoutSmtp } = whole;
    const result = await configCheck(withoutSmtp);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SMTP_URL: not set.*smtps:\/\/user:password@/);
    for (const secret of [
      'db-password-123',
      'stripe-secret-789',
      'hook-secret-000',
      whole.GUEST_DETAILS_KEY,
    ]) {
      expect(result.stderr + result.stdout).not.toContain(secret);
    }
  });

  it('exits 0 on a whole configuration, with a summary of the backends and no secret', async () => {
    const result = await configCheck(whole);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Database: PostgreSQL at postgresql://db.example.com:6543');
    expect(result.stdout).toContain('Mail: SMTP at smtps://smtp.example.com:465');
    expect(result.stdout).toContain('Payments: Stripe (live key)');
    for (const secret of [
      'db-password-123',
      'smtp-password-456',
      'stripe-secret-789',
      whole.GUEST_DETAILS_KEY,
    ]) {
      expect(result.stdout).not.toContain(secret);
    }
  });
});
