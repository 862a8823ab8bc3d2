import { readLimit } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { HttpError } from './responses.ts';

export type RateLimit = { name: string; limit: number; windowSeconds: number };

function currentWindow(rule: RateLimit) {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  return { start, end: start.getTime() + windowMs };
}

function tooManyRequests(windowEnd: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil((windowEnd - Date.now()) / 1000));
  return new HttpError(
    429,
    'rate_limited',
    'Too many requests. Please wait a moment and try again.',
    undefined,
    {
      'retry-after': String(retryAfter),
    },
  );
}

/** One upsert per hit, so concurrent requests never lose a count; answers the window's count so far. */
async function countHit(tx: Transaction, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await tx.query<{ hits: number }>(
    `insert into app_private.rate_limit_counters (bucket, window_start, hits) values ($1, $2, 1)
     on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
     returning hits`,
    [bucket, windowStart],
  );
  // Old windows are worthless; a rare request sweeps them so the table stays small.
  if (Math.random() < 0.01) {
    await tx.query(
      `delete from app_private.rate_limit_counters where window_start < now() - interval '1 day'`,
    );
  }
  return row?.hits ?? 0;
}

/**
 * Counts a hit for `client` in the current fixed window and refuses it (429 with Retry-After) past the
 * limit. The count lives in Postgres because local function workers share no memory. A limit of 0
 * turns it off.
 */
export async function enforceRateLimit(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const window = currentWindow(rule);
  const hits = await withCaller(serviceRole, (tx) => countHit(tx, `${rule.name}:${client}`, window.start));
  if (hits > rule.limit) throw tooManyRequests(window.end);
}

/**
 * For limits that count only some outcomes (failed sign-ins): refuses (429) once `client` has had
 * `limit` of them in the current window, without counting this request; countRateLimitHit counts one.
 */
export async function refuseWhenLimitReached(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const window = currentWindow(rule);
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query<{ hits: number }>(
      'select hits from app_private.rate_limit_counters where bucket = $1 and window_start = $2',
      [`${rule.name}:${client}`, window.start],
    ),
  );
  if ((row?.hits ?? 0) >= rule.limit) throw tooManyRequests(window.end);
}

export async function countRateLimitHit(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const window = currentWindow(rule);
  await withCaller(serviceRole, (tx) => countHit(tx, `${rule.name}:${client}`, window.start));
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
