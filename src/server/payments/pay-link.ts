import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIsoDate } from '../../lib/dates.ts';
import { type LedgerTerms, summariseLedger } from '../../lib/ledger.ts';
import { payPath } from '../../lib/paths.ts';
import { choosePaymentDue } from '../../lib/payment-due.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';

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

/**
 * The "Pay the deposit (£662.50)" line of a confirmation email: what is due on confirmation (all of it
 * when the balance's date has passed), with a signed link good until the arrival day.
 */
export async function payLinkForConfirmation(
  tx: Transaction,
  booking: {
    reference: string;
    arrival: string;
    quote: Pick<LedgerTerms, 'totalPence' | 'depositPence' | 'balanceDueDate'>;
  },
  siteUrl: string,
  today: string,
): Promise<{ label: string; url: string } | undefined> {
  const { totalPence, depositPence, balanceDueDate } = booking.quote;
  const terms = {
    totalPence,
    depositPence,
    balanceDueDate: balanceDueDate !== null && balanceDueDate > today ? balanceDueDate : null,
    confirmedOn: today,
  };
  const due = choosePaymentDue({ ...terms, ...summariseLedger(terms, 0, today) });
  if (!due) return undefined;
  return {
    label: due.label,
    url: payLinkUrl(await readPayLinkKeyIn(tx), siteUrl, booking.reference, booking.arrival),
  };
}

/** The key, made if there is none yet, read within `tx` (as the server): for a caller already in one. */
export async function readPayLinkKeyIn(tx: Transaction): Promise<string> {
  return tx.as(serviceRole, async () => {
    await tx.query(
      'insert into app_private.payment_link_keys (secret) values ($1) on conflict (id) do nothing',
      [randomBytes(48).toString('base64url')],
    );
    const [row] = await tx.query<{ secret: string }>('select secret from app_private.payment_link_keys');
    return row?.secret as string;
  });
}

let key: Promise<string> | undefined;

/**
 * The signing key, made once and kept in the database, read once per instance. Read before a caller's
 * transaction begins: a pool of one cannot open a second.
 */
export function readPayLinkKey(): Promise<string> {
  key ??= withCaller(serviceRole, readPayLinkKeyIn).catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}
