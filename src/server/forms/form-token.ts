import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formTokenField } from '../../lib/public-forms.ts';
import { readLimit } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { cookie, readCookie } from '../http/cookies.ts';
import { HttpError } from '../http/responses.ts';

/**
 * A public form's token: the time our server handed it out, signed (HMAC-SHA256 with a key kept in the
 * database). The pages are static HTML, so the token cannot be in them; it comes with the page all
 * the same, without JavaScript: the page loads a pixel (`<img src="/api/form-token?as=image">`) as it
 * loads, whose answer sets it as a cookie, and an island fetches the same token as JSON (with how long
 * until it may be posted, which the island waits out) and posts it in the body. A post
 * is taken when either carries a token of ours at least FORM_MIN_FILL_SECONDS old and under a day old.
 * A form bot that posts the instant it has fetched a page, or posts without loading the page's parts,
 * has none; a person has spent longer than that typing. docs/decisions.md weighs the other designs.
 */

export const formTokenRules = {
  /** Past this, a token is refused: a page left open longer is handed a new one when it posts. */
  lifetimeSeconds: 24 * 60 * 60,
  /**
   * A token younger than this is handed out again rather than a new one, so a reload or a second
   * page of the site keeps the time of the first (a new token would restart the wait).
   */
  reuseSeconds: 12 * 60 * 60,
  /** How far ahead of this instance's clock another instance's may be. */
  clockSkewSeconds: 5,
};

/** FORM_MIN_FILL_SECONDS (default 3): how long after its token a post may come; 0, any time. */
export const minimumFillSeconds = () => readLimit('FORM_MIN_FILL_SECONDS', 3);

/** The cookie that carries the token to the form endpoints: sent only to /api. */
export const formTokenCookie = 'kv_form_token';

const tokenPattern = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

export function signFormToken(key: string, issuedAt: number): string {
  const mac = createHmac('sha256', key).update(`form-token:${issuedAt}`).digest('base64url');
  return `${issuedAt}.${mac}`;
}

/** When a token of ours was handed out; undefined for anything else (forged, malformed, not text). */
export function readFormToken(key: string, token: unknown): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signFormToken(key, issuedAt));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issuedAt : undefined;
}

/** A post's token, judged: it may be taken, it came too soon (and when it may), or it is none of ours. */
export type FormTokenVerdict = 'ready' | 'too_soon' | 'invalid';

export function judgeFormToken(
  issuedAt: number | undefined,
  now: number,
  minimumSeconds: number,
  rules = formTokenRules,
): FormTokenVerdict {
  if (issuedAt === undefined) return 'invalid';
  const age = now - issuedAt;
  if (age < -rules.clockSkewSeconds * 1000 || age > rules.lifetimeSeconds * 1000) return 'invalid';
  return age < minimumSeconds * 1000 ? 'too_soon' : 'ready';
}

let key: Promise<string> | undefined;

/**
 * The signing key, made once and kept in the database, read once per instance. Read before a caller's
 * transaction begins: a pool of one cannot open a second.
 */
export function readFormTokenKey(): Promise<string> {
  key ??= withCaller(serviceRole, async (tx) => {
    await tx.query(
      'insert into app_private.form_token_keys (secret) values ($1) on conflict (id) do nothing',
      [randomBytes(48).toString('base64url')],
    );
    const [row] = await tx.query<{ secret: string }>('select secret from app_private.form_token_keys');
    return row?.secret as string;
  }).catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

const formTokenCookieOf = (request: Request, token: string, issuedAt: number, now: number) =>
  cookie(
    request,
    formTokenCookie,
    token,
    '/api',
    Math.max(1, Math.floor(formTokenRules.lifetimeSeconds - (now - issuedAt) / 1000)),
  );

/**
 * The token to hand a visitor: the one their cookie already carries while it is younger than
 * `reuseSeconds`, otherwise a new one; with the Set-Cookie that (re)sets it.
 */
export async function handOutFormToken(request: Request, now = Date.now()) {
  const secret = await readFormTokenKey();
  const current = readCookie(request, formTokenCookie);
  const issued = readFormToken(secret, current);
  const kept =
    issued !== undefined &&
    judgeFormToken(issued, now, 0) === 'ready' &&
    now - issued < formTokenRules.reuseSeconds * 1000;
  const issuedAt = kept ? issued : now;
  const token = kept && current ? current : signFormToken(secret, now);
  // An island waits this long before it posts, so a quick person is never told they were too quick.
  const readyInMs = Math.max(0, issuedAt + minimumFillSeconds() * 1000 - now);
  return { token, readyInMs, setCookie: formTokenCookieOf(request, token, issuedAt, now) };
}

/** Whether a post's token lets it through; if not, the refusal and the token its next try should carry. */
export type FormTokenCheck = { ready: true } | { ready: false; refusal: HttpError; next: string };

/**
 * Lets a form post through when its body's token or its cookie is ready. Otherwise the refusal: 422
 * with a message on the token field and the form-wide message, both saying to send it again, and the
 * token the next try should carry (the same one if it only came too soon, else a new one), set as a
 * cookie, and in `next` for the hidden field of the form a no-JavaScript post is answered with.
 */
export async function checkFormToken(
  request: Request,
  body: unknown,
  now = Date.now(),
): Promise<FormTokenCheck> {
  const secret = await readFormTokenKey();
  const minimum = minimumFillSeconds();
  const offered = [
    (body as Record<string, unknown> | null)?.[formTokenField],
    readCookie(request, formTokenCookie),
  ];
  let waiting: { token: string; issuedAt: number } | undefined;
  for (const token of offered) {
    const issuedAt = readFormToken(secret, token);
    const verdict = judgeFormToken(issuedAt, now, minimum);
    if (verdict === 'ready') return { ready: true };
    if (verdict === 'too_soon' && typeof token === 'string' && issuedAt !== undefined)
      waiting ??= { token, issuedAt };
  }
  const next = waiting ?? { token: signFormToken(secret, now), issuedAt: now };
  const message = waiting
    ? 'This came sooner than a person can fill in the form, so it has not been sent yet. Please check it and press the button again in a moment: what you wrote is still here.'
    : 'We could not tell that this came from our form page, so it has not been sent yet. Please press the button again in a moment: what you wrote is still here.';
  const refusal = new HttpError(
    422,
    'validation_failed',
    message,
    { [formTokenField]: message },
    {
      'set-cookie': formTokenCookieOf(request, next.token, next.issuedAt, now),
    },
  );
  return { ready: false, refusal, next: next.token };
}
