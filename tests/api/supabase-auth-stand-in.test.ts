import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { type SupabaseAuthStandIn, startSupabaseAuthStandIn } from '../support/supabase-auth-stand-in.ts';

// The stand-in is only worth having if supabase-js itself accepts it, so every check goes through the client.

const siteUrl = 'http://site.test';
let standIn: SupabaseAuthStandIn;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'supabase-auth-stand-in-'));
  standIn = await startSupabaseAuthStandIn({ siteUrl, outboxDir });
});

afterAll(async () => {
  await standIn?.close();
  await rm(outboxDir, { recursive: true, force: true });
});

function newClient(): SupabaseClient {
  return createClient(standIn.url, standIn.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let emailCounter = 0;
const uniqueEmail = () => `guest-${Date.now()}-${++emailCounter}@example.com`;

async function messagesTo(email: string) {
  return (await readOutbox(outboxDir)).filter((message) => message.to === email);
}

/** The token from the newest link in the newest email to this address on this page of the site. */
async function tokenFromLatestEmail(email: string, page: 'verify-email' | 'reset-password'): Promise<string> {
  const latest = (await messagesTo(email)).at(-1);
  const token = new RegExp(`${siteUrl}/${page}\\?token=([0-9a-f]{56})`).exec(latest?.text ?? '')?.[1];
  if (!token) throw new Error(`No ${page} link emailed to ${email}`);
  return token;
}

async function signUpAndConfirm(email: string, password: string): Promise<void> {
  const client = newClient();
  const { error } = await client.auth.signUp({ email, password, options: { data: { name: 'Asha' } } });
  expect(error).toBeNull();
  const token = await tokenFromLatestEmail(email, 'verify-email');
  expect((await client.auth.verifyOtp({ token_hash: token, type: 'email' })).error).toBeNull();
}

async function signIn(email: string, password: string) {
  const { data, error } = await newClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

describe('Supabase Auth stand-in, driven by supabase-js', () => {
  it('signs up without a session, emails a link that confirms once, then lets the person sign in', async () => {
    const client = newClient();
    const email = uniqueEmail();

    const signUp = await client.auth.signUp({
      email,
      password: 'sea-breeze',
      options: { data: { name: 'Asha' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { name: 'Asha' }, role: 'authenticated' });
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.identities).toHaveLength(1);
    const [confirmation] = await messagesTo(email);
    expect(confirmation?.subject).toBe('Confirm your email');

    const early = await client.auth.signInWithPassword({ email, password: 'sea-breeze' });
    expect(early.error).toMatchObject({
      code: 'email_not_confirmed',
      status: 400,
      message: 'Email not confirmed',
    });

    const token = await tokenFromLatestEmail(email, 'verify-email');
    const verified = await client.auth.verifyOtp({ token_hash: token, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await newClient().auth.verifyOtp({ token_hash: token, type: 'email' });
    expect(again.error).toMatchObject({ code: 'otp_expired', status: 403 });
    expect(again.data.session).toBeNull();

    const signedIn = await newClient().auth.signInWithPassword({
      email: email.toUpperCase(),
      password: 'sea-breeze',
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email).toBe(email);
  });

  it('issues access tokens with the claims Supabase puts in them', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    const session = await signIn(email, 'sea-breeze');

    const { payload } = await jwtVerify(session.access_token, new TextEncoder().encode(standIn.jwtSecret), {
      audience: 'authenticated',
      issuer: `${standIn.url}/auth/v1`,
    });
    expect(payload).toMatchObject({
      sub: session.user.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Asha' },
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    for (const attempt of [
      { email, password: 'not-it' },
      { email: uniqueEmail(), password: 'sea-breeze' },
    ]) {
      const { error } = await newClient().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({
        code: 'invalid_credentials',
        status: 400,
        message: 'Invalid login credentials',
      });
    }
  });

  it('answers a second sign-up for a confirmed address with a fake user and sends nothing', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    const before = (await messagesTo(email)).length;

    const { data, error } = await newClient().auth.signUp({
      email: email.toUpperCase(),
      password: 'other-pass',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await messagesTo(email)).length).toBe(before);
    await expect(signIn(email, 'sea-breeze')).resolves.toMatchObject({ user: { email } });
  });

  it('refuses a password shorter than six characters', async () => {
    const { error } = await newClient().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['length'] });
  });

  it('rotates refresh tokens and refuses the old one', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    const first = await signIn(email, 'sea-breeze');

    const refreshed = await newClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.refresh_token);

    const reused = await newClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
    expect(reused.error?.message).toMatch(/^Invalid Refresh Token: /);

    const unknown = await newClient().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
  });

  it('signs out locally with the admin call and with a client that set the session', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');

    const viaAdmin = await signIn(email, 'sea-breeze');
    expect((await newClient().auth.admin.signOut(viaAdmin.access_token, 'local')).error).toBeNull();
    const afterAdmin = await newClient().auth.refreshSession({ refresh_token: viaAdmin.refresh_token });
    expect(afterAdmin.error).toMatchObject({ code: 'refresh_token_not_found' });

    const other = await signIn(email, 'sea-breeze');
    const client = newClient();
    expect((await client.auth.setSession(other)).error).toBeNull();
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const afterClient = await newClient().auth.refreshSession({ refresh_token: other.refresh_token });
    expect(afterClient.error).toMatchObject({ code: 'refresh_token_not_found' });
    const { error } = await newClient().auth.getUser(other.access_token);
    expect(error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('emails a reset link only to existing accounts, and the link lets the person choose a new password', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    const otherDevice = await signIn(email, 'sea-breeze');
    const stranger = uniqueEmail();

    expect(await newClient().auth.resetPasswordForEmail(stranger)).toMatchObject({ error: null });
    expect(await messagesTo(stranger)).toEqual([]);
    expect(await newClient().auth.resetPasswordForEmail(email)).toMatchObject({ error: null });
    expect((await messagesTo(email)).at(-1)?.subject).toBe('Reset your password');

    const token = await tokenFromLatestEmail(email, 'reset-password');
    const client = newClient();
    const recovery = await client.auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(recovery.error).toBeNull();
    const recoverySession = recovery.data.session;
    if (!recoverySession) throw new Error('no recovery session');
    expect((await client.auth.setSession(recoverySession)).error).toBeNull();
    expect((await client.auth.updateUser({ password: 'monsoon-rain' })).error).toBeNull();

    await expect(signIn(email, 'sea-breeze')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(signIn(email, 'monsoon-rain')).resolves.toMatchObject({ user: { email } });
    // Like GoTrue, a new password ends the person's other sessions.
    const stale = await newClient().auth.refreshSession({ refresh_token: otherDevice.refresh_token });
    expect(stale.error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await newClient().auth.verifyOtp({ token_hash: token, type: 'recovery' })).error).toMatchObject({
      code: 'otp_expired',
    });
  });

  it('lets emailed links expire after an hour', async () => {
    const email = uniqueEmail();
    await newClient().auth.signUp({ email, password: 'sea-breeze' });
    const token = await tokenFromLatestEmail(email, 'verify-email');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      const { error } = await newClient().auth.verifyOtp({ token_hash: token, type: 'signup' });
      expect(error).toMatchObject({ code: 'otp_expired', status: 403 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts app_metadata set by an operator into the next access token', async () => {
    const email = uniqueEmail();
    await signUpAndConfirm(email, 'sea-breeze');
    const before = await signIn(email, 'sea-breeze');
    await standIn.setAppMetadata(email.toUpperCase(), { role: 'admin' });

    const { data } = await newClient().auth.refreshSession({ refresh_token: before.refresh_token });
    const key = new TextEncoder().encode(standIn.jwtSecret);
    const { payload } = await jwtVerify(data.session?.access_token ?? '', key);
    expect(payload.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'admin' });
    expect(payload.role).toBe('authenticated');
  });

  it('answers 401 without the API key, and 404 to routes GoTrue does not have', async () => {
    const missingKey = await fetch(`${standIn.url}/auth/v1/settings`);
    expect(missingKey.status).toBe(401);
    expect(await missingKey.json()).toEqual({ message: 'No API key found in request' });

    const unknownRoute = await fetch(`${standIn.url}/auth/v1/nowhere`, {
      headers: { apikey: standIn.anonKey },
    });
    expect(unknownRoute.status).toBe(404);
    expect(await unknownRoute.json()).toMatchObject({ error_code: 'not_found' });
  });
});
