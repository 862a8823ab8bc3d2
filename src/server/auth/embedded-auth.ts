import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { siteUrl } from '../config.ts';
import { type JwtClaims, serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import {
  confirmEmailMessage,
  existingAccountMessage,
  noAccountMessage,
  resetPasswordMessage,
} from './auth-emails.ts';
import { type AccountUser, AuthFailure, type AuthProvider, type Session } from './auth-provider.ts';
import { hashPassword, spendTheTimeOfAPasswordCheck, verifyPassword } from './passwords.ts';

// Supabase's defaults: an hour for an access token; a refresh token lasts until used (here 30 days).
const accessTokenSeconds = 60 * 60;
const refreshTokenDays = 30;
const emailLinkHours = { confirm_email: 24, reset_password: 1 } as const;
// Two requests that find the access token expired at once both refresh with the same token; the second
// must not sign the person out. GoTrue allows the same 10-second grace.
const refreshReuseSeconds = 10;

export const embeddedIssuer = 'kayal-villas/embedded-auth';
const audience = 'authenticated';

type UserRow = {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  app_metadata: Record<string, unknown>;
  email_confirmed_at: Date | null;
};

const newSecretToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

let signingKey: Promise<Uint8Array> | undefined;

/** AUTH_JWT_SECRET when set; otherwise a key made once and kept in the database. */
function readSigningKey(): Promise<Uint8Array> {
  signingKey ??= (async () => {
    const configured = process.env.AUTH_JWT_SECRET?.trim();
    if (configured) return new TextEncoder().encode(configured);
    const secret = await withCaller(serviceRole, async (tx) => {
      await tx.query(
        'insert into app_private.auth_signing_keys (secret) values ($1) on conflict (id) do nothing',
        [randomBytes(48).toString('base64url')],
      );
      const [row] = await tx.query<{ secret: string }>('select secret from app_private.auth_signing_keys');
      return row?.secret as string;
    });
    return new TextEncoder().encode(secret);
  })().catch((error) => {
    signingKey = undefined;
    throw error;
  });
  return signingKey;
}

function toAccountUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'app_metadata'>): AccountUser {
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.app_metadata.role === 'admin' };
}

async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.query<UserRow>('select * from app_private.users where lower(email) = lower($1)', [
    email,
  ]);
  return row;
}

/** A new unconfirmed account; two registrations of a new address at once make one account. */
async function insertUser(
  tx: Transaction,
  user: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const [created] = await tx.query<{ id: string }>(
    `insert into app_private.users (email, name, password_hash) values ($1, $2, $3)
     on conflict (lower(email)) do nothing returning id`,
    [user.email, user.name, user.passwordHash],
  );
  if (created) return created.id;
  const existing = await findUserByEmail(tx, user.email);
  return existing?.id as string;
}

type Registration = { passwordHash: string; name: string };

async function createEmailToken(
  tx: Transaction,
  userId: string,
  purpose: keyof typeof emailLinkHours,
  registration?: Registration,
) {
  const token = newSecretToken();
  await tx.query(
    `insert into app_private.email_tokens (token_hash, user_id, purpose, expires_at, password_hash, name)
     values ($1, $2, $3, now() + make_interval(hours => $4), $5, $6)`,
    [
      hashToken(token),
      userId,
      purpose,
      emailLinkHours[purpose],
      registration?.passwordHash ?? null,
      registration?.name ?? null,
    ],
  );
  return token;
}

/** Every link mailed to the user for `purposes` stops working. */
async function retireEmailTokens(tx: Transaction, userId: string, purposes: (keyof typeof emailLinkHours)[]) {
  await tx.query(
    `update app_private.email_tokens set used_at = now()
     where user_id = $1 and purpose = any($2) and used_at is null`,
    [userId, purposes],
  );
}

/**
 * Marks an emailed token used and answers its user (with the registration a confirmation link carries),
 * or refuses an unknown, used or expired one.
 */
async function useEmailToken(tx: Transaction, token: string, purpose: keyof typeof emailLinkHours) {
  const [row] = await tx.query<{ user_id: string; password_hash: string | null; name: string | null }>(
    `update app_private.email_tokens set used_at = now()
     where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
     returning user_id, password_hash, name`,
    [hashToken(token), purpose],
  );
  if (!row) {
    throw new AuthFailure(
      'invalid_token',
      'This link is invalid, already used or expired. Ask for a new one.',
    );
  }
  return row;
}

