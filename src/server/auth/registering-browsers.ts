import { createHash, randomBytes } from 'node:crypto';
import { serviceRole, withCaller } from '../db/database.ts';

/**
 * The proof that a confirmation link is opened in the browser that registered, which lets that link
 * sign the guest in as well as confirm the address.
 *
 * Registering sets an HttpOnly cookie (`kv_registering`, SameSite=Lax, sent only to the confirm
 * endpoint) holding 32 random bytes; the database keeps their SHA-256 hash beside the address
 * registered, for as long as the link lasts. The link's own token proves the mailbox; the cookie proves
 * the browser: only a browser holding both is signed in, and only as the address that browser
 * registered. A stranger's browser (or a mail scanner) has no cookie, or one for another address, so
 * the same link only confirms there, and only when its button is pressed. The cookie cannot be read by
 * a script, nor sent by another site's form (SameSite). Proof and cookie last as long as the link (24
 * hours) and are kept after it is used: the link itself works once, and a confirmed address is sent no
 * new one, so all a kept proof still does is let that browser hear that its link was used.
 */

const linkHours = 24;
export const registeringBrowserSeconds = linkHours * 60 * 60;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Remembers that this browser registered `account`: answers the secret its cookie carries. */
export async function rememberRegisteringBrowser(account: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await withCaller(serviceRole, async (tx) => {
    await tx.query(
      `insert into app_private.registering_browsers (secret_hash, account, expires_at)
       values ($1, lower($2), now() + make_interval(hours => $3))`,
      [hashSecret(secret), account, linkHours],
    );
  });
  return secret;
}

/**
 * Forgets the browsers whose links have expired, so the table holds only the last day's registrations:
 * the daily purge (`purge-trash`, `npm run trash:purge`) calls it. Answers how many it forgot.
 */
export async function forgetExpiredRegisteringBrowsers(): Promise<number> {
  const forgotten = await withCaller(serviceRole, (tx) =>
    tx.query('delete from app_private.registering_browsers where expires_at < now() returning 1'),
  );
  return forgotten.length;
}

/** The address the browser holding `secret` registered, while its link can still be used. */
export async function findRegisteredAccount(secret: string | undefined): Promise<string | undefined> {
  if (!secret || !/^[\w-]{43}$/.test(secret)) return undefined;
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query<{ account: string }>(
      'select account from app_private.registering_browsers where secret_hash = $1 and expires_at > now()',
      [hashSecret(secret)],
    ),
  );
  return row?.account;
}
