import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import forgotPassword from '../../netlify/functions/auth-forgot-password.mts';
import login from '../../netlify/functions/auth-login.mts';
import logout from '../../netlify/functions/auth-logout.mts';
import register from '../../netlify/functions/auth-register.mts';
import resetPassword from '../../netlify/functions/auth-reset-password.mts';
import session from '../../netlify/functions/auth-session.mts';
import verifyEmail from '../../netlify/functions/auth-verify-email.mts';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../src/features/auth/auth-contract.ts';
import { findGuessablePassword } from '../../src/server/auth/password-policy.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import {
  accountIdOf,
  asClient,
  type Guest,
  newGuest,
  registerConfirmed,
  signIn,
} from '../support/accounts.ts';
import {
  encodeBody,
  expectAnswer,
  expectPlainTextOnly,
  invalidUtf8,
  jsonBody,
  notASessionCookie,
  otherContentType,
  otherMethod,
  oversize,
  oversizeBody,
  type Post,
  sameSiteRequest,
  scriptPayload,
  wholeBody,
  wholeBodyText,
  withBytes,
} from '../support/bad-bodies.ts';
import { describeBadInput, withEnv } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against the account endpoints, on the embedded auth: each answer is a 4xx in
 * the API's one error shape, never a 5xx, and a refused request creates no account, starts no session
 * and issues no emailed token. Where a generated body might still be valid, the endpoint's schema is
 * the oracle, and the answer is what the endpoint gives a valid body (201 for a new account, 401 for a
 * password that does not match, …).
 */

type Handler = (request: Request, context: ReturnType<typeof asClient>) => Promise<Response>;

/** One account every generated sign-in, reset request and token aims at, and its id. */
let account: Guest & { id: string };

const count = async (sql: string, values: unknown[]) =>
  (await ownerQuery<{ rows: number }>(`select count(*)::int as rows from ${sql}`, values))[0]?.rows ?? 0;

/** Emailed tokens of the account that were spent: what a confirmation or reset that got through does. */
const spentTokens = () =>
  count('app_private.email_tokens where user_id = $1 and used_at is not null', [account.id]);

type AuthEndpoint = {
  endpoint: string;
  handler: Handler;
  schema: z.ZodObject;
  /** A body the schema accepts; `marker` makes its rows (if any) this request's own. */
  validBody: (marker: string) => Record<string, string>;
  /** What the endpoint answers a body its schema accepts, and how many rows `countRows` then gains. */
  accepted: (input: Record<string, unknown>, marker: string) => { status: number; stores: number };
  countRows: (marker: string) => Promise<number>;
  /**
   * Whether every body the schema accepts costs a scrypt hash (~0.3 s): such an endpoint gets fewer
   * runs, and no runs that only add extra fields to a valid body.
   */
  hashes: boolean;
};

const isTheAccount = (email: unknown) => String(email).toLowerCase() === account.email.toLowerCase();

/** Whether `typed` is the account's password to scrypt, which hashes both NFKC-normalised. */
const isThePassword = (typed: string) => typed.normalize('NFKC') === account.password.normalize('NFKC');

const endpoints: AuthEndpoint[] = [
  {
    endpoint: '/api/auth/register',
    handler: register,
    schema: registerSchema,
    validBody: (marker) => ({
      name: `Probe ${marker}`,
      email: `probe+${marker}@example.com`,
      password: 'backwater sunset 42',
      next: '/account',
    }),
    // A mutated body may keep the marker in neither field; its account exists, but cannot be counted.
    // Past the schema, the server checks the password against the long list of common ones.
    accepted: ({ name, email, password }, marker) =>
      findGuessablePassword(String(password), { email: String(email), name: String(name) })
        ? { status: 422, stores: 0 }
        : {
            status: 201,
            stores: [name, email].some((field) => String(field).includes(marker)) ? 1 : 0,
          },
    countRows: (marker) =>
      count('app_private.users where strpos(email, $1) > 0 or strpos(name, $1) > 0', [marker]),
    hashes: true,
  },
  {
    endpoint: '/api/auth/login',
    handler: login,
    schema: loginSchema,
    validBody: () => ({ email: account.email, password: account.password }),
    accepted: ({ email, password }) =>
      isTheAccount(email) && isThePassword(String(password))
        ? { status: 200, stores: 1 }
        : { status: 401, stores: 0 },
    countRows: () => count('app_private.sessions where user_id = $1', [account.id]),
    hashes: true,
  },
  {
    endpoint: '/api/auth/forgot-password',
    handler: forgotPassword,
    schema: forgotPasswordSchema,
    validBody: () => ({ email: account.email }),
    // The same answer for any address; only the account's owner gets a reset link.
    accepted: ({ email }) => ({ status: 202, stores: isTheAccount(email) ? 1 : 0 }),
    countRows: () =>
      count(`app_private.email_tokens where user_id = $1 and purpose = 'reset_password'`, [account.id]),
    hashes: false,
  },
  {
    endpoint: '/api/auth/reset-password',
    handler: resetPassword,
    schema: resetPasswordSchema,
    // A token of the right shape that was never sent.
    validBody: (marker) => ({ token: marker, password: 'a new backwater password' }),
    accepted: ({ password }) => ({
      status: findGuessablePassword(String(password)) ? 422 : 400,
      stores: 0,
    }),
    countRows: spentTokens,
    hashes: true,
  },
  {
    endpoint: '/api/auth/verify-email',
    handler: verifyEmail,
    schema: verifyEmailSchema,
    validBody: (marker) => ({ token: marker }),
    // The page's own call as it opens, from a browser that registered nothing (as these requests come),
    // changes nothing and asks for the button: 200 before the token is looked at. Otherwise the token
    // was never sent: 400.
    accepted: ({ onlyWhereRegistered }) => ({
      status: onlyWhereRegistered === true ? 200 : 400,
      stores: 0,
    }),
    countRows: spentTokens,
    hashes: false,
  },
];

