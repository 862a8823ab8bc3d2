import { createHash, randomBytes, randomInt, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { sendEmail } from '../../src/server/email/email.ts';

/**
 * A local stand-in for Supabase Auth (GoTrue v2 behind Kong), with "Confirm email" on, so tests can drive
 * the production auth path through the real `@supabase/supabase-js` without a cloud project. It mirrors
 * the requests auth-js sends and the JSON it parses, including GoTrue's quirks (password checked before
 * confirmation, a fake user for a taken email, other sessions ended on a password change).
 */
export type SupabaseAuthStandIn = {
  url: string;
  anonKey: string;
  jwtSecret: string;
  /**
   * Sets app_metadata fields on a user (e.g. { role: 'admin' }; null removes a field), as an operator
   * would in the Supabase dashboard. Tokens issued before keep their old claims, as GoTrue's do.
   */
  setAppMetadata(email: string, metadata: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
};

export type SupabaseAuthStandInOptions = {
  jwtSecret?: string;
  siteUrl: string;
  outboxDir: string;
  accessTokenSeconds?: number;
  /**
   * GoTrue keeps its users in the project's Postgres (`auth.users`), where the server can read them.
   * With this, the stand-in keeps the columns the server reads there (id, email, raw_app_meta_data).
   */
  databaseUrl?: string;
};

type Json = Record<string, unknown>;
type OneTimeTokenKind = 'confirmation' | 'recovery';
type AmrEntry = { method: 'password' | 'otp'; timestamp: number };

type UserRecord = {
  id: string;
  email: string;
  passwordDigest: string;
  createdAt: string;
  updatedAt: string;
  emailConfirmedAt?: string;
  confirmationSentAt?: string;
  recoverySentAt?: string;
  lastSignInAt?: string;
  appMetadata: Json;
  userMetadata: Json;
  /** Like GoTrue's confirmation_token / recovery_token columns: one live token per kind, stored hashed. */
  oneTimeTokens: Partial<Record<OneTimeTokenKind, { digest: string; issuedAtMs: number }>>;
};
type SessionRecord = { id: string; userId: string; amr: AmrEntry[] };
type RefreshTokenRecord = { sessionId: string; revoked: boolean };
type Reply = { status: number; body?: unknown };
type AuthRequest = { query: URLSearchParams; headers: IncomingMessage['headers']; body: Json };

/** GoTrue's OTP_EXP default: emailed links work for one hour. */
const ONE_TIME_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const MINIMUM_PASSWORD_LENGTH = 6;
const API_VERSION_HEADER = 'x-supabase-api-version';
const CURRENT_API_VERSION = '2024-01-01';
/** What each emailed link is for; the README tells operators to make Supabase's templates link the same way. */
const LINK_EMAILS = {
  confirmation: { subject: 'Confirm your email', page: 'verify-email', action: 'confirm your email address' },
  recovery: { subject: 'Reset your password', page: 'reset-password', action: 'choose a new password' },
} as const;
/** Which stored token each `/verify` type may redeem. GoTrue's 'email' checks both: a recovery link then acts as a magic link. */
const TOKEN_KINDS_BY_VERIFY_TYPE: Record<string, OneTimeTokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  email: ['confirmation', 'recovery'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
};

/** An error GoTrue would answer with; rendered in the shape the request's API version asks for. */
class GoTrueError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly extra: Json;
  constructor(status: number, errorCode: string, message: string, extra: Json = {}) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.extra = extra;
  }
}

const now = () => new Date().toISOString();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** GoTrue's GenerateTokenHash: the hex SHA-224 of the address and the six-digit code. */
const tokenHashOf = (email: string, code: string) =>
  createHash('sha224').update(`${email}${code}`).digest('hex');
const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringField = (body: Json, name: string) =>
  typeof body[name] === 'string' ? (body[name] as string) : '';

