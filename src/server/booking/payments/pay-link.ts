import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIsoDate } from '../../../lib/dates.ts';
import { payPath } from '../../../lib/paths.ts';
import { serviceRole, withCaller } from '../../db/database.ts';

/**
 * The link an email gives a guest to pay without signing in: `/pay/<reference>?until=<day>&sig=<mac>`,
 * signed (HMAC-SHA256, a key kept in the database) and good until the end of `until` in Kerala. It
 * lets its holder open a payment for what the booking owes, and nothing else: it reads no account.
 */

export type PayLink = { until: string; sig: string };

/** The signature of a link to pay `reference` until `until` (a `YYYY-MM-DD` day). */
export function signPayLink(key: string, reference: string, until: string): string {
  return createHmac('sha256', key).update(`pay-link:${reference}:${until}`).digest('base64url');
}

/** Whether `link` was signed by us for `reference` and `today` is not past its day. */
export function holdsPayLink(key: string, reference: string, link: Partial<PayLink>, today: string): boolean {
  if (!link.until || !link.sig || !isIsoDate(link.until) || link.until < today) return false;
  const expected = Buffer.from(signPayLink(key, reference, link.until));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The whole address of a signed link, for an email. */
export function payLinkUrl(key: string, siteUrl: string, reference: string, until: string): string {
  const query = new URLSearchParams({ until, sig: signPayLink(key, reference, until) });
  return `${siteUrl}${payPath(reference)}?${query}`;
}

let key: Promise<string> | undefined;

/**
 * The signing key, made once and kept in the database, read once per instance. Read before a caller's
 * transaction begins: a pool of one cannot open a second.
 */
export function readPayLinkKey(): Promise<string> {
  key ??= withCaller(serviceRole, async (tx) => {
    await tx.query(
      'insert into app_private.payment_link_keys (secret) values ($1) on conflict (id) do nothing',
      [randomBytes(48).toString('base64url')],
    );
    const [row] = await tx.query<{ secret: string }>('select secret from app_private.payment_link_keys');
    return row?.secret as string;
  }).catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}
