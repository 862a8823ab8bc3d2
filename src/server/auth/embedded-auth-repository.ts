import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Transaction } from '../db/database.ts';

/** The SQL of the embedded auth: accounts, emailed links, sessions and refresh tokens in `app_private`. */

export type UserRow = {
  id: string;
  email: string;
  name: string;
  /** Null for an account made by a confirmed email alone, until its owner sets a password. */
  password_hash: string | null;
  app_metadata: Record<string, unknown>;
  email_confirmed_at: Date | null;
};

/** What an emailed link is for. */
export type EmailPurpose = 'confirm_email' | 'reset_password' | 'sign_in';

/** A registration's choices, carried by its confirmation link until the link is opened. */
export type Registration = { passwordHash: string; name: string };

// Only a token's hash is stored, so a copy of the database cannot be used to open a link or a session.
const newSecretToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.query<UserRow>('select * from app_private.users where lower(email) = lower($1)', [
    email,
  ]);
  return row;
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.query<UserRow>('select * from app_private.users where id = $1', [id]);
  return row;
}

/** A new unconfirmed account; two registrations of a new address at once make one account. */
export async function insertUser(
  tx: Transaction,
  user: { email: string; name: string; passwordHash: string | null },
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

/** Stores a new link for `purpose`, valid for `hours`, and answers its token (for the email only). */
export async function createEmailToken(
  tx: Transaction,
  link: { userId: string; purpose: EmailPurpose; hours: number; registration?: Registration },
): Promise<string> {
  const token = newSecretToken();
  await tx.query(
    `insert into app_private.email_tokens (token_hash, user_id, purpose, expires_at, password_hash, name)
     values ($1, $2, $3, now() + make_interval(hours => $4), $5, $6)`,
    [
      hashToken(token),
      link.userId,
      link.purpose,
      link.hours,
      link.registration?.passwordHash ?? null,
      link.registration?.name ?? null,
    ],
  );
  return token;
}

/** Every link mailed to the user for `purposes` stops working. */
export async function retireEmailTokens(tx: Transaction, userId: string, purposes: EmailPurpose[]) {
  await tx.query(
    `update app_private.email_tokens set used_at = now()
     where user_id = $1 and purpose = any($2) and used_at is null`,
    [userId, purposes],
  );
}

/**
 * Marks an emailed token used and answers its user (with the registration a confirmation link carries);
 * undefined for an unknown, used or expired one.
 */
export async function spendEmailToken(tx: Transaction, token: string, purposes: readonly EmailPurpose[]) {
  const [row] = await tx.query<{ user_id: string; password_hash: string | null; name: string | null }>(
    `update app_private.email_tokens set used_at = now()
     where token_hash = $1 and purpose = any($2) and used_at is null and expires_at > now()
     returning user_id, password_hash, name`,
    [hashToken(token), purposes],
  );
  return row;
}

/** Whether `token` is a link of `purposes` that has been opened already (not merely expired or unknown). */
export async function wasEmailTokenUsed(tx: Transaction, token: string, purposes: readonly EmailPurpose[]) {
  const [row] = await tx.query(
    'select 1 from app_private.email_tokens where token_hash = $1 and purpose = any($2) and used_at is not null',
    [hashToken(token), purposes],
  );
  return Boolean(row);
}

/** The six-digit code of a sign-in link, stored hashed with its link's hash, so it names no other link. */
const hashCode = (tokenHash: string, code: string) => hashToken(`${tokenHash}:${code}`);

/** Wrong codes a sign-in link takes before it stops working (a code is one in a million). */
export const wrongCodesPerLink = 5;

/** A new sign-in link and its code for the user, good for `hours`; answers both (for the email only). */
export async function createSignInToken(
  tx: Transaction,
  userId: string,
  hours: number,
): Promise<{ token: string; code: string }> {
  const token = newSecretToken();
  // randomInt is uniform: 000000 to 999999, leading zeros kept.
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query(
    `insert into app_private.email_tokens (token_hash, user_id, purpose, expires_at, code_hash)
     values ($1, $2, 'sign_in', now() + make_interval(hours => $3), $4)`,
    [hashToken(token), userId, hours, hashCode(hashToken(token), code)],
  );
  return { token, code };
}

/**
 * Spends the live sign-in link of `userId` whose code is `code` and answers true; a wrong code counts
 * against every live link of the user, and a link that has taken `wrongCodesPerLink` stops working.
 */
export async function spendSignInCode(tx: Transaction, userId: string, code: string): Promise<boolean> {
  const live = await tx.query<{ token_hash: string; code_hash: string }>(
    `select token_hash, code_hash from app_private.email_tokens
     where user_id = $1 and purpose = 'sign_in' and used_at is null and expires_at > now()
     for update`,
    [userId],
  );
  const match = live.find((link) => link.code_hash === hashCode(link.token_hash, code));
  if (match) {
    await tx.query('update app_private.email_tokens set used_at = now() where token_hash = $1', [
      match.token_hash,
    ]);
    return true;
  }
  await tx.query(
    `update app_private.email_tokens
     set wrong_codes = wrong_codes + 1, used_at = case when wrong_codes + 1 >= $2 then now() end
     where user_id = $1 and purpose = 'sign_in' and used_at is null and expires_at > now()`,
    [userId, wrongCodesPerLink],
  );
  return false;
}

/** Confirms the address of an unconfirmed account, with the password and name its link carries. */
export async function confirmRegistration(
  tx: Transaction,
  link: { userId: string; passwordHash: string | null; name: string | null },
) {
  await tx.query(
    `update app_private.users
     set email_confirmed_at = now(), password_hash = coalesce($2, password_hash), name = coalesce($3, name),
         updated_at = now()
     where id = $1 and email_confirmed_at is null`,
    [link.userId, link.passwordHash, link.name],
  );
}

/** Sets a new password; a reset link proved the address, so it also confirms it. */
export async function setPassword(tx: Transaction, userId: string, passwordHash: string) {
  await tx.query(
    `update app_private.users
     set password_hash = $2, updated_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now())
     where id = $1`,
    [userId, passwordHash],
  );
}

export async function readRole(tx: Transaction, userId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ role: string | null }>(
    `select app_metadata ->> 'role' as role from app_private.users where id = $1`,
    [userId],
  );
  return row?.role ?? undefined;
}

