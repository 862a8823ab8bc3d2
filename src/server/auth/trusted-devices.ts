import { createHash, randomBytes } from 'node:crypto';
import { serviceRole, withCaller } from '../db/database.ts';

/**
 * Browsers an account has signed in on. Wrong passwords from anywhere can lock an account's sign-in for
 * a minute; a browser its owner signed in on before is counted apart, so the owner still gets in.
 */

const trustedDays = 180;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The trusted browser's id when `token` (the device cookie) was issued to `account` and is unexpired. */
export async function findTrustedDevice(
  token: string | undefined,
  account: string,
): Promise<string | undefined> {
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query(
      'select 1 from app_private.trusted_devices where token_hash = $1 and account = lower($2) and expires_at > now()',
      [tokenHash, account],
    ),
  );
  return row ? tokenHash : undefined;
}

/** Trusts this browser for `account` after a correct password: answers the device cookie's token. */
export async function trustDevice(token: string | undefined, account: string): Promise<string> {
  if (await findTrustedDevice(token, account)) return token as string;
  const fresh = randomBytes(32).toString('base64url');
  await withCaller(serviceRole, async (tx) => {
    await tx.query(
      `insert into app_private.trusted_devices (token_hash, account, expires_at)
       values ($1, lower($2), now() + make_interval(days => $3))`,
      [hashToken(fresh), account, trustedDays],
    );
    // A rare sign-in sweeps the expired ones, so the table stays small.
    if (Math.random() < 0.01)
      await tx.query('delete from app_private.trusted_devices where expires_at < now()');
  });
  return fresh;
}

export const trustedDeviceSeconds = trustedDays * 24 * 60 * 60;
