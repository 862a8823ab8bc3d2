import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { readLimit } from '../config.ts';

/** The key derivation every hash and check runs, in an object so a test can count the runs. */
export const keyDerivation = {
  scrypt: promisify(scrypt) as (
    password: string,
    salt: Buffer,
    keyLength: number,
    options: { N: number; r: number; p: number; maxmem: number },
  ) => Promise<Buffer>,
};

// OWASP's scrypt floor: N = 2^17, r = 8, p = 1 (128 MiB and ~0.75 s per hash on a 2-core machine);
// PASSWORD_HASH_LOG_N lowers N for the tests only (src/server/config.ts). The parameters are stored in
// each hash, so raising them later keeps old passwords working.
const current = () => ({ logN: readLimit('PASSWORD_HASH_LOG_N', 17), r: 8, p: 1 });
const keyLength = 64;

function costOptions(logN: number, r: number, p: number) {
  const N = 2 ** logN;
  return { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 };
}

/** A self-describing scrypt hash: `scrypt$17$8$1$<salt>$<key>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { logN, r, p } = current();
  const key = await keyDerivation.scrypt(
    password.normalize('NFKC'),
    salt,
    keyLength,
    costOptions(logN, r, p),
  );
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await keyDerivation.scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    costOptions(Number(logN), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const decoys = new Map<number, string>();

/**
 * A hash of the current cost that no password matches: a random salt and a random key. An address
 * without an account is checked against it, so its sign-in costs one scrypt run, as a wrong password for
 * a real account does. Made without a run of its own: a new function instance pays nothing extra.
 */
export function decoyPasswordHash(): string {
  const { logN, r, p } = current();
  let decoy = decoys.get(logN);
  if (!decoy) {
    const [salt, key] = [randomBytes(16), randomBytes(keyLength)].map((bytes) => bytes.toString('base64url'));
    decoy = ['scrypt', logN, r, p, salt, key].join('$');
    decoys.set(logN, decoy);
  }
  return decoy;
}

export async function spendTheTimeOfAPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, decoyPasswordHash());
}
