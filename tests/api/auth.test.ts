import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as adminCollection from '../../netlify/functions/admin-collection.mts';
import * as adminCollectionCsv from '../../netlify/functions/admin-collection-csv.mts';
import * as adminCollectionItem from '../../netlify/functions/admin-collection-item.mts';
import forgotPassword from '../../netlify/functions/auth-forgot-password.mts';
import login from '../../netlify/functions/auth-login.mts';
import logout from '../../netlify/functions/auth-logout.mts';
import register from '../../netlify/functions/auth-register.mts';
import resetPassword from '../../netlify/functions/auth-reset-password.mts';
import session from '../../netlify/functions/auth-session.mts';
import verifyEmail from '../../netlify/functions/auth-verify-email.mts';
import { createOrPromoteAdmin, revokeAdmin } from '../../src/server/auth/admins.ts';
import {
  asClient,
  cookiesFrom,
  getWithCookies,
  linkEmailedTo,
  newGuest,
  registerConfirmed,
  signIn,
  tokenEmailedTo,
} from '../support/accounts.ts';
import { adminRequest, invoke } from '../support/admins.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';
import { type SupabaseAuthStandIn, startSupabaseAuthStandIn } from '../support/supabase-auth-stand-in.ts';

/**
 * One suite, two implementations: the embedded auth on our database, and Supabase Auth through
 * supabase-js pointed at a local stand-in of its HTTP API. Both must behave the same to a guest.
 */

type Implementation = {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Signs an access token the way this implementation's issuer would, with the claims given. */
  forge(claims: Record<string, unknown>, expiresIn: string): Promise<string>;
  /** Makes the refresh tokens `email` has already rotated older than the grace for a concurrent reuse. */
  ageRotatedRefreshTokens(email: string): Promise<void>;
  /** Gives or takes the admin role the way an operator of this implementation does. */
  setAdmin(email: string, admin: boolean): Promise<void>;
};

let standIn: SupabaseAuthStandIn | undefined;
const supabaseVariables = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_JWT_SECRET'] as const;

const embedded: Implementation = {
  name: 'embedded auth',
  start: async () => {
    for (const name of supabaseVariables) delete process.env[name];
  },
  stop: async () => {},
  async forge(claims, expiresIn) {
    const [key] = await ownerQuery<{ secret: string }>('select secret from app_private.auth_signing_keys');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('kayal-villas/embedded-auth')
      .setAudience(String(claims.aud ?? 'authenticated'))
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(key?.secret));
  },
  async ageRotatedRefreshTokens(email) {
    await ownerQuery(
      `update app_private.refresh_tokens t set revoked_at = revoked_at - interval '1 minute'
       from app_private.sessions s join app_private.users u on u.id = s.user_id
       where t.session_id = s.id and t.revoked_at is not null and lower(u.email) = lower($1)`,
      [email],
    );
  },
  async setAdmin(email, admin) {
    if (admin) await createOrPromoteAdmin({ email });
    else await revokeAdmin({ email });
  },
};

const supabase: Implementation = {
  name: 'Supabase Auth (local stand-in)',
  async start() {
    standIn = await startSupabaseAuthStandIn({
      siteUrl: siteOrigin,
      outboxDir: process.env.OUTBOX_DIR as string,
      // GoTrue's own storage: the owner makes its auth.users table, as Supabase's platform does.
      databaseUrl: inject('databaseUrl'),
    });
    process.env.SUPABASE_URL = standIn.url;
    process.env.SUPABASE_ANON_KEY = standIn.anonKey;
    process.env.SUPABASE_JWT_SECRET = standIn.jwtSecret;
  },
  async stop() {
    for (const name of supabaseVariables) delete process.env[name];
    await standIn?.close();
  },
  forge(claims, expiresIn) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(`${standIn?.url}/auth/v1`)
      .setAudience(String(claims.aud ?? 'authenticated'))
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(standIn?.jwtSecret));
  },
  // GoTrue's reuse interval is zero in the stand-in: a rotated token is stale at once.
  ageRotatedRefreshTokens: async () => {},
  // The README's SQL on auth.users, which the stand-in keeps in the test database.
  setAdmin: (email, admin) =>
    standIn?.setAppMetadata(email, { role: admin ? 'admin' : null }) as Promise<void>,
};

