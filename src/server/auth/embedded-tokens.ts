import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { type JwtClaims, serviceRole, withCaller } from '../db/database.ts';
import { AuthFailure } from './auth-provider.ts';
import { keepSigningSecret, type UserRow } from './embedded-auth-repository.ts';

/** The embedded auth's access tokens: JWTs with the claims Supabase Auth gives its own. */

// Supabase's defaults: an hour for an access token; a refresh token lasts until used (here 30 days).
const accessTokenSeconds = 60 * 60;
export const refreshTokenDays = 30;

const embeddedIssuer = 'kayal-villas/embedded-auth';
const audience = 'authenticated';

let signingKey: Promise<Uint8Array> | undefined;

/**
 * AUTH_JWT_SECRET when set; otherwise a key made once and kept in the database. Read before a caller's
 * transaction begins: a pool of one cannot open a second.
 */
export function readSigningKey(): Promise<Uint8Array> {
  signingKey ??= (async () => {
    const configured = process.env.AUTH_JWT_SECRET?.trim();
    if (configured) return new TextEncoder().encode(configured);
    const secret = await withCaller(serviceRole, (tx) =>
      keepSigningSecret(tx, randomBytes(48).toString('base64url')),
    );
    return new TextEncoder().encode(secret);
  })().catch((error) => {
    signingKey = undefined;
    throw error;
  });
  return signingKey;
}

/** An access token for the user in the session, and when it expires (seconds since the epoch). */
export async function signAccessToken(
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

/** The claims of a token we signed for a user, unexpired; AuthFailure 'session_expired' otherwise. */
export async function verifySignedClaims(accessToken: string): Promise<JwtClaims & { session_id: string }> {
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
export async function readSessionId(accessToken: string): Promise<string | undefined> {
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
