import { readLimit } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { HttpError } from './responses.ts';

export type RateLimit = { name: string; limit: number; windowSeconds: number };

/**
 * Counts a hit for `client` in the current fixed window and refuses it (429 with Retry-After) past the
 * limit. The count lives in Postgres because local function workers share no memory; one upsert per
 * hit, so concurrent requests never lose a count. A limit of 0 turns it off.
 */
export async function enforceRateLimit(rule: RateLimit, client: string): Promise<void> {
  if (rule.limit === 0) return;
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const hits = await withCaller(serviceRole, async (tx) => {
    const [row] = await tx.query<{ hits: number }>(
      `insert into app_private.rate_limit_counters (bucket, window_start, hits) values ($1, $2, 1)
       on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits`,
      [`${rule.name}:${client}`, windowStart],
    );
    // Old windows are worthless; a rare request sweeps them so the table stays small.
    if (Math.random() < 0.01) {
      await tx.query(
        `delete from app_private.rate_limit_counters where window_start < now() - interval '1 day'`,
      );
    }
    return row?.hits ?? 0;
  });
  if (hits > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
    throw new HttpError(
      429,
      'rate_limited',
      'Too many requests. Please wait a moment and try again.',
      undefined,
      {
        'retry-after': String(retryAfter),
      },
    );
  }
}

/** The limit for public forms: FORM_RATE_LIMIT submissions per client per minute (default 10). */
export function formRateLimit(form: string): RateLimit {
  return { name: `form:${form}`, limit: readLimit('FORM_RATE_LIMIT', 10), windowSeconds: 60 };
}

/**
 * The limit for sign-in, sign-up and password resets: AUTH_RATE_LIMIT attempts per minute (default 10),
 * counted per client and, separately, per account, so neither one address nor one account can be
 * hammered.
 */
export function authRateLimit(action: string, per: 'client' | 'account'): RateLimit {
  return { name: `auth:${action}:${per}`, limit: readLimit('AUTH_RATE_LIMIT', 10), windowSeconds: 60 };
}
