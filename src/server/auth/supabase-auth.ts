import { type AuthError, createClient, type Session as SupabaseSession } from '@supabase/supabase-js';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { plainReturnPath } from '../../lib/paths.ts';
import { siteUrl } from '../config.ts';
import { type JwtClaims, serviceRole, withCaller } from '../db/database.ts';
import type { EmailKind } from '../email/delivery.ts';
import { claimRecipientSlot } from '../email/recipient-caps.ts';
import { type AccountUser, AuthFailure, type AuthProvider, type Session } from './auth-provider.ts';

export type SupabaseAuthSettings = {
  supabaseUrl: string;
  /** The publishable key, or the legacy anon key. */
  apiKey: string;
  /** The secret key, which Auth's admin endpoints ask for; without it they get the public key. */
  secretKey?: string | undefined;
  /** The project's legacy HS256 JWT secret; without it, tokens are checked against the project's JWKS. */
  jwtSecret?: string | undefined;
};

const invalidLink = 'This link is invalid, already used or expired. Ask for a new one.';
const wrongCode =
  'That code is not the one we sent, or it has expired. Check the newest email from us, or ask for a new code.';
const sessionEnded = 'Your session has ended. Please sign in again.';

/**
 * Supabase Auth through supabase-js, one short-lived client per call: the server keeps no session in
 * memory, the cookies do. Email links come from the project's templates, which must point at
 * `/verify-email?token={{ .TokenHash }}` and `/reset-password?token={{ .TokenHash }}` (README).
 */
