import { describe, expect, it } from 'vitest';
import { formTokenRules, judgeFormToken, readFormToken, signFormToken } from './form-token.ts';

const key = 'a key of at least thirty-two characters, for tests';
const issuedAt = Date.UTC(2026, 10, 25, 9, 0, 0);
const second = 1000;

describe('readFormToken', () => {
  it('reads back the time of a token it signed', () => {
    expect(readFormToken(key, signFormToken(key, issuedAt))).toBe(issuedAt);
  });

  it.each([
    ['signed with another key', signFormToken(`${key}!`, issuedAt)],
    [
      'its time changed',
      signFormToken(key, issuedAt).replace(String(issuedAt), String(issuedAt - 60 * second)),
    ],
    ['its signature cut short', signFormToken(key, issuedAt).slice(0, -1)],
    ['empty', ''],
    ['not text', issuedAt],
    ['missing', undefined],
  ])('reads nothing from a token %s', (_case, token) => {
    expect(readFormToken(key, token)).toBeUndefined();
  });
});

describe('judgeFormToken', () => {
  const day = formTokenRules.lifetimeSeconds * second;
  it.each([
    ['no token', undefined, issuedAt, 'invalid'],
    ['at once', issuedAt, issuedAt, 'too_soon'],
    ['2.9 s after', issuedAt, issuedAt + 2900, 'too_soon'],
    ['3 s after', issuedAt, issuedAt + 3 * second, 'ready'],
    ['a day after', issuedAt, issuedAt + day, 'ready'],
    ['a day and a second after', issuedAt, issuedAt + day + second, 'invalid'],
    ['from a clock 5 s ahead', issuedAt + 5 * second, issuedAt, 'too_soon'],
    ['from a clock 6 s ahead', issuedAt + 6 * second, issuedAt, 'invalid'],
  ] as const)('judges a post %s (3 s to wait)', (_case, issued, now, verdict) => {
    expect(judgeFormToken(issued, now, 3)).toBe(verdict);
  });

  it('takes any post of a token under a day old when there is no wait', () => {
    expect(judgeFormToken(issuedAt, issuedAt, 0)).toBe('ready');
  });
});