async function issueRefreshToken(tx: Transaction, sessionId: string): Promise<string> {
  const token = newSecretToken();
  await tx.query(
    `insert into app_private.refresh_tokens (token_hash, session_id, expires_at)
     values ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), sessionId, refreshTokenDays],
  );
  return token;
}

/** Signs with a key read before the caller's transaction began (a pool of one cannot open a second). */
async function signAccessToken(
  key: Uint8Array,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + accessTokenSeconds;
  // The claims Supabase Auth puts in its tokens, so the RLS policies read both the same way.
  const token = await new SignJWT({
    email: user.email,
    role: 'authenticated',
    app_metadata: { provider: 'email', ...user.app_metadata },
    user_metadata: { name: user.name },
    session_id: sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(embeddedIssuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt };
}

async function startSession(tx: Transaction, key: Uint8Array, user: UserRow): Promise<Session> {
  const [session] = await tx.query<{ id: string }>(
    'insert into app_private.sessions (user_id) values ($1) returning id',
    [user.id],
  );
  const sessionId = session?.id as string;
  const refreshToken = await issueRefreshToken(tx, sessionId);
  const access = await signAccessToken(key, user, sessionId);
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: toAccountUser(user) };
}

/** Accounts and sessions on the project's own database, for when Supabase is not configured. */
export const embeddedAuth: AuthProvider = {
  async register({ name, email, password, next }) {
    const passwordHash = await hashPassword(password);
    const queued = await withCaller(serviceRole, async (tx) => {
      const existing = await findUserByEmail(tx, email);
      // Same answer whether or not the address has an account, so sign-up cannot be used to find out
      // who has one; the owner of the address learns of the attempt by email instead.
      if (existing?.email_confirmed_at) {
        return queueEmail(tx, 'existing_account', existingAccountMessage(existing.email, siteUrl()));
      }
      // An unconfirmed account is left as it is: whoever registers an address may not be its owner. The
      // link carries this registration's password and name, and only opening it applies them.
      const userId = existing?.id ?? (await insertUser(tx, { email, name, passwordHash }));
      const token = await createEmailToken(tx, userId, 'confirm_email', { passwordHash, name });
      return queueEmail(tx, 'confirm_email', confirmEmailMessage(email, name, token, siteUrl(), next));
    });
    await deliverQueuedEmails([queued]);
  },

  async confirmEmail(token) {
    await withCaller(serviceRole, async (tx) => {
      const link = await useEmailToken(tx, token, 'confirm_email');
      await tx.query(
        `update app_private.users
         set email_confirmed_at = now(), password_hash = coalesce($2, password_hash), name = coalesce($3, name),
             updated_at = now()
         where id = $1 and email_confirmed_at is null`,
        [link.user_id, link.password_hash, link.name],
      );
      // The other registrations of the address (perhaps not the owner's) can no longer be confirmed.
      await retireEmailTokens(tx, link.user_id, ['confirm_email']);
    });
  },

  async signIn({ email, password }) {
    const user = await withCaller(serviceRole, (tx) => findUserByEmail(tx, email));
    if (!user) {
      await spendTheTimeOfAPasswordCheck(password);
      throw new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    }
    if (!user.email_confirmed_at) {
      throw new AuthFailure(
        'email_not_confirmed',
        'Confirm your email address first: open the link we sent you when you registered.',
      );
    }
    const key = await readSigningKey();
    return withCaller(serviceRole, (tx) => startSession(tx, key, user));
  },

  async refresh(refreshToken) {
    const key = await readSigningKey();
    const session = await withCaller(serviceRole, async (tx) => {
      const [found] = await tx.query<{ session_id: string; reused: boolean }>(
        `update app_private.refresh_tokens set revoked_at = coalesce(revoked_at, now())
         where token_hash = $1 and expires_at > now()
         returning session_id, revoked_at < now() - make_interval(secs => $2) as reused`,
        [hashToken(refreshToken), refreshReuseSeconds],
      );
      if (!found) return null;
      if (found.reused) {
        // A rotated token came back after the grace: a copy of it is in someone else's hands, and nobody
        // can tell which holder is the owner, so the whole session ends, the newest tokens with it.
        await tx.query('update app_private.sessions set ended_at = coalesce(ended_at, now()) where id = $1', [
          found.session_id,
        ]);
        return null;
      }
      const [user] = await tx.query<UserRow>(
        `select u.* from app_private.sessions s join app_private.users u on u.id = s.user_id
         where s.id = $1 and s.ended_at is null`,
        [found.session_id],
      );
      if (!user) return null;
      const next = await issueRefreshToken(tx, found.session_id);
      const access = await signAccessToken(key, user, found.session_id);
      return {
        accessToken: access.token,
        refreshToken: next,
        expiresAt: access.expiresAt,
        user: toAccountUser(user),
      };
    });
    // Thrown after the transaction, so a session ended for reuse stays ended.
    if (!session) throw new AuthFailure('session_expired', 'Your session has ended. Please sign in again.');
    return session;
  },

  async signOut({ accessToken, refreshToken }) {
    const sessionId = await readSessionId(accessToken);
    await withCaller(serviceRole, async (tx) => {
      const ended = sessionId
        ? await tx.query<{ id: string }>(
            'update app_private.sessions set ended_at = now() where id = $1 and ended_at is null returning id',
            [sessionId],
          )
        : [];
      if (ended.length === 0 && refreshToken) {
        await tx.query(
          `update app_private.sessions set ended_at = now()
           where id = (select session_id from app_private.refresh_tokens where token_hash = $1) and ended_at is null`,
          [hashToken(refreshToken)],
        );
      }
    });
  },

  async requestPasswordReset(email) {
    const queued = await withCaller(serviceRole, async (tx) => {
      const user = await findUserByEmail(tx, email);
      // An address without an account gets an email too: the same work and time as for one with an
      // account, so the answer's timing does not tell which addresses have accounts.
      if (!user) return queueEmail(tx, 'no_account', noAccountMessage(email, siteUrl()));
      // One live reset link per account, the newest, as Supabase Auth keeps it.
      await retireEmailTokens(tx, user.id, ['reset_password']);
      const token = await createEmailToken(tx, user.id, 'reset_password');
      return queueEmail(tx, 'reset_password', resetPasswordMessage(user.email, user.name, token, siteUrl()));
    });
    await deliverQueuedEmails([queued]);
  },

  async resetPassword({ token, password }) {
    const passwordHash = await hashPassword(password);
    await withCaller(serviceRole, async (tx) => {
      const { user_id: userId } = await useEmailToken(tx, token, 'reset_password');
      // The link proved the address is theirs, so it also confirms it.
      await tx.query(
        `update app_private.users
         set password_hash = $2, updated_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now())
         where id = $1`,
        [userId, passwordHash],
      );
      // No link mailed before this one may set a password or confirm a registration any more.
      await retireEmailTokens(tx, userId, ['reset_password', 'confirm_email']);
      // Whoever knew the old password is signed out everywhere.
      await tx.query(
        'update app_private.sessions set ended_at = now() where user_id = $1 and ended_at is null',
        [userId],
      );
    });
  },

  async readCurrentRole(userId) {
    const [row] = await withCaller(serviceRole, (tx) =>
      tx.query<{ role: string | null }>(
        `select app_metadata ->> 'role' as role from app_private.users where id = $1`,
        [userId],
      ),
    );
    return row?.role ?? undefined;
  },

  async verifyAccessToken(accessToken) {
    const claims = await verifySignedClaims(accessToken);
    // Logout must end the session at once, not when its last access token expires; and a session
    // belongs to one user, whatever else a token signed with our key claims.
    const [live] = await withCaller(serviceRole, (tx) =>
      tx.query('select 1 from app_private.sessions where id = $1 and user_id = $2 and ended_at is null', [
        claims.session_id,
        claims.sub,
      ]),
    );
    if (!live) throw new AuthFailure('session_expired', 'Your session has ended. Please sign in again.');
    return claims;
  },
};

async function verifySignedClaims(accessToken: string): Promise<JwtClaims & { session_id: string }> {
  try {
    const { payload } = await jwtVerify(accessToken, await readSigningKey(), {
      algorithms: ['HS256'],
      issuer: embeddedIssuer,
      audience,
    });
    if (
      payload.role !== 'authenticated' ||
      typeof payload.sub !== 'string' ||
      typeof payload.session_id !== 'string'
    ) {
      throw new Error('not a user token');
    }
    return payload as unknown as JwtClaims & { session_id: string };
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    throw new AuthFailure('session_expired', 'Your session has ended. Please sign in again.');
  }
}

/** The session a token names, even an expired one, so logout works after the token's hour is up. */
async function readSessionId(accessToken: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(accessToken, await readSigningKey(), {
      algorithms: ['HS256'],
      issuer: embeddedIssuer,
      audience,
      clockTolerance: 60 * 60 * 24 * refreshTokenDays,
    });
    return typeof payload.session_id === 'string' ? payload.session_id : undefined;
  } catch {
    return undefined;
  }
}