const onlyRefreshCookie = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => pair.startsWith('kv_refresh='))
    .join('; ');

/**
 * Rate limits count in fixed windows of a minute: a test that needs several attempts in one window
 * starts early in a window rather than straddle two.
 */
async function startEarlyInARateWindow(secondsNeeded = 20) {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < secondsNeeded) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

async function loginStatus(email: string, password: string) {
  return (await login(jsonPost('/api/auth/login', { email, password }), asClient())).status;
}

async function currentUser(cookie: string) {
  const response = await session(getWithCookies('/api/auth/session', cookie), asClient());
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { email: string; name: string; isAdmin: boolean } | null };
  return { user: body.user, response };
}

describe.each([embedded, supabase])('$name', (implementation) => {
  beforeAll(() => implementation.start());
  afterAll(() => implementation.stop());

  describe('registration', () => {
    it('creates an unconfirmed account and emails a confirmation link; sign-in waits for the confirmation', async () => {
      const guest = newGuest();
      const response = await register(jsonPost('/api/auth/register', guest), asClient());
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ status: 'confirmation_sent', email: guest.email });

      const link = await linkEmailedTo(guest.email, '/verify-email');
      expect(link?.origin).toBe(siteOrigin);
      expect(link?.searchParams.get('next')).toBe('/account');

      const early = await login(jsonPost('/api/auth/login', guest), asClient());
      expect(early.status).toBe(403);
      expect(await early.json()).toMatchObject({ error: { code: 'email_not_confirmed' } });
      expect(early.headers.getSetCookie()).toEqual([]);
    });

    it('keeps where the guest was going in the confirmation link, and only if it is on this site', async () => {
      const guest = newGuest();
      const next = '/booking?property=kovalam-cliff-villa';
      await register(jsonPost('/api/auth/register', { ...guest, next }), asClient());
      expect((await linkEmailedTo(guest.email, '/verify-email'))?.searchParams.get('next')).toBe(next);
      const other = newGuest();
      await register(jsonPost('/api/auth/register', { ...other, next: '//evil.example/' }), asClient());
      expect((await linkEmailedTo(other.email, '/verify-email'))?.searchParams.get('next')).toBe('/account');
    });

    it('confirms the email once: the same link a second time is refused', async () => {
      const guest = newGuest();
      await register(jsonPost('/api/auth/register', guest), asClient());
      const token = await tokenEmailedTo(guest.email, '/verify-email');
      const first = await verifyEmail(jsonPost('/api/auth/verify-email', { token }), asClient());
      expect(first.status).toBe(200);
      const again = await verifyEmail(jsonPost('/api/auth/verify-email', { token }), asClient());
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ error: { code: 'invalid_token' } });
      const made = await verifyEmail(
        jsonPost('/api/auth/verify-email', { token: 'x'.repeat(43) }),
        asClient(),
      );
      expect(made.status).toBe(400);
    });

    it('signs in the browser that registered when it opens the link, and only that browser', async () => {
      const verify = (body: Record<string, unknown>, cookie = '') =>
        verifyEmail(jsonPost('/api/auth/verify-email', body, cookie ? { cookie } : {}), asClient());
      const sessionSet = (response: Response) =>
        response.headers.getSetCookie().some((cookie) => /^kv_access=[^;]/.test(cookie));

      // The registering browser gets its proof as an HttpOnly cookie sent only to the confirm endpoint.
      const guest = newGuest();
      const registered = await register(jsonPost('/api/auth/register', guest), asClient());
      const proof = registered.headers.getSetCookie().find((cookie) => cookie.startsWith('kv_registering='));
      expect(proof).toMatch(/HttpOnly/i);
      expect(proof).toMatch(/SameSite=Lax/i);
      expect(proof).toMatch(/Path=\/api\/auth\/verify-email/i);
      const browser = cookiesFrom(registered);
      const token = await tokenEmailedTo(guest.email, '/verify-email');

      // A mail scanner or any other browser opening the page: its question changes nothing.
      const scanned = await verify({ token, onlyWhereRegistered: true });
      expect(scanned.status).toBe(200);
      expect(await scanned.json()).toEqual({ status: 'press_to_confirm' });
      expect(scanned.headers.getSetCookie()).toEqual([]);
      expect(await loginStatus(guest.email, guest.password)).toBe(403);

      // The browser that registered: confirmed and signed in.
      const opened = await verify({ token, onlyWhereRegistered: true }, browser);
      expect(opened.status).toBe(200);
      expect(await opened.json()).toMatchObject({ status: 'signed_in', user: { email: guest.email } });
      expect(sessionSet(opened)).toBe(true);
      expect((await currentUser(cookiesFrom(opened))).user?.email).toBe(guest.email);

      // The link again in that browser: used, and it says so (elsewhere it waits for the button, as above).
      const again = await verify({ token, onlyWhereRegistered: true }, browser);
      expect(again.status).toBe(400);
      const refusal = (await again.json()) as { error: { code: string; message: string } };
      expect(refusal.error.code).toBe('invalid_token');
      if (implementation === embedded) expect(refusal.error.message).toMatch(/used already/);
    });

    it("never signs a browser in as the address it registered with someone else's link, unasked", async () => {
      const owner = newGuest();
      await register(jsonPost('/api/auth/register', owner), asClient());
      const token = await tokenEmailedTo(owner.email, '/verify-email');
      // The stranger registered another address on their browser, so holds a proof, for that address.
      const stranger = newGuest();
      const strangersBrowser = cookiesFrom(
        await register(jsonPost('/api/auth/register', stranger), asClient()),
      );

      const opened = await verifyEmail(
        jsonPost(
          '/api/auth/verify-email',
          { token, onlyWhereRegistered: true },
          { cookie: strangersBrowser },
        ),
        asClient(),
      );
      expect(opened.status).toBe(200);
      expect(await opened.json()).toEqual({ status: 'confirmed' });
      expect(opened.headers.getSetCookie().filter((cookie) => cookie.startsWith('kv_access='))).toEqual([]);
      expect((await currentUser(`${strangersBrowser}; ${cookiesFrom(opened)}`)).user).toBeNull();
      // The address is confirmed all the same: its owner signs in with their password.
      expect(await loginStatus(owner.email, owner.password)).toBe(200);
    });

    it('signs in the browser whose button is pressed (a mail app’s own), as the address of the link', async () => {
      const guest = newGuest();
      await register(jsonPost('/api/auth/register', guest), asClient());
      const token = await tokenEmailedTo(guest.email, '/verify-email');
      const pressed = await verifyEmail(jsonPost('/api/auth/verify-email', { token }), asClient());
      expect(pressed.status).toBe(200);
      expect(await pressed.json()).toMatchObject({ status: 'signed_in', user: { email: guest.email } });
      expect((await currentUser(cookiesFrom(pressed))).user?.email).toBe(guest.email);
    });

    it('answers a second sign-up for a confirmed address exactly like the first, and changes nothing', async () => {
      const guest = await registerConfirmed();
      const again = await register(
        jsonPost('/api/auth/register', { ...guest, name: 'Someone Else', password: 'another password 1' }),
        asClient(),
      );
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual({ status: 'confirmation_sent', email: guest.email });
      // The first password still works and the name is unchanged.
      const { user } = await currentUser(await signIn(guest));
      expect(user?.name).toBe(guest.name);
    });

    it('treats the email address in any letter case as the same account', async () => {
      const guest = await registerConfirmed();
      const cookie = await signIn({ email: guest.email.toUpperCase(), password: guest.password });
      expect((await currentUser(cookie)).user?.email.toLowerCase()).toBe(guest.email.toLowerCase());
    });

    it('confirms only the password of the registration whose link is opened, not a later registration of the address', async () => {
      const dave = newGuest({ name: 'Dave Mathew', password: 'daves own passphrase' });
      await register(jsonPost('/api/auth/register', dave), asClient());
      const davesLink = await tokenEmailedTo(dave.email, '/verify-email');
      const attacker = { ...dave, name: 'Not Dave', password: 'the attackers passphrase' };
      expect((await register(jsonPost('/api/auth/register', attacker), asClient())).status).toBe(201);

      const laterLink = await tokenEmailedTo(dave.email, '/verify-email');
      expect(laterLink).not.toBe(davesLink);

      // Supabase Auth keeps only the newest link and never lets a later registration change the password;
      // the embedded auth keeps each link with the registration that mailed it.
      const opened = await verifyEmail(jsonPost('/api/auth/verify-email', { token: davesLink }), asClient());
      if (implementation === embedded) {
        expect(opened.status).toBe(200);
        const later = await verifyEmail(jsonPost('/api/auth/verify-email', { token: laterLink }), asClient());
        expect(later.status).toBe(400);
      } else {
        expect(opened.status).toBe(400);
        const later = await verifyEmail(jsonPost('/api/auth/verify-email', { token: laterLink }), asClient());
        expect(later.status).toBe(200);
      }
      expect(await loginStatus(dave.email, attacker.password)).toBe(401);
      const { user } = await currentUser(await signIn(dave));
      expect(user).toMatchObject({ email: dave.email, name: 'Dave Mathew' });
    });
  });

  describe('sign-in and the session', () => {
    it('sets the session in HttpOnly, SameSite=Lax cookies and reports the signed-in guest', async () => {
      const guest = await registerConfirmed();
      const response = await login(jsonPost('/api/auth/login', guest), asClient());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        user: { id: expect.any(String), email: guest.email, name: guest.name, isAdmin: false },
      });
      const cookies = response.headers.getSetCookie();
      expect(cookies).toEqual([
        expect.stringMatching(/^kv_access=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/),
        expect.stringMatching(/^kv_refresh=[^;]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=2592000$/),
        expect.stringMatching(
          /^kv_device=[\w-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=15552000$/,
        ),
      ]);
      const { user } = await currentUser(cookiesFrom(response));
      expect(user).toMatchObject({ email: guest.email, name: guest.name });
    });

    it('marks the cookies Secure when the site is served over HTTPS', async () => {
      const guest = await registerConfirmed();
      const request = new Request('https://kayalvillas.example/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://kayalvillas.example' },
        body: JSON.stringify(guest),
      });
      // The site's configured address is the only origin accepted.
      process.env.SITE_URL = 'https://kayalvillas.example';
      try {
        const response = await login(request, asClient());
        expect(response.status).toBe(200);
        for (const cookie of response.headers.getSetCookie()) expect(cookie).toMatch(/; Secure$/);
      } finally {
        delete process.env.SITE_URL;
      }
    });

    it('refuses a wrong password and an unknown email with the same answer', async () => {
      const guest = await registerConfirmed();
      const wrong = await login(
        jsonPost('/api/auth/login', { ...guest, password: 'not the password' }),
        asClient(),
      );
      const unknown = await login(jsonPost('/api/auth/login', newGuest()), asClient());
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const [wrongBody, unknownBody] = [await wrong.json(), await unknown.json()];
      expect(wrongBody).toEqual(unknownBody);
      expect(wrongBody).toMatchObject({ error: { code: 'invalid_credentials' } });
    });

    it('answers a visitor without a session with user null, not an error', async () => {
      expect((await currentUser('')).user).toBeNull();
    });

    it('renews an expired access token from the refresh token without the guest noticing', async () => {
      const guest = await registerConfirmed();
      const cookie = await signIn(guest);
      const refreshOnly = cookie
        .split('; ')
        .filter((pair) => pair.startsWith('kv_refresh='))
        .join('; ');
      const { user, response } = await currentUser(refreshOnly);
      expect(user?.email).toBe(guest.email);
      const renewed = cookiesFrom(response);
      expect(renewed).toMatch(/kv_access=/);
      expect((await currentUser(renewed)).user?.email).toBe(guest.email);
    });

    it('refuses a tampered, expired, wrongly addressed or unsigned access token', async () => {
      const guest = await registerConfirmed();
      const cookie = await signIn(guest);
      const accessToken = /kv_access=([^;]+)/.exec(cookie)?.[1] as string;
      const [header, payload, signature] = accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const promoted = Buffer.from(JSON.stringify({ ...claims, app_metadata: { role: 'admin' } })).toString(
        'base64url',
      );

      const forgeries = {
        tampered: `${header}.${promoted}.${signature}`,
        unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
        expired: await implementation.forge({ ...claims, exp: undefined, iat: undefined }, '-1 minute'),
        'for another audience': await implementation.forge({ ...claims, aud: 'someone-else' }, '1 hour'),
        'not a user token': await implementation.forge({ ...claims, role: 'service_role' }, '1 hour'),
      };
      for (const [kind, token] of Object.entries(forgeries)) {
        const { user, response } = await currentUser(`kv_access=${token}`);
        expect(user, kind).toBeNull();
        // The dead cookie is cleared.
        expect(response.headers.getSetCookie().join(), kind).toMatch(/kv_access=; Path=\/; .*Max-Age=0/);
      }
    });
    it('ends the whole session when a refresh token already swapped for a new one is used again', async () => {
      const guest = await registerConfirmed();
      const stolen = onlyRefreshCookie(await signIn(guest));
      const { response } = await currentUser(stolen);
      const owners = cookiesFrom(response);
      expect(owners).toMatch(/kv_refresh=/);
      await implementation.ageRotatedRefreshTokens(guest.email);

      expect((await currentUser(stolen)).user).toBeNull();
      // The newest tokens, which whoever replayed the old one may hold, are dead too.
      expect((await currentUser(onlyRefreshCookie(owners))).user).toBeNull();
      if (implementation === embedded) expect((await currentUser(owners)).user).toBeNull();
    });
  });

  describe('wrong passwords', () => {
    it('lock new browsers out of an account for a while, but not its owner on a browser they signed in on before', async () => {
      const previous = process.env.AUTH_RATE_LIMIT;
      process.env.AUTH_RATE_LIMIT = '3';
      try {
        const owner = await registerConfirmed();
        await startEarlyInARateWindow();
        const ownBrowser = await signIn(owner);
        const device = /kv_device=[^;]+/.exec(ownBrowser)?.[0] ?? '';

        const guesses = [];
        for (let attempt = 0; attempt < 4; attempt++) {
          guesses.push(await loginStatus(owner.email, `guess number ${attempt} of many`));
        }
        expect(guesses).toEqual([401, 401, 401, 429]);
        // A browser the account never signed in on waits out the window, even with the right password...
        expect(await loginStatus(owner.email, owner.password)).toBe(429);
        // ...while the owner's own browser gets in.
        const own = await login(jsonPost('/api/auth/login', owner, { cookie: device }), asClient());
        expect(own.status).toBe(200);
      } finally {
        if (previous === undefined) delete process.env.AUTH_RATE_LIMIT;
        else process.env.AUTH_RATE_LIMIT = previous;
      }
    }, 60_000);
  });

  describe('the admin role', () => {
    const accessOnly = (cookie: string) =>
      cookie
        .split('; ')
        .filter((pair) => pair.startsWith('kv_access='))
        .join('; ');
    const listStatus = async (cookie: string) =>
      (await invoke(adminCollection, adminRequest('GET', '/api/admin/booking-requests?limit=5', { cookie })))
        .status;

    it('stops a demoted admin at the next request, though their access token still claims the role', async () => {
      const office = await registerConfirmed();
      await implementation.setAdmin(office.email, true);
      const cookie = accessOnly(await signIn(office));
      expect(await listStatus(cookie)).toBe(200);

      await implementation.setAdmin(office.email, false);
      expect(await listStatus(cookie)).toBe(403);
      const csv = await invoke(
        adminCollectionCsv,
        adminRequest('GET', '/api/admin/booking-requests.csv', { cookie }),
      );
      expect(csv.status).toBe(403);
      const id = await insertBookingRequest();
      const deleted = await invoke(
        adminCollectionItem,
        adminRequest('DELETE', `/api/admin/booking-requests/${id}`, { cookie }),
      );
      expect(deleted.status).toBe(403);
      expect(
        await ownerQuery('select 1 from booking_requests where id = $1 and deleted_at is null', [id]),
      ).toHaveLength(1);
      expect((await currentUser(cookie)).user?.isAdmin).toBe(false);
    });

    it('lets a newly made admin into the dashboard without signing in again', async () => {
      const office = await registerConfirmed();
      const cookie = accessOnly(await signIn(office));
      expect(await listStatus(cookie)).toBe(403);
      await implementation.setAdmin(office.email, true);
      expect(await listStatus(cookie)).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends the session on the server: neither the old access token nor the refresh token works after', async () => {
      const guest = await registerConfirmed();
      const cookie = await signIn(guest);
      const response = await logout(
        new Request(new URL('/api/auth/logout', siteOrigin), {
          method: 'POST',
          headers: { cookie, origin: siteOrigin },
        }),
        asClient(),
      );
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^kv_access=; Path=\/; .*Max-Age=0/),
        expect.stringMatching(/^kv_refresh=; Path=\/api; .*Max-Age=0/),
      ]);
      const refreshOnly = cookie
        .split('; ')
        .filter((pair) => pair.startsWith('kv_refresh='))
        .join('; ');
      expect((await currentUser(refreshOnly)).user).toBeNull();
      if (implementation === embedded) {
        // The embedded auth also refuses the access token at once; Supabase's lives until it expires.
        expect((await currentUser(cookie)).user).toBeNull();
      }
    });

    it('refuses a logout posted from another site', async () => {
      const response = await logout(
        new Request(new URL('/api/auth/logout', siteOrigin), {
          method: 'POST',
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        }),
        asClient(),
      );
      expect(response.status).toBe(403);
    });
  });

  describe('password reset', () => {
    it('gives the same answer for an unknown address and emails only a registered one', async () => {
      const stranger = newGuest();
      const unknown = await forgotPassword(
        jsonPost('/api/auth/forgot-password', { email: stranger.email }),
        asClient(),
      );
      const guest = await registerConfirmed();
      const known = await forgotPassword(
        jsonPost('/api/auth/forgot-password', { email: guest.email }),
        asClient(),
      );
      expect(unknown.status).toBe(202);
      expect(known.status).toBe(202);
      expect(await unknown.json()).toEqual(await known.json());
      expect(await linkEmailedTo(stranger.email, '/reset-password')).toBeUndefined();
      expect(await linkEmailedTo(guest.email, '/reset-password')).toBeDefined();
    });

    it('sets a new password from the emailed link once, and signs the old sessions out', async () => {
      const guest = await registerConfirmed();
      const before = await signIn(guest);
      await forgotPassword(jsonPost('/api/auth/forgot-password', { email: guest.email }), asClient());
      const token = await tokenEmailedTo(guest.email, '/reset-password');

      const weak = await resetPassword(
        jsonPost('/api/auth/reset-password', { token, password: 'short' }),
        asClient(),
      );
      expect(weak.status).toBe(422);
      expect(await weak.json()).toMatchObject({
        error: { fields: { password: 'Use at least 10 characters' } },
      });

      const password = 'a brand new passphrase';
      const reset = await resetPassword(
        jsonPost('/api/auth/reset-password', { token, password }),
        asClient(),
      );
      expect(reset.status).toBe(200);
      const reused = await resetPassword(
        jsonPost('/api/auth/reset-password', { token, password: 'yet another passphrase' }),
        asClient(),
      );
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: { code: 'invalid_token' } });

      const old = await login(jsonPost('/api/auth/login', guest), asClient());
      expect(old.status).toBe(401);
      await signIn({ email: guest.email, password });
      const refreshOnly = before
        .split('; ')
        .filter((pair) => pair.startsWith('kv_refresh='))
        .join('; ');
      expect((await currentUser(refreshOnly)).user).toBeNull();
    });
    it('leaves no older reset link working once a newer one was used', async () => {
      const guest = await registerConfirmed();
      await forgotPassword(jsonPost('/api/auth/forgot-password', { email: guest.email }), asClient());
      const older = await tokenEmailedTo(guest.email, '/reset-password');
      await forgotPassword(jsonPost('/api/auth/forgot-password', { email: guest.email }), asClient());
      const newer = await tokenEmailedTo(guest.email, '/reset-password');
      expect(newer).not.toBe(older);

      const password = 'the newest passphrase';
      const used = await resetPassword(
        jsonPost('/api/auth/reset-password', { token: newer, password }),
        asClient(),
      );
      expect(used.status).toBe(200);
      const replayed = await resetPassword(
        jsonPost('/api/auth/reset-password', { token: older, password: 'an older links passphrase' }),
        asClient(),
      );
      expect(replayed.status).toBe(400);
      expect(await replayed.json()).toMatchObject({ error: { code: 'invalid_token' } });
      expect(await loginStatus(guest.email, password)).toBe(200);
    });
  });
});