export async function insertSession(tx: Transaction, userId: string): Promise<string> {
  const [session] = await tx.query<{ id: string }>(
    'insert into app_private.sessions (user_id) values ($1) returning id',
    [userId],
  );
  return session?.id as string;
}

/** A new refresh token for the session, valid for `days` unless used. */
export async function issueRefreshToken(tx: Transaction, sessionId: string, days: number): Promise<string> {
  const token = newSecretToken();
  await tx.query(
    `insert into app_private.refresh_tokens (token_hash, session_id, expires_at)
     values ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), sessionId, days],
  );
  return token;
}

/**
 * Spends a live refresh token and answers its session, and whether it had been spent before more than
 * `graceSeconds` ago; undefined for an unknown or expired token.
 */
export async function spendRefreshToken(tx: Transaction, refreshToken: string, graceSeconds: number) {
  const [found] = await tx.query<{ session_id: string; reused: boolean }>(
    `update app_private.refresh_tokens set revoked_at = coalesce(revoked_at, now())
     where token_hash = $1 and expires_at > now()
     returning session_id, revoked_at < now() - make_interval(secs => $2) as reused`,
    [hashToken(refreshToken), graceSeconds],
  );
  return found;
}

/** The user of a session that has not ended. */
export async function findLiveSessionUser(tx: Transaction, sessionId: string): Promise<UserRow | undefined> {
  const [user] = await tx.query<UserRow>(
    `select u.* from app_private.sessions s join app_private.users u on u.id = s.user_id
     where s.id = $1 and s.ended_at is null`,
    [sessionId],
  );
  return user;
}

/** True when the session exists, belongs to `userId` and has not ended. */
export async function isSessionLive(tx: Transaction, sessionId: string, userId: string): Promise<boolean> {
  const live = await tx.query(
    'select 1 from app_private.sessions where id = $1 and user_id = $2 and ended_at is null',
    [sessionId, userId],
  );
  return live.length > 0;
}

/** Ends one session; false when there was no live session of that id. */
export async function endSession(tx: Transaction, sessionId: string): Promise<boolean> {
  const ended = await tx.query<{ id: string }>(
    'update app_private.sessions set ended_at = coalesce(ended_at, now()) where id = $1 and ended_at is null returning id',
    [sessionId],
  );
  return ended.length > 0;
}

/** Ends the session a refresh token belongs to. */
export async function endSessionOfRefreshToken(tx: Transaction, refreshToken: string) {
  await tx.query(
    `update app_private.sessions set ended_at = now()
     where id = (select session_id from app_private.refresh_tokens where token_hash = $1) and ended_at is null`,
    [hashToken(refreshToken)],
  );
}

/** Ends every live session of the user. */
export async function endAllSessions(tx: Transaction, userId: string) {
  await tx.query('update app_private.sessions set ended_at = now() where user_id = $1 and ended_at is null', [
    userId,
  ]);
}

/** The signing secret kept in the database: `candidate` when none was kept yet, else the one there is. */
export async function keepSigningSecret(tx: Transaction, candidate: string): Promise<string> {
  await tx.query(
    'insert into app_private.auth_signing_keys (secret) values ($1) on conflict (id) do nothing',
    [candidate],
  );
  const [row] = await tx.query<{ secret: string }>('select secret from app_private.auth_signing_keys');
  return row?.secret as string;
}