function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${scryptSync(password, salt, 32).toString('hex')}`;
}

function passwordMatches(password: string, digest: string): boolean {
  // A user made by an email OTP has no password until one is set.
  if (!digest) return false;
  const [salt = '', expected = ''] = digest.split(':');
  return timingSafeEqual(scryptSync(password, salt, 32), Buffer.from(expected, 'hex'));
}

function requireStrongPassword(password: string): void {
  if (password.length < MINIMUM_PASSWORD_LENGTH) {
    const message = `Password should be at least ${MINIMUM_PASSWORD_LENGTH} characters.`;
    throw new GoTrueError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
  }
}

/** GoTrue stores addresses lower-cased, which is what makes any letter case the same account. */
function normalizedEmail(body: Json): string {
  const email = stringField(body, 'email').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

export async function startSupabaseAuthStandIn(
  options: SupabaseAuthStandInOptions,
): Promise<SupabaseAuthStandIn> {
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const signingKey = new TextEncoder().encode(jwtSecret);
  const accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const usersById = new Map<string, UserRecord>();
  const userIdsByEmail = new Map<string, string>();
  const sessions = new Map<string, SessionRecord>();
  const refreshTokens = new Map<string, RefreshTokenRecord>();
  let issuer = '';

  const findUserByEmail = (email: string) => usersById.get(userIdsByEmail.get(email) ?? '');

  const database = options.databaseUrl
    ? new pg.Pool({ connectionString: options.databaseUrl, max: 2 })
    : null;
  if (database) {
    await database
      .query(
        `create table if not exists auth.users (
           id uuid primary key, email text not null, raw_app_meta_data jsonb not null default '{}'::jsonb)`,
      )
      .catch((error: { code?: string }) => {
        // Another stand-in made it at the same moment.
        if (error.code !== '23505' && error.code !== '42P07') throw error;
      });
  }

  /** Writes the user's row in auth.users, as GoTrue's own storage would hold it. */
  async function storeUser(user: UserRecord): Promise<void> {
    await database?.query(
      `insert into auth.users (id, email, raw_app_meta_data) values ($1, $2, $3)
       on conflict (id) do update set email = excluded.email, raw_app_meta_data = excluded.raw_app_meta_data`,
      [user.id, user.email, JSON.stringify(user.appMetadata)],
    );
  }

  // ---- JSON shapes, as GoTrue's models serialise them (unset timestamps are omitted, not null) ----

  function emailIdentity(user: UserRecord): Json {
    return {
      identity_id: user.id,
      id: user.id,
      user_id: user.id,
      identity_data: {
        email: user.email,
        email_verified: Boolean(user.emailConfirmedAt),
        phone_verified: false,
        sub: user.id,
      },
      provider: 'email',
      last_sign_in_at: user.createdAt,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
      email: user.email,
    };
  }

  function userJson(user: UserRecord): Json {
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      email_confirmed_at: user.emailConfirmedAt,
      phone: '',
      confirmation_sent_at: user.confirmationSentAt,
      confirmed_at: user.emailConfirmedAt,
      recovery_sent_at: user.recoverySentAt,
      last_sign_in_at: user.lastSignInAt,
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [emailIdentity(user)],
      created_at: user.createdAt,
      updated_at: user.updatedAt,
      is_anonymous: false,
    };
  }

  /** GoTrue's sanitizeUser: a taken email gets a plausible user with a fresh id, no role and no identities. */
  function obfuscatedUserJson(email: string, data: Json): Json {
    const timestamp = now();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: timestamp,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: timestamp,
      updated_at: timestamp,
      is_anonymous: false,
    };
  }

  // ---- Tokens ----

  async function signAccessToken(
    user: UserRecord,
    session: SessionRecord,
    issuedAt: number,
  ): Promise<string> {
    return new SignJWT({
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(user.id)
      .setAudience('authenticated')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + accessTokenSeconds)
      .sign(signingKey);
  }

  async function sessionResponse(user: UserRecord, session: SessionRecord): Promise<Json> {
    const refreshToken = randomBytes(16).toString('base64url');
    refreshTokens.set(refreshToken, { sessionId: session.id, revoked: false });
    const issuedAt = Math.floor(Date.now() / 1000);
    return {
      access_token: await signAccessToken(user, session, issuedAt),
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: issuedAt + accessTokenSeconds,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  function startSession(user: UserRecord, method: AmrEntry['method']): SessionRecord {
    const session = {
      id: randomUUID(),
      userId: user.id,
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
    };
    sessions.set(session.id, session);
    user.lastSignInAt = now();
    return session;
  }

  /** Deleting a session takes its refresh tokens with it, as the foreign key cascade does in GoTrue. */
  function endSessions(shouldEnd: (session: SessionRecord) => boolean): void {
    for (const session of [...sessions.values()].filter(shouldEnd)) sessions.delete(session.id);
    for (const [token, record] of refreshTokens) {
      if (!sessions.has(record.sessionId)) refreshTokens.delete(token);
    }
  }

  /**
   * The README's confirmation and magic-link templates link to `{{ .RedirectTo }}&token={{ .TokenHash }}`
   * (our server passes `…/verify-email?next=…` as the redirect) and show `{{ .Token }}`, the six-digit
   * code; the recovery template links to `{{ .SiteURL }}/reset-password?token={{ .TokenHash }}`. As in
   * GoTrue, the token hash is the SHA-224 of the address and the code, so either redeems the other's token.
   */
  async function emailOneTimeLink(
    user: UserRecord,
    kind: OneTimeTokenKind,
    redirectTo?: string,
    subjectOverride?: string,
  ): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const tokenHash = tokenHashOf(user.email, code);
    user.oneTimeTokens[kind] = { digest: sha256(tokenHash), issuedAtMs: Date.now() };
    if (kind === 'confirmation') user.confirmationSentAt = now();
    else user.recoverySentAt = now();
    const { subject, page, action } = LINK_EMAILS[kind];
    const link = redirectTo?.includes('?')
      ? `${redirectTo}&token=${tokenHash}`
      : `${siteUrl}/${page}?token=${tokenHash}`;
    const text = `Follow this link to ${action}:\n\n${link}\n\nOr enter the code: ${code}\n\nIt works once, for one hour.\n`;
    await sendEmail(
      { to: user.email, subject: subjectOverride ?? subject, text },
      { OUTBOX_DIR: options.outboxDir },
    );
  }

  /** Finds and spends a one-time token; GoTrue answers every failure the same way so links can't be probed. */
  function redeemOneTimeToken(tokenHash: string, kinds: OneTimeTokenKind[]): UserRecord {
    const digest = sha256(tokenHash);
    for (const user of usersById.values()) {
      for (const kind of kinds) {
        const stored = user.oneTimeTokens[kind];
        if (stored?.digest !== digest) continue;
        delete user.oneTimeTokens[kind];
        if (Date.now() - stored.issuedAtMs <= ONE_TIME_TOKEN_LIFETIME_MS) return user;
      }
    }
    throw linkInvalidOrExpired();
  }

  const linkInvalidOrExpired = () =>
    new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');

  function confirmEmail(user: UserRecord): void {
    user.emailConfirmedAt ??= now();
    user.updatedAt = now();
    delete user.oneTimeTokens.confirmation;
  }

  /** GoTrue's requireAuthentication: a valid signature, then a user and a session that still exist. */
  async function authenticate(request: AuthRequest): Promise<{ user: UserRecord; session: SessionRecord }> {
    const bearer = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) {
      throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    const claims = await jwtVerify(bearer, signingKey, { algorithms: ['HS256'] }).then(
      (verified) => verified.payload,
      (error: unknown) => {
        const reason =
          error instanceof joseErrors.JWTExpired
            ? 'token has invalid claims: token is expired'
            : 'token signature is invalid';
        throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
      },
    );
    if (!claims.sub) throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = usersById.get(claims.sub);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const session = sessions.get(typeof claims.session_id === 'string' ? claims.session_id : '');
    if (!session) {
      throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, session };
  }

  // ---- Endpoints ----

  async function signUp({ body, query }: AuthRequest): Promise<Reply> {
    const email = normalizedEmail(body);
    const password = stringField(body, 'password');
    if (!password) throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
    requireStrongPassword(password);
    const data = isPlainObject(body.data) ? body.data : {};
    const existing = findUserByEmail(email);
    if (existing?.emailConfirmedAt) return { status: 200, body: obfuscatedUserJson(email, data) };
    // An unconfirmed account is not updated (GoTrue can't trust the claimed identity); the link is resent.
    const user = existing ?? (await createUser(email, password, data));
    await emailOneTimeLink(user, 'confirmation', query.get('redirect_to') ?? undefined);
    return { status: 200, body: userJson(user) };
  }

  async function createUser(email: string, password: string, data: Json): Promise<UserRecord> {
    const timestamp = now();
    const user: UserRecord = {
      id: randomUUID(),
      email,
      passwordDigest: password ? hashPassword(password) : '',
      createdAt: timestamp,
      updatedAt: timestamp,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      oneTimeTokens: {},
    };
    usersById.set(user.id, user);
    userIdsByEmail.set(email, user.id);
    await storeUser(user);
    return user;
  }

  async function token(request: AuthRequest): Promise<Reply> {
    const grantType = request.query.get('grant_type');
    if (grantType === 'password') return passwordGrant(request.body);
    if (grantType === 'refresh_token') return refreshTokenGrant(request.body);
    throw new GoTrueError(400, 'validation_failed', 'unsupported_grant_type');
  }

  async function passwordGrant(body: Json): Promise<Reply> {
    const user = findUserByEmail(stringField(body, 'email').trim().toLowerCase());
    // The password is checked first, so an unconfirmed account is only revealed to its owner.
    if (!user || !passwordMatches(stringField(body, 'password'), user.passwordDigest)) {
      throw new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.emailConfirmedAt) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
    return { status: 200, body: await sessionResponse(user, startSession(user, 'password')) };
  }

  async function refreshTokenGrant(body: Json): Promise<Reply> {
    const presented = refreshTokens.get(stringField(body, 'refresh_token'));
    const session = sessions.get(presented?.sessionId ?? '');
    const user = usersById.get(session?.userId ?? '');
    if (!presented || !session || !user) {
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    if (presented.revoked) {
      // Reuse detection (with a zero reuse interval): the whole token family of the session is revoked.
      for (const record of refreshTokens.values()) if (record.sessionId === session.id) record.revoked = true;
      throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    presented.revoked = true;
    return { status: 200, body: await sessionResponse(user, session) };
  }

  async function verify({ body }: AuthRequest): Promise<Reply> {
    const kinds = TOKEN_KINDS_BY_VERIFY_TYPE[stringField(body, 'type')];
    if (!kinds) throw new GoTrueError(400, 'validation_failed', 'Unsupported verification type');
    const tokenHash = stringField(body, 'token_hash');
    if (!tokenHash && !stringField(body, 'token')) {
      throw new GoTrueError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    // A six-digit code comes with its address, whose hash with it is the token hash.
    const email = stringField(body, 'email').trim().toLowerCase();
    const user = redeemOneTimeToken(tokenHash || tokenHashOf(email, stringField(body, 'token')), kinds);
    // Following any emailed link proves the address, recovery included.
    confirmEmail(user);
    return { status: 200, body: await sessionResponse(user, startSession(user, 'otp')) };
  }

  /**
   * GoTrue's /otp for an email: a new address gets an account (unless `create_user` is false, then 422
   * otp_disabled) and the confirmation email; a known one the magic link, which GoTrue keeps in the
   * recovery token's column. Both carry the link and the code.
   */
  async function otp({ body, query }: AuthRequest): Promise<Reply> {
    const email = normalizedEmail(body);
    const data = isPlainObject(body.data) ? body.data : {};
    let user = findUserByEmail(email);
    if (!user) {
      if (body.create_user === false) {
        throw new GoTrueError(422, 'otp_disabled', 'Signups not allowed for otp');
      }
      user = await createUser(email, '', data);
    }
    const redirectTo = query.get('redirect_to') ?? undefined;
    if (user.emailConfirmedAt) await emailOneTimeLink(user, 'recovery', redirectTo, 'Your Magic Link');
    else await emailOneTimeLink(user, 'confirmation', redirectTo);
    return { status: 200, body: {} };
  }

  async function recover({ body }: AuthRequest): Promise<Reply> {
    const user = findUserByEmail(normalizedEmail(body));
    if (user) await emailOneTimeLink(user, 'recovery');
    return { status: 200, body: {} };
  }

  async function logout(request: AuthRequest): Promise<Reply> {
    const { user, session } = await authenticate(request);
    const scope = request.query.get('scope') || 'global';
    const endsSession: Record<string, (candidate: SessionRecord) => boolean> = {
      local: (candidate) => candidate.id === session.id,
      others: (candidate) => candidate.userId === user.id && candidate.id !== session.id,
      global: (candidate) => candidate.userId === user.id,
    };
    const shouldEnd = endsSession[scope];
    if (!shouldEnd) throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    endSessions(shouldEnd);
    return { status: 204 };
  }

  async function getUser(request: AuthRequest): Promise<Reply> {
    const { user } = await authenticate(request);
    return { status: 200, body: userJson(user) };
  }

  async function updateUser(request: AuthRequest): Promise<Reply> {
    const { user, session } = await authenticate(request);
    const { body } = request;
    if (typeof body.email === 'string' || typeof body.phone === 'string') {
      throw new GoTrueError(422, 'validation_failed', 'The stand-in cannot change the email or phone');
    }
    if (typeof body.password === 'string') {
      requireStrongPassword(body.password);
      if (passwordMatches(body.password, user.passwordDigest)) {
        const message = 'New password should be different from the old password.';
        throw new GoTrueError(422, 'same_password', message);
      }
      user.passwordDigest = hashPassword(body.password);
      // GoTrue's UpdatePassword signs out every other session of the user.
      endSessions((candidate) => candidate.userId === user.id && candidate.id !== session.id);
    }
    if (isPlainObject(body.data)) user.userMetadata = mergeMetadata(user.userMetadata, body.data);
    user.updatedAt = now();
    return { status: 200, body: userJson(user) };
  }

  /** GoTrue merges metadata key by key; a null value removes the key. */
  function mergeMetadata(current: Json, changes: Json): Json {
    const merged = { ...current, ...changes };
    for (const [key, value] of Object.entries(changes)) if (value === null) delete merged[key];
    return merged;
  }

  const settings = async (): Promise<Reply> => ({
    status: 200,
    body: {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    },
  });
  const health = async (): Promise<Reply> => ({
    status: 200,
    body: { version: 'stand-in', name: 'GoTrue', description: 'Local stand-in for Supabase Auth' },
  });

  const routes = new Map<string, (request: AuthRequest) => Promise<Reply>>([
    ['POST /auth/v1/signup', signUp],
    ['POST /auth/v1/token', token],
    ['POST /auth/v1/verify', verify],
    ['POST /auth/v1/recover', recover],
    ['POST /auth/v1/otp', otp],
    ['POST /auth/v1/logout', logout],
    ['GET /auth/v1/user', getUser],
    ['PUT /auth/v1/user', updateUser],
    ['GET /auth/v1/settings', settings],
    ['GET /auth/v1/health', health],
  ]);

  // ---- HTTP ----

  const anonKey = await new SignJWT({ iss: 'supabase', ref: 'stand-in', role: 'anon' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(signingKey);

  async function readJsonBody(request: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8').trim();
    if (!text) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // Falls through to GoTrue's answer for a body that is not a JSON object.
    }
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
  }

  /** Since API version 2024-01-01 (which auth-js always asks for) errors are `{code, message}`; before, `{code, error_code, msg}`. */
  function sendError(request: IncomingMessage, response: ServerResponse, error: GoTrueError): void {
    const requested = request.headers[API_VERSION_HEADER];
    const speaksCurrentVersion =
      typeof requested === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(requested) &&
      requested >= CURRENT_API_VERSION;
    if (speaksCurrentVersion) response.setHeader(API_VERSION_HEADER, CURRENT_API_VERSION);
    const body = speaksCurrentVersion
      ? { code: error.errorCode, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra };
    sendJson(response, error.status, body);
  }

  function sendJson(response: ServerResponse, status: number, body?: unknown): void {
    if (body === undefined) {
      response.writeHead(status).end();
      return;
    }
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Kong checks the key before GoTrue sees anything, and answers in its own shape.
    const apiKey = request.headers.apikey;
    if (apiKey !== anonKey) {
      sendJson(response, 401, { message: apiKey ? 'Invalid API key' : 'No API key found in request' });
      return;
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = routes.get(`${request.method} ${url.pathname.replace(/\/+$/, '')}`);
    try {
      if (!route) throw new GoTrueError(404, 'not_found', 'Not Found');
      const body = request.method === 'GET' ? {} : await readJsonBody(request);
      const reply = await route({ query: url.searchParams, headers: request.headers, body });
      sendJson(response, reply.status, reply.body);
    } catch (error) {
      if (error instanceof GoTrueError) sendError(request, response, error);
      else sendError(request, response, new GoTrueError(500, 'unexpected_failure', String(error)));
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${url}/auth/v1`;

  return {
    url,
    anonKey,
    jwtSecret,
    async setAppMetadata(email, metadata) {
      const user = findUserByEmail(email.trim().toLowerCase());
      if (!user) throw new Error(`No account for ${email} in the Supabase Auth stand-in`);
      user.appMetadata = mergeMetadata(user.appMetadata, metadata);
      user.updatedAt = now();
      await storeUser(user);
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        // supabase-js keeps connections alive; without this, close() would wait for them to idle out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await database?.end();
    },
  };
}
