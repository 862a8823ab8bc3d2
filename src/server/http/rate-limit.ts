import { readLimit } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { HttpError } from './responses.ts';

/** At most `limit` requests of one key in any `windowSeconds`; a limit of 0 turns it off. */
export type RateLimit = { name: string; limit: number; windowSeconds: number };

/** Whether a request got a place in its limit's window, and if not, in how many seconds one frees. */
export type SlotAnswer = { taken: true } | { taken: false; retryAfterSeconds: number };

/**
 * The limits count in a window that slides with the clock: a request is let through when fewer than
 * `limit` requests of its key were let through in the `windowSeconds` before it. Fixed windows (a count
 * per calendar minute) would let twice the limit through across a minute's edge. The counts live in
 * Postgres (app_private.rate_limit_hits, one row per request let through) because local function
 * workers share no memory, and Netlify's instances nothing at all. Times are this process's clock,
 * passed to the database, so every rule here reads one clock.
 */

const bucketOf = (rule: RateLimit, key: string) => `${rule.name}:${key}`;

/** The hits still counting in the window that ends at `now`, oldest first. */
async function hitsInWindow(
  tx: Transaction,
  bucket: string,
  rule: RateLimit,
  now: number,
): Promise<number[]> {
  const rows = await tx.query<{ hit_at: Date }>(
    `select hit_at from app_private.rate_limit_hits
     where bucket = $1 and hit_at > $2 and hit_at <= $3
     order by hit_at`,
    [bucket, new Date(now - rule.windowSeconds * 1000), new Date(now)],
  );
  return rows.map((row) => row.hit_at.getTime());
}

/**
 * Seconds until a request would find a place: when enough of the oldest hits have left the window
 * that fewer than `limit` remain. With n ≥ limit hits, that is when the (n − limit)th oldest leaves.
 */
function secondsUntilPlace(hits: number[], rule: RateLimit, now: number): number {
  const leaving = hits[Math.max(0, hits.length - rule.limit)] ?? now;
  return Math.max(1, Math.ceil((leaving + rule.windowSeconds * 1000 - now) / 1000));
}

async function recordHit(tx: Transaction, bucket: string, rule: RateLimit, now: number): Promise<void> {
  await tx.query('insert into app_private.rate_limit_hits (bucket, hit_at, expires_at) values ($1, $2, $3)', [
    bucket,
    new Date(now),
    new Date(now + rule.windowSeconds * 1000),
  ]);
}

/**
 * Holds `key`'s bucket for `rule` until the caller's transaction ends, so work that must see the
 * bucket unchanged (taking a place, or more around it) runs one transaction at a time. Taken twice in
 * one transaction, it is simply held.
 */
export async function lockRateLimitBucket(tx: Transaction, rule: RateLimit, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [bucketOf(rule, key)]);
}

/**
 * Takes a place in `key`'s window for `rule` if one is free, in the caller's transaction (which must
 * run as service_role): the bucket's advisory lock, held to the end of that transaction, makes
 * concurrent requests take places one at a time, so none is given twice. A refused request takes
 * nothing. Also clears the bucket's hits that count no more, and now and then everyone's.
 */
export async function takeRateLimitSlot(
  tx: Transaction,
  rule: RateLimit,
  key: string,
  now = Date.now(),
): Promise<SlotAnswer> {
  if (rule.limit === 0) return { taken: true };
  const bucket = bucketOf(rule, key);
  await lockRateLimitBucket(tx, rule, key);
  await tx.query('delete from app_private.rate_limit_hits where bucket = $1 and expires_at <= $2', [
    bucket,
    new Date(now),
  ]);
  // Buckets nobody asks for again are swept by a rare request, by the database's own clock (a test's
  // clock may be far ahead of it).
  if (Math.random() < 0.01) {
    await tx.query('delete from app_private.rate_limit_hits where expires_at < now()');
  }
  const hits = await hitsInWindow(tx, bucket, rule, now);
  if (hits.length >= rule.limit)
    return { taken: false, retryAfterSeconds: secondsUntilPlace(hits, rule, now) };
  await recordHit(tx, bucket, rule, now);
  return { taken: true };
}

function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'rate_limited',
    'Too many requests. Please wait a moment and try again.',
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Lets the request through if `client` has a place in the window, counting it, or refuses it (429 with
 * Retry-After: the seconds until a place frees) without counting it.
 */
export async function enforceRateLimit(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const answer = await withCaller(serviceRole, (tx) => takeRateLimitSlot(tx, rule, client));
  if (!answer.taken) throw tooManyRequests(answer.retryAfterSeconds);
}

/**
 * For limits that count only some outcomes (failed sign-ins): refuses (429) once `client` has had
 * `limit` of them in the window, without counting this request; countRateLimitHit counts one.
 */
export async function refuseWhenLimitReached(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const now = Date.now();
  const hits = await withCaller(serviceRole, (tx) => hitsInWindow(tx, bucketOf(rule, client), rule, now));
  if (hits.length >= rule.limit) throw tooManyRequests(secondsUntilPlace(hits, rule, now));
}

/** Counts one outcome against `client` (see refuseWhenLimitReached), whatever the count already is. */
export async function countRateLimitHit(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  await withCaller(serviceRole, (tx) => recordHit(tx, bucketOf(rule, client), rule, Date.now()));
}

/** The limit for public forms: FORM_RATE_LIMIT submissions per client per minute (default 10). */
export function formRateLimit(form: string): RateLimit {
  return { name: `form:${form}`, limit: readLimit('FORM_RATE_LIMIT', 10), windowSeconds: 60 };
}

/**
 * The limit for sign-in, sign-up and password resets: AUTH_RATE_LIMIT attempts per minute (default 10),
 * counted per client and, separately, per account (for sign-in: per account and per trusted browser,
 * failures only), so neither one address nor one account can be hammered.
 */
export function authRateLimit(action: string, per: 'client' | 'account' | 'device'): RateLimit {
  return { name: `auth:${action}:${per}`, limit: readLimit('AUTH_RATE_LIMIT', 10), windowSeconds: 60 };
}