export function supabaseAuth(settings: SupabaseAuthSettings): AuthProvider {
  const client = (key = settings.apiKey) =>
    createClient(settings.supabaseUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const issuer = `${new URL(settings.supabaseUrl).origin}/auth/v1`;
  // Projects on asymmetric signing keys publish them here; the legacy HS256 secret needs no fetch.
  const jwks: JWTVerifyGetKey | undefined = settings.jwtSecret
    ? undefined
    : createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const verificationKey = () => (jwks ? jwks : new TextEncoder().encode(settings.jwtSecret));

  return {
    async register({ name, email, password, next }) {
      // Supabase's mailer sends the confirmation (or, for a confirmed address, nothing); whether it will
      // cannot be known before asking, so every sign-up counts against the mailbox's caps, and a capped
      // one is not passed on: an account made without its email would hold the address for nothing.
      if (!(await mayEmail('confirm_email', email))) return;
      const { error } = await client().auth.signUp({
        email,
        password,
        // The template links to {{ .RedirectTo }}&token={{ .TokenHash }} (README), keeping `next`; the
        // name stays in the account's metadata and out of the template, as in the embedded auth's email.
        options: {
          data: { name },
          emailRedirectTo: `${siteUrl()}/verify-email?${new URLSearchParams({ next: plainReturnPath(next) })}`,
        },
      });
      // An address that has an account gets the same answer as a new one, as with the embedded auth.
      if (error && error.code !== 'user_already_exists' && error.code !== 'email_exists')
        throw translate(error);
    },

    async confirmEmail(token, { signInAs, signInHere = false } = {}) {
      const { data, error } = await client().auth.verifyOtp({ token_hash: token, type: 'email' });
      if (error) throw translate(error, invalidLink);
      if (!data.session) return null;
      if (signInHere || (signInAs && data.user?.email?.toLowerCase() === signInAs.toLowerCase()))
        return toSession(data.session);
      // Supabase opens a session with every verified link; one this browser has not earned is ended.
      await client(settings.secretKey).auth.admin.signOut(data.session.access_token, 'local');
      return null;
    },

    async sendSignInLink({ email, name, createAccount, redirect }) {
      // Supabase Auth's own email OTP: its Magic Link template (and, for a new account, Confirm signup)
      // links to {{ .RedirectTo }}&token={{ .TokenHash }} and shows {{ .Token }}, the code (README).
      if (!(await mayEmail('sign_in_link', email))) return;
      const { error } = await client().auth.signInWithOtp({
        email,
        options: {
          shouldCreateUser: createAccount,
          emailRedirectTo: new URL(redirect, siteUrl()).toString(),
          ...(createAccount && name ? { data: { name } } : {}),
        },
      });
      // No account and none to make (otp_disabled, signup_disabled), or Supabase's own limit per address:
      // the same answer as a link sent, as with the embedded auth.
      if (error && error.status !== 429 && error.status !== 422 && error.code !== 'otp_disabled')
        throw translate(error);
    },

    async signInWithCode({ email, code }) {
      const { data, error } = await client().auth.verifyOtp({ email, token: code, type: 'email' });
      if (error || !data.session) throw translate(error, wrongCode);
      return toSession(data.session);
    },

    async signIn({ email, password }) {
      const { data, error } = await client().auth.signInWithPassword({ email, password });
      if (error || !data.session) throw translate(error);
      return toSession(data.session);
    },

    async refresh(refreshToken) {
      const { data, error } = await client().auth.refreshSession({ refresh_token: refreshToken });
      if (error || !data.session) throw new AuthFailure('session_expired', sessionEnded);
      return toSession(data.session);
    },

    async signOut({ accessToken }) {
      // 'local' ends this session only; an expired or unknown token means it has ended already.
      await client(settings.secretKey).auth.admin.signOut(accessToken, 'local');
    },

    async requestPasswordReset(email) {
      if (!(await mayEmail('reset_password', email))) return;
      const { error } = await client().auth.resetPasswordForEmail(email, {
        redirectTo: `${siteUrl()}/reset-password`,
      });
      // Supabase limits how often one address gets mail; the person still gets the same answer.
      if (error && error.status !== 429) throw translate(error);
    },

    async resetPassword({ token, password }) {
      const auth = client().auth;
      const { data, error } = await auth.verifyOtp({ token_hash: token, type: 'recovery' });
      if (error || !data.session) throw translate(error, invalidLink);
      const { error: setError } = await auth.setSession({
        access_token: data.session.access_token,
        refresh_token: data.session.refresh_token,
      });
      if (setError) throw translate(setError, invalidLink);
      const { error: updateError } = await auth.updateUser({ password });
      if (updateError) throw translate(updateError);
      // Whoever knew the old password is signed out everywhere, as the embedded auth does.
      await auth.signOut({ scope: 'global' });
    },

    async readCurrentRole(userId) {
      // Supabase Auth's own tables live in the project's Postgres, which DATABASE_URL reaches.
      const [row] = await withCaller(serviceRole, (tx) =>
        tx.query<{ role: string | null }>('select app_private.supabase_account_role($1) as role', [userId]),
      );
      return row?.role ?? undefined;
    },

    async verifyAccessToken(accessToken) {
      try {
        // Supabase's getClaims does not check audience or issuer; this does, and the role below.
        const { payload } = await jwtVerify(
          accessToken,
          verificationKey() as Parameters<typeof jwtVerify>[1],
          {
            issuer,
            audience: 'authenticated',
          },
        );
        if (payload.role !== 'authenticated' || typeof payload.sub !== 'string')
          throw new Error('not a user');
        return payload as unknown as JwtClaims;
      } catch {
        throw new AuthFailure('session_expired', sessionEnded);
      }
    },
  };
}

/**
 * Counts an email Supabase's mailer is about to be asked for against the mailbox's caps, as the
 * embedded auth counts its own (src/server/email/recipient-caps.ts); false when a cap is reached.
 * Supabase's own limits are per project and per user (README), not per mailbox per day.
 */
const mayEmail = (kind: EmailKind, email: string) =>
  withCaller(serviceRole, (tx) => claimRecipientSlot(tx, kind, email));

function toSession(session: SupabaseSession): Session {
  const user: AccountUser = {
    id: session.user.id,
    email: session.user.email ?? '',
    name: String(session.user.user_metadata?.name ?? ''),
    isAdmin: session.user.app_metadata?.role === 'admin',
  };
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    user,
  };
}

/** Supabase's error codes, mapped to the refusals the embedded auth gives for the same mistakes. */
function translate(error: AuthError | null, tokenMessage = invalidLink): Error {
  switch (error?.code) {
    case 'invalid_credentials':
      return new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    case 'email_not_confirmed':
      return new AuthFailure(
        'email_not_confirmed',
        'Confirm your email address first: open the link we sent you when you registered.',
      );
    case 'user_already_exists':
    case 'email_exists':
      return new AuthFailure('email_taken', 'An account with this email already exists.');
    case 'weak_password':
      return new AuthFailure('weak_password', error.message);
    case 'otp_expired':
    case 'otp_disabled':
    case 'bad_jwt':
    case 'session_not_found':
      return new AuthFailure('invalid_token', tokenMessage);
    default:
      return error ?? new Error('Supabase Auth gave no session');
  }
}
