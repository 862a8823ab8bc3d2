import { describe, expect, it } from 'vitest';
import { ratePassword } from './password-strength.ts';

describe('ratePassword', () => {
  it.each([
    ['', 0, 'Empty'],
    ['short', 1, 'Too short'],
    ['password1234', 1, 'Weak'],
    ['aaaaaaaaaaaa', 1, 'Weak'],
    ['abcabcabcabc', 1, 'Weak'],
    ['backwatersun', 2, 'Fair'],
    ['Backwater-sun9', 4, 'Strong'],
    ['houseboat lagoon monsoon', 4, 'Strong'],
  ] as const)('rates %j as %s (%s)', (password, score, label) => {
    expect(ratePassword(password)).toMatchObject({ score, label });
  });

  it('never calls a password under 10 characters anything but too short', () => {
    for (let length = 1; length < 10; length++)
      expect(ratePassword('Zx9!'.repeat(3).slice(0, length)).score).toBe(1);
  });
});
