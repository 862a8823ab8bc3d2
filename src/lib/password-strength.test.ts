import { describe, expect, it } from 'vitest';
import { findPasswordProblem, ratePassword } from './password-strength.ts';

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

describe('findPasswordProblem', () => {
  const context = { email: 'meera.pillai@example.com', name: 'Meera Pillai' };
  it.each([
    ['1234567890', /runs like 1234567890/],
    ['0987654321', /runs like 1234567890/],
    ['qwertyuiop', /runs like 1234567890/],
    ['aaaaaaaaaa', /repeating/],
    ['abcabcabcabc', /repeating/],
    ['password12', /most common passwords/],
    ['Password123!', /most common passwords/],
    ['letmein2024!', /most common passwords/],
    ['meera.pillai@example.com', /email address and name/],
    ['meera.pillai 2026', /email address and name/],
    ['MeeraPillai!!', /email address and name/],
  ])('refuses %j', (password, message) => {
    expect(findPasswordProblem(password, context)).toMatch(message);
  });

  it.each([
    'backwater sunset 42',
    'houseboat lagoon monsoon',
    'passwords are a pain in kerala',
    'Backwater-sun9',
  ])('accepts %j', (password) => {
    expect(findPasswordProblem(password, context)).toBeUndefined();
  });

  it('rates a refused password as weak, with the reason as the hint', () => {
    expect(ratePassword('meera.pillai 2026', context)).toMatchObject({
      score: 1,
      label: 'Weak',
      hint: expect.stringMatching(/email address and name/),
    });
  });
});
