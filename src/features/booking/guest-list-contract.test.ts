import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formCDetailsSchema,
  guestListRetentionDays,
  guestSchema,
  nameNationality,
  nationalityCodes,
} from './guest-list-contract.ts';

const details = {
  nationality: 'GB',
  passportNumber: '123456789',
  visaNumber: 'ETA12345',
  visaType: 'e-tourist',
  arrivedInIndia: '2027-01-09',
  arrivingFrom: 'London, United Kingdom',
  goingNext: 'Goa, India',
};

describe('Form C details', () => {
  it.each([
    ['k 4817-263', 'K4817263'],
    ['123456789', '123456789'],
    ['GB1234567890', 'GB1234567890'],
  ])('take passport number %j as %j', (typed, stored) => {
    expect(formCDetailsSchema.parse({ ...details, passportNumber: typed }).passportNumber).toBe(stored);
  });

  it.each([
    ['', 'Enter the passport number'],
    ['K48', 'at least 6'],
    ['K4817263K4817', 'at most 12'],
    ['K48/17263', 'letters and digits'],
    ['K4817263\u0000', 'control character'],
  ])('refuse passport number %j', (typed, message) => {
    const parsed = formCDetailsSchema.safeParse({ ...details, passportNumber: typed });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it.each(['2027-02-30', '27-01-09', '1989-12-31', 'tomorrow'])('refuse arrival in India on %j', (day) => {
    expect(formCDetailsSchema.safeParse({ ...details, arrivedInIndia: day }).success).toBe(false);
  });

  it.each(['IN', 'XX', 'gb', 'United Kingdom'])('refuse nationality %j', (code) => {
    expect(formCDetailsSchema.safeParse({ ...details, nationality: code }).success).toBe(false);
  });

  it('names every nationality in English, India never among them', () => {
    expect(nationalityCodes).not.toContain('IN');
    expect(new Set(nationalityCodes).size).toBe(nationalityCodes.length);
    for (const code of nationalityCodes) expect(nameNationality(code)).not.toBe(code);
    expect(nameNationality('GB')).toBe('United Kingdom');
  });
});

describe('a guest', () => {
  it.each([
    [{ name: 'Ann Lee' }, { name: 'Ann Lee', childAge: null, formC: null }],
    [
      { name: ' Ann Lee ', childAge: 0 },
      { name: 'Ann Lee', childAge: 0, formC: null },
    ],
  ])('takes %j', (input, parsed) => {
    expect(guestSchema.parse(input)).toEqual(parsed);
  });

  it.each([
    { name: 'Ann', childAge: 18 },
    { name: 'Ann', childAge: 2.5 },
    { name: 'Ann', childAge: '7' },
    { name: '' },
  ])('refuses %j', (input) => {
    expect(guestSchema.safeParse(input).success).toBe(false);
  });
});

describe('the retention of guest lists', () => {
  it('is the one the privacy notice states', async () => {
    const notice = await readFile(
      path.resolve(import.meta.dirname, '../../content/policies/privacy.md'),
      'utf8',
    );
    expect(notice).toContain(`**${guestListRetentionDays} days after you leave**`);
  });
});
