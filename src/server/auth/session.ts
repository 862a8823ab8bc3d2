import { apiRoutes } from '../../lib/api-contract.ts';
import type { JwtClaims } from '../db/database.ts';
import { cookie, readCookie } from '../http/cookies.ts';
import { authProvider } from './auth.ts';
import { type AccountUser, AuthFailure, type AuthProvider, type Session } from './auth-provider.ts';
import { registeringBrowserSeconds } from './registering-browsers.ts';
import { trustedDeviceSeconds } from './trusted-devices.ts';

/**
 * The session lives in two HttpOnly cookies that page scripts cannot read: the access token (sent to
 * every path, checked on every API call) and the refresh token (sent only to /api, used when the access
 * token has expired). SameSite=Lax keeps them off cross-site posts; Secure whenever the site is on HTTPS.
 */
export const accessCookie = 'kv_access';
export const refreshCookie = 'kv_refresh';
/** Marks a browser the account signed in on (trusted-devices.ts); sent only to the auth endpoints. */
export const deviceCookie = 'kv_device';
const refreshCookieDays = 30;

export { readCookie };

export type Visitor = { claims: JwtClaims; user: AccountUser };

/** Who is calling, plus any cookies the answer must set (a refreshed session, or clearing a dead one). */
export type ResolvedVisitor = { visitor: Visitor | null; cookies: string[] };

/**
 * The access cookie lives as long as the refresh cookie, past its token's own expiry (which every
 * check of it reads from the signed token, never from the cookie): a page printed per request
 * (src/server/pages/session-page.ts) receives only this cookie, and its absence must mean that
 * nobody is signed in, not that the token ran out while a refresh token waits at /api.
 */
export function sessionCookies(request: Request, session: Session): string[] {
  return [
    cookie(request, accessCookie, session.accessToken, '/', refreshCookieDays * 24 * 60 * 60),
    cookie(request, refreshCookie, session.refreshToken, '/api', refreshCookieDays * 24 * 60 * 60),
  ];
}

/** The browser that registered (registering-browsers.ts); sent only to the endpoint that confirms. */
export const registeringCookie = 'kv_registering';

export function registeringBrowserCookie(request: Request, secret: string): string {
  return cookie(request, registeringCookie, secret, apiRoutes.verifyEmail, registeringBrowserSeconds);
}

/** Kept on logout: the browser stays one its owner has signed in on. */
export function trustedDeviceCookie(request: Request, token: string): string {
  return cookie(request, deviceCookie, token, '/api/auth', trustedDeviceSeconds);
}

export function clearedSessionCookies(request: Request): string[] {
  return [cookie(request, accessCookie, '', '/', 0), cookie(request, refreshCookie, '', '/api', 0)];
}

/**
 * The claims with app_metadata.role as the database holds it now, so a role taken away (or given)
 * counts on the next request, in the services and in RLS alike, not when the access token is renewed.
 */
async function withCurrentRole(provider: AuthProvider, claims: JwtClaims): Promise<JwtClaims> {
  const role = await provider.readCurrentRole(claims.sub);
  const { role: _tokenRole, ...rest } = claims.app_metadata ?? {};
  return { ...claims, app_metadata: role === undefined ? rest : { ...rest, role } };
}

/**
 * The visitor of verified claims. The role is read afresh when the token claims one (a demotion must
 * bite at once, RLS included) or when `currentRole` asks for it (the admin endpoints, so a promotion
 * does too); a guest's token is taken at its word, sparing the database a query per request.
 */
async function visitorOf(provider: AuthProvider, claims: JwtClaims, currentRole: boolean): Promise<Visitor> {
  const current =
    currentRole || claims.app_metadata?.role !== undefined ? await withCurrentRole(provider, claims) : claims;
  return { claims: current, user: userOf(current) };
}

function userOf(claims: JwtClaims): AccountUser {
  return {
    id: claims.sub,
    email: claims.email ?? '',
    name: String(claims.user_metadata?.name ?? ''),
    isAdmin: claims.app_metadata?.role === 'admin',
  };
}

/**
 * Who a page request comes from, as far as it can tell: a page receives the access cookie only (the
 * refresh cookie goes to /api), so `unknown` is a token that has run out or no longer verifies,
 * which the page's island must take to `GET /api/auth/session` to be renewed; no cookie is set here.
 */
export async function readPageVisitor(
  request: Request,
): Promise<{ kind: 'signed-in'; visitor: Visitor } | { kind: 'signed-out' } | { kind: 'unknown' }> {
  const accessToken = readCookie(request, accessCookie);
  if (!accessToken) return { kind: 'signed-out' };
  const provider = authProvider();
  try {
    const claims = await provider.verifyAccessToken(accessToken);
    return { kind: 'signed-in', visitor: await visitorOf(provider, claims, false) };
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return { kind: 'unknown' };
  }
}

/**
 * Reads the session from the cookies: the access token if it is still good, otherwise a transparent
 * refresh with the refresh token. A session that cannot be renewed is cleared.
 */
export async function resolveVisitor(
  request: Request,
  { currentRole = false }: { currentRole?: boolean } = {},
): Promise<ResolvedVisitor> {
  const provider = authProvider();
  const accessToken = readCookie(request, accessCookie);
  const refreshToken = readCookie(request, refreshCookie);
  if (accessToken) {
    try {
      const claims = await provider.verifyAccessToken(accessToken);
      return { visitor: await visitorOf(provider, claims, currentRole), cookies: [] };
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
    }
  }
  if (!refreshToken) {
    return { visitor: null, cookies: accessToken ? clearedSessionCookies(request) : [] };
  }
  try {
    const session = await provider.refresh(refreshToken);
    const claims = await provider.verifyAccessToken(session.accessToken);
    return {
      visitor: await visitorOf(provider, claims, currentRole),
      cookies: sessionCookies(request, session),
    };
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    return { visitor: null, cookies: clearedSessionCookies(request) };
  }
}
