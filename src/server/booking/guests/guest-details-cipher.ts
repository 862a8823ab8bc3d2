import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readSettings } from '../../config.ts';
import { HttpError } from '../../http/responses.ts';

/**
 * Seals and opens the guests' details with AES-256-GCM under keys from the environment
 * (GUEST_DETAILS_KEY seals; it and GUEST_DETAILS_OLD_KEYS open), which the database never sees. Each
 * sealed text names its key by a short hash, so a key can rotate: set the new one, keep the old one in
 * GUEST_DETAILS_OLD_KEYS until every list sealed with it has been rewritten or deleted.
 */

export type Sealed = { details: string; keyId: string };

type Key = { id: string; bytes: Buffer };

const ivBytes = 12;
const tagBytes = 16;

/** A key's id: the first 16 hex digits of its SHA-256, which name it without revealing it. */
export const keyIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const toKey = (base64: string): Key => {
  const bytes = Buffer.from(base64.trim(), 'base64');
  return { id: keyIdOf(bytes), bytes };
};

/** Thrown when no key is set: the guest lists cannot be read or written until one is. */
export const keyMissing = () =>
  new HttpError(
    503,
    'service_unavailable',
    'Guest details cannot be stored or read: the server has no GUEST_DETAILS_KEY. Set one (openssl rand -base64 32).',
  );

function readKeys(): { current: Key; all: Map<string, Key> } {
  const settings = readSettings();
  if (!settings.GUEST_DETAILS_KEY) throw keyMissing();
  const current = toKey(settings.GUEST_DETAILS_KEY);
  const old = (settings.GUEST_DETAILS_OLD_KEYS ?? '').split(',').filter((key) => key.trim() !== '');
  return { current, all: new Map([current, ...old.map(toKey)].map((key) => [key.id, key])) };
}

/**
 * Seals `plain` under the current key, bound to `context` (the booking's id) as additional data: the
 * sealed text opens only beside the same context.
 */
export function seal(plain: string, context: string): Sealed {
  const { current } = readKeys();
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { details: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), keyId: current.id };
}

/** Opens what `seal` sealed; throws when its key is not configured or the text or context was changed. */
export function open({ details, keyId }: Sealed, context: string): string {
  const key = readKeys().all.get(keyId);
  if (!key) {
    throw new Error(
      `Guest details sealed with key ${keyId}, which neither GUEST_DETAILS_KEY nor GUEST_DETAILS_OLD_KEYS holds`,
    );
  }
  const sealed = Buffer.from(details, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, sealed.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(sealed.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * The key `npm start` seals with on the embedded database when GUEST_DETAILS_KEY is unset: read from
 * `file`, or made there on first use (readable by this user only). It lives beside the data, out of
 * git (.data/ is ignored) and out of the database, so a dump of the database alone opens nothing.
 */
export async function readOrMakeLocalKey(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  try {
    // `wx`: two servers starting at once keep the first one's key.
    await writeFile(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