describe('auth endpoints refuse bad input with field messages and store nothing', () => {
  const cases: [string, (body: unknown) => Request, Record<string, unknown>, Record<string, string>][] = [
    [
      'register: nothing',
      (b) => jsonPost('/api/auth/register', b),
      {},
      { name: 'Enter your name', email: 'Enter your email address', password: 'Choose a password' },
    ],
    [
      'register: bad email',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), email: 'meera@' },
      { email: 'Enter a valid email address, like name@example.com' },
    ],
    [
      'register: a name of several lines (a forged notice in the confirmation email)',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), name: 'Meera,\n\nYour booking is on hold: pay at https://evil.example' },
      { name: 'Write your name on one line' },
    ],
    [
      'register: short password',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: 'kerala' },
      { password: 'Use at least 10 characters' },
    ],
    [
      'register: spaces only',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: ' '.repeat(12) },
      { password: 'A password cannot be only spaces' },
    ],
    [
      'register: huge password',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: 'x'.repeat(129) },
      { password: 'Use at most 128 characters' },
    ],
    [
      'register: a run of digits',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: '1234567890' },
      { password: 'Avoid runs like 1234567890 or qwerty: try three or four unrelated words.' },
    ],
    [
      'register: one letter over and over',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: 'aaaaaaaaaa' },
      { password: 'Avoid repeating characters (aaaa, abcabc): try three or four unrelated words.' },
    ],
    [
      'register: a common password with digits',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: 'password12' },
      { password: 'This is one of the most common passwords: try three or four unrelated words.' },
    ],
    [
      'register: the email address as the password',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest({ email: 'meera.pillai@example.com' }), password: 'meera.pillai@example.com' },
      {
        password: 'Leave your email address and name out of your password: they are the first things tried.',
      },
    ],
    [
      'register: a password on the long list of common ones',
      (b) => jsonPost('/api/auth/register', b),
      { ...newGuest(), password: 'starwars1234' },
      { password: 'This is similar to a commonly used password. Try three or four unrelated words.' },
    ],
    [
      'reset-password: a password on the long list of common ones',
      (b) => jsonPost('/api/auth/reset-password', b),
      { token: 'x'.repeat(43), password: '1qaz2wsx3edc' },
      { password: 'This is a commonly used password. Try three or four unrelated words.' },
    ],
    [
      'register: wrong types',
      (b) => jsonPost('/api/auth/register', b),
      { name: 5, email: [], password: null },
      { name: 'Enter your name', email: 'Enter your email address', password: 'Choose a password' },
    ],
    [
      'login: nothing',
      (b) => jsonPost('/api/auth/login', b),
      {},
      { email: 'Enter your email address', password: 'Enter your password' },
    ],
    [
      'forgot-password: bad email',
      (b) => jsonPost('/api/auth/forgot-password', b),
      { email: 'nobody' },
      { email: 'Enter a valid email address, like name@example.com' },
    ],
    [
      'reset-password: no token',
      (b) => jsonPost('/api/auth/reset-password', b),
      { password: 'a fine new password' },
      { token: 'This link is incomplete. Open the link from the email again.' },
    ],
    [
      'verify-email: odd token',
      (b) => jsonPost('/api/auth/verify-email', b),
      { token: '<script>alert(1)</script>xxxxxxxxxx' },
      { token: 'This link is not one we sent.' },
    ],
  ];
  const handlers = {
    register,
    login,
    'forgot-password': forgotPassword,
    'reset-password': resetPassword,
    'verify-email': verifyEmail,
  };

  it.each(cases)('%s → 422', async (label, build, body, fields) => {
    const handler = handlers[label.split(':')[0] as keyof typeof handlers];
    const response = await handler(build(body), asClient());
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'validation_failed', message: 'Some fields need your attention.', fields },
    });
    const email = (body as { email?: unknown }).email;
    if (typeof email === 'string') {
      expect(
        await ownerQuery('select 1 from app_private.users where lower(email) = lower($1)', [email]),
      ).toEqual([]);
    }
  });

  it.each([
    [
      'malformed JSON',
      new Request(new URL('/api/auth/login', siteOrigin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: siteOrigin },
        body: '{"email":',
      }),
      400,
    ],
    [
      'text/plain',
      new Request(new URL('/api/auth/login', siteOrigin), {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: siteOrigin },
        body: 'hi',
      }),
      415,
    ],
    ['GET', new Request(new URL('/api/auth/login', siteOrigin)), 405],
    ['another site', jsonPost('/api/auth/login', newGuest(), { origin: 'https://evil.example' }), 403],
    ['oversize', jsonPost('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(70_000) }), 413],
  ] as const)('login refuses %s with its status', async (_, request, status) => {
    const response = await login(request, asClient());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });
});

