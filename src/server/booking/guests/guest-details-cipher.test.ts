import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/responses.ts';
import { keyIdOf, open, seal } from './guest-details-cipher.ts';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const saved = { key: process.env.GUEST_DETAILS_KEY, old: process.env.GUEST_DETAILS_OLD_KEYS };

function useKeys(key: string | undefined, old?: string) {
  if (key === undefined) delete process.env.GUEST_DETAILS_KEY;
  else process.env.GUEST_DETAILS_KEY = key;
  if (old === undefined) delete process.env.GUEST_DETAILS_OLD_KEYS;
  else process.env.GUEST_DETAILS_OLD_KEYS = old;
}

afterEach(() => useKeys(saved.key, saved.old));

const booking = '6f1c2d9e-0000-4000-8000-000000000001';
const plain = JSON.stringify({ guests: [{ name: 'Eleanor Whitcombe', passportNumber: 'K4817263' }] });

describe('sealing guest details', () => {
  it('opens what it sealed, and the sealed text holds none of it', () => {
    useKeys(keyA);
    const sealed = seal(plain, booking);
    expect(sealed.keyId).toBe(keyIdOf(Buffer.from(keyA, 'base64')));
    expect(Buffer.from(sealed.details, 'base64').toString('latin1')).not.toContain('K4817263');
    expect(open(sealed, booking)).toBe(plain);
  });

  it('seals the same text differently each time', () => {
    useKeys(keyA);
    expect(seal(plain, booking).details).not.toBe(seal(plain, booking).details);
  });

  it('refuses a text moved to another booking, or changed', () => {
    useKeys(keyA);
    const sealed = seal(plain, booking);
    expect(() => open(sealed, '6f1c2d9e-0000-4000-8000-000000000002')).toThrow();
    const bytes = Buffer.from(sealed.details, 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(() => open({ ...sealed, details: bytes.toString('base64') }, booking)).toThrow();
  });

  it('rotates: a new key seals, the old one still opens what it sealed while it is kept', () => {
    useKeys(keyA);
    const before = seal(plain, booking);
    useKeys(keyB, keyA);
    const after = seal(plain, booking);
    expect(after.keyId).not.toBe(before.keyId);
    expect(open(before, booking)).toBe(plain);
    expect(open(after, booking)).toBe(plain);
    useKeys(keyB);
    expect(() => open(before, booking)).toThrow(/neither GUEST_DETAILS_KEY nor GUEST_DETAILS_OLD_KEYS/);
  });

  it('answers 503 saying what to set when no key is configured', () => {
    useKeys(undefined);
    expect(() => seal(plain, booking)).toThrow(HttpError);
    try {
      seal(plain, booking);
    } catch (error) {
      expect((error as HttpError).status).toBe(503);
      expect((error as Error).message).toContain('GUEST_DETAILS_KEY');
    }
  });
});