// Seven endpoints share the file: fewer runs than the forms'.
const numRuns = propertyRuns(25);

// Every generated request is judged on its body; auth.test.ts proves the rate limit, and
// email-recipient-caps.test.ts the caps on emails to one mailbox.
withEnv('AUTH_RATE_LIMIT', '0');
withEnv('EMAIL_CAP_PER_HOUR', '0');
withEnv('EMAIL_CAP_PER_DAY', '0');
beforeAll(async () => {
  const guest = await registerConfirmed();
  account = { ...guest, id: await accountIdOf(guest.email) };
});

for (const auth of endpoints) {
  describeBadInput({
    name: auth.endpoint,
    schema: auth.schema,
    validBody: (marker) => auth.validBody(marker),
    send: (request) => auth.handler(sameSiteRequest(auth.endpoint, request), asClient()),
    observe: auth.countRows,
    accepted: (input, _sent, marker) => {
      const { status, stores } = auth.accepted(input, marker);
      return { status, changes: (rows: number) => rows + stores };
    },
    runs: auth.hashes ? propertyRuns(15) : numRuns,
    nul: {
      fields: Object.keys(auth.schema.shape).filter((field) => field !== 'next'),
      runs: propertyRuns(10),
    },
    sendsForms: true,
    minChanges: auth.hashes ? 1 : 0,
    method: 'POST',
  });
}

describe('bad input to /api/auth/logout and /api/auth/session (property-based)', () => {
  const endedSessions = () =>
    count('app_private.sessions where user_id = $1 and ended_at is not null', [account.id]);

  // Logout reads no body: whatever comes with it, the cookies go and the answer is the same.
  it('signs out with 200 and cleared cookies whatever body and non-session cookies come with it, ending no one’s session', async () => {
    const body: fc.Arbitrary<Post> = fc.oneof(
      oversize.map((shape) => oversizeBody(shape, { name: 'x' })),
      fc.tuple(invalidUtf8, fc.nat()).map(([bytes, at]) => withBytes(jsonBody('{"a":1}'), bytes, at)),
      fc
        .tuple(wholeBody, otherContentType)
        .map(([shape, contentType]) => ({ body: wholeBodyText(shape, {}), contentType })),
    );
    const cookie = await signIn(account);
    await fc.assert(
      fc.asyncProperty(body, notASessionCookie, async (request, cookies) => {
        const before = await endedSessions();
        const response = await logout(
          sameSiteRequest('/api/auth/logout', {
            ...request,
            headers: [...(request.headers ?? []), ['cookie', cookies]],
          }),
          asClient(),
        );
        expect(await expectAnswer(response, 200)).toBe(JSON.stringify({ status: 'signed_out' }));
        expect(response.headers.getSetCookie().every((set) => set.includes('Max-Age=0'))).toBe(true);
        expect(await endedSessions()).toBe(before);
      }),
      { numRuns },
    );
    // The account's own session outlived every generated logout.
    const still = await session(
      sameSiteRequest('/api/auth/session', { method: 'GET', headers: [['cookie', cookie]] }),
      asClient(),
    );
    expect(((await still.json()) as { user: { email: string } | null }).user?.email).toBe(account.email);
  });

  it('answers cookies that are no session with 200 and user null, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(notASessionCookie, async (cookies) => {
        const response = await session(
          sameSiteRequest('/api/auth/session', { method: 'GET', headers: [['cookie', cookies]] }),
          asClient(),
        );
        expect(await expectAnswer(response, 200)).toBe(JSON.stringify({ user: null }));
      }),
      { numRuns },
    );
  });

  it.each([
    ['/api/auth/logout', logout, 'POST'],
    ['/api/auth/session', session, 'GET'],
  ] as const)('answers another method on %s with 405 and Allow', async (pathname, handler, allowed) => {
    await fc.assert(
      fc.asyncProperty(otherMethod([allowed]), async (method) => {
        const response = await handler(sameSiteRequest(pathname, { method }), asClient());
        await expectAnswer(response, 405);
        expect(response.headers.get('allow')).toBe(allowed);
      }),
      { numRuns: 10 },
    );
  });
});

describe('a script-like name at registration', () => {
  it('is stored verbatim and kept out of the confirmation email, which is plain text with no HTML part', async () => {
    await fc.assert(
      fc.asyncProperty(scriptPayload, async (name) => {
        const guest = newGuest({ name });
        const sent = encodeBody({ name, email: guest.email, password: guest.password }, false);
        await expectAnswer(await register(sameSiteRequest('/api/auth/register', sent), asClient()), 201);
        const rows = await ownerQuery('select name from app_private.users where email = $1', [guest.email]);
        expect(rows).toEqual([{ name }]);
        const confirmation = (await readOutbox()).find((email) => email.to.includes(guest.email));
        // The email goes to an address nobody has confirmed yet: it carries nothing the registrant typed.
        expect(confirmation?.text).toMatch(/^Hello,\n/);
        expect(confirmation?.text).not.toContain(name);
        await expectPlainTextOnly(confirmation);
      }),
      // Each run hashes a password (~0.3 s).
      { numRuns: 5 },
    );
  });
});