describe('embedded accounts at rest', () => {
  beforeAll(() => embedded.start());

  it('stores passwords as scrypt hashes and refresh tokens only as SHA-256 hashes', async () => {
    const guest = await registerConfirmed();
    const cookie = await signIn(guest);
    const refreshToken = /kv_refresh=([^;]+)/.exec(cookie)?.[1] as string;
    const [user] = await ownerQuery<{ password_hash: string; id: string }>(
      'select id, password_hash from app_private.users where email = $1',
      [guest.email],
    );
    // At the cost the tests set (vitest.config.ts); a live site's is OWASP's 17 (src/server/config.test.ts).
    expect(user?.password_hash).toMatch(
      new RegExp(`^scrypt\\$${process.env.PASSWORD_HASH_LOG_N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{86}$`),
    );
    expect(user?.password_hash).not.toContain(guest.password);
    const stored = await ownerQuery<{ token_hash: string }>(
      'select token_hash from app_private.refresh_tokens t join app_private.sessions s on s.id = t.session_id where s.user_id = $1',
      [user?.id],
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.token_hash).not.toBe(refreshToken);
    expect(stored.map((row) => row.token_hash)).toContain(
      (await import('node:crypto')).createHash('sha256').update(refreshToken).digest('hex'),
    );
  });

  it('refuses an access token that names a session of another user', async () => {
    const claimsIn = (cookie: string) => {
      const token = /kv_access=([^;]+)/.exec(cookie)?.[1] as string;
      return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    };
    const mine = claimsIn(await signIn(await registerConfirmed()));
    const theirs = claimsIn(await signIn(await registerConfirmed()));
    const mixed = await embedded.forge(
      { ...mine, session_id: theirs.session_id, exp: undefined, iat: undefined },
      '1 hour',
    );
    expect((await currentUser(`kv_access=${mixed}`)).user).toBeNull();
  });

  it('rate limits sign-in attempts per account, whatever address they come from', async () => {
    const previous = process.env.AUTH_RATE_LIMIT;
    process.env.AUTH_RATE_LIMIT = '3';
    try {
      const guest = newGuest();
      await startEarlyInARateWindow();
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await login(jsonPost('/api/auth/login', guest), asClient());
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      if (previous === undefined) delete process.env.AUTH_RATE_LIMIT;
      else process.env.AUTH_RATE_LIMIT = previous;
    }
  }, 60_000);
});
