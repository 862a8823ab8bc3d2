import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asClient, emailsTo, newGuest, registerConfirmed } from '../support/accounts.ts';
import { jsonPost } from '../support/requests.ts';

/**
 * Whether an address has an account must not show in how long sign-in or forgot-password take. Locally
 * every function request runs in a fresh worker that imports its modules anew, so each test here does
 * the same (vi.resetModules) and counts the scrypt runs through the seam passwords.ts exposes for it.
 * The times themselves are measured by `npm run bench:auth-timing`, never asserted here.
 */

let closeFreshDatabase: (() => Promise<void>) | undefined;

async function inFreshWorker() {
  vi.resetModules();
  const passwords = await import('../../src/server/auth/passwords.ts');
  const scryptRuns = vi.spyOn(passwords.keyDerivation, 'scrypt');
  const { default: login } = await import('../../netlify/functions/auth-login.mts');
  const { default: forgotPassword } = await import('../../netlify/functions/auth-forgot-password.mts');
  closeFreshDatabase = (await import('../../src/server/db/database.ts')).closeDatabase;
  return { login, forgotPassword, scryptRuns };
}

beforeAll(() => {
  for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_JWT_SECRET']) delete process.env[name];
});

afterEach(async () => {
  await closeFreshDatabase?.();
  closeFreshDatabase = undefined;
});

describe('sign-in costs the same for an address with or without an account', () => {
  it('runs scrypt exactly once for an address that has no account, even in a fresh worker', async () => {
    const { login, scryptRuns } = await inFreshWorker();
    const response = await login(jsonPost('/api/auth/login', newGuest()), asClient());
    expect(response.status).toBe(401);
    expect(scryptRuns).toHaveBeenCalledTimes(1);
  });

  it('runs scrypt exactly once for a wrong password of an account that exists', async () => {
    const guest = await registerConfirmed();
    const { login, scryptRuns } = await inFreshWorker();
    const response = await login(
      jsonPost('/api/auth/login', { ...guest, password: 'not the password at all' }),
      asClient(),
    );
    expect(response.status).toBe(401);
    expect(scryptRuns).toHaveBeenCalledTimes(1);
  });

  it('checks unknown addresses against a hash made with the current cost', async () => {
    const { decoyPasswordHash, hashPassword } = await import('../../src/server/auth/passwords.ts');
    const costOf = (hash: string) => hash.split('$').slice(0, 4);
    expect(costOf(decoyPasswordHash())).toEqual(costOf(await hashPassword('any password at all')));
  });
});

describe('forgot-password does the same work for an address with or without an account', () => {
  it('emails an address without an account too, saying so, with no reset link', async () => {
    const { forgotPassword } = await inFreshWorker();
    const stranger = newGuest();
    const guest = await registerConfirmed();
    for (const email of [stranger.email, guest.email]) {
      const response = await forgotPassword(jsonPost('/api/auth/forgot-password', { email }), asClient());
      expect(response.status).toBe(202);
    }
    const [toStranger] = await emailsTo(stranger.email);
    expect(toStranger?.text).toMatch(/no account/i);
    expect(toStranger?.text).not.toMatch(/reset-password\?token=/);
    expect((await emailsTo(guest.email)).at(-1)?.text).toMatch(/reset-password\?token=/);
  });
});
