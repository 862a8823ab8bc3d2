import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeFormCRow,
  formCAsks,
  formCColumns,
  formCDetailsInputSchema,
  formCDetailsSchema,
  guestListRetentionDays,
  guestSchema,
  listNationalityChoices,
  nameNationality,
  nationalityCodes,
} from './guest-list-contract.ts';

const details = {
  nationality: 'GB',
  sex: 'female',
  dateOfBirth: '1984-06-02',
  addressAbroad: '12 Cotham Hill, Bristol BS6 6LA',
  passportNumber: '123456789',
  passportPlaceOfIssue: 'Peterborough, United Kingdom',
  passportIssuedOn: '2020-03-01',
  passportExpiresOn: '2030-03-01',
  visaNumber: 'ETA12345',
  visaType: 'e-tourist',
  visaPlaceOfIssue: 'e-Visa',
  visaIssuedOn: '2026-12-01',
  visaValidUntil: '2027-11-30',
  arrivedInIndia: '2027-01-09',
  arrivingFrom: 'London, United Kingdom',
  goingNext: 'Goa, India',
  employedInIndia: false,
  purpose: 'tourism',
  phoneInIndia: '+91 98470 12345',
  phoneAtHome: '+44 7700 900123',
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

describe('the dates of a passport and a visa', () => {
  it.each([
    [
      { passportExpiresOn: '2020-03-01' },
      'passportExpiresOn',
      'The passport’s date of expiry comes after its date of issue',
    ],
    [
      { passportIssuedOn: '1983-01-01' },
      'passportIssuedOn',
      'The passport’s date of issue comes after the date of birth',
    ],
    [
      { visaValidUntil: '2026-11-30' },
      'visaValidUntil',
      'The visa’s last valid day comes after its date of issue',
    ],
    [
      { visaValidUntil: '2027-01-08' },
      'visaValidUntil',
      'The visa must be valid on the day they arrived in India',
    ],
    [
      { passportExpiresOn: '2027-01-08', passportIssuedOn: '2017-01-08' },
      'passportExpiresOn',
      'The passport must be valid on the day they arrived in India',
    ],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'Enter a date of birth after 1900'],
    [{ dateOfBirth: '1984-02-30' }, 'dateOfBirth', 'Enter the date of birth as a real date, like 2027-01-10'],
  ])('refuse %j on %s: "%s"', (change, field, message) => {
    const parsed = formCDetailsSchema.safeParse({ ...details, ...change });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      field,
      message,
    ]);
  });

  it('takes a kept passport and visa number from the guest, never from the office’s schema', () => {
    const kept = { ...details, passportNumber: { keep: true }, visaNumber: { keep: true } };
    expect(formCDetailsInputSchema.parse(kept).passportNumber).toEqual({ keep: true });
    expect(formCDetailsSchema.safeParse(kept).success).toBe(false);
    expect(formCDetailsInputSchema.safeParse({ ...details, passportNumber: { keep: false } }).success).toBe(
      false,
    );
  });
});

describe('the nationalities', () => {
  const [common, every] = listNationalityChoices();

  it('puts the common ones first, the United Kingdom before all', () => {
    expect(common?.options.slice(0, 3).map(({ value }) => value)).toEqual(['GB', 'IN', 'US']);
  });

  it('lists every nationality once, a common one only among the common ones', () => {
    const listed = [...(common?.options ?? []), ...(every?.options ?? [])].map(({ value }) => value);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set([...nationalityCodes, 'IN']));
    expect(every?.options.map(({ value }) => value)).not.toContain('GB');
  });

  // A select's type-ahead finds the first option whose words start with what was typed: the common
  // ones by the word a guest types for them, every other by its country's name. Listed once, a common
  // country is no longer found by its country's name ("Germany"); its nationality word finds it.
  it.each([
    ['British', 'GB'],
    ['Brit', 'GB'],
    ['Indian', 'IN'],
    ['American', 'US'],
    ['German', 'DE'],
    ['Japan', 'JP'],
    ['Sri Lanka', 'LK'],
  ])('typing %j finds %s first', (typed, code) => {
    const options = [...(common?.options ?? []), ...(every?.options ?? [])];
    expect(options.find(({ label }) => label.toLowerCase().startsWith(typed.toLowerCase()))?.value).toBe(
      code,
    );
  });
});

/** The Form C line of a notes file: the sentence after "Form C … asks, beside names and nationality:". */
async function readFormCLine(file: string): Promise<string[]> {
  const text = (await readFile(file, 'utf8')).replace(/\s+/g, ' ');
  const line = /asks, beside names and nationality: ([^.]+)\./.exec(text)?.[1];
  if (!line) throw new Error(`${file} has no Form C line`);
  return ['names', 'nationality', ...line.split(', ')];
}

describe('the Form C field list', () => {
  const docs = path.resolve(import.meta.dirname, '../../../docs/form-c.md');
  // The team's own notes, where this machine has them; docs/form-c.md copies their line.
  const teamNotes = '/work/shared/DOMAIN-FACTS.md';

  it('asks everything docs/form-c.md lists, in its order', async () => {
    expect(formCAsks.map(([asked]) => asked)).toEqual(await readFormCLine(docs));
  });

  it('copies the team’s notes word for word, where they are on this machine', async () => {
    const present = await access(teamNotes).then(
      () => true,
      () => false,
    );
    if (present) expect(await readFormCLine(docs)).toEqual(await readFormCLine(teamNotes));
    else expect(await readFormCLine(docs)).toHaveLength(formCAsks.length);
  });

  it('exports exactly the columns that answer it, in its order, after the booking and the property', () => {
    expect(formCColumns.map(([key]) => key)).toEqual([
      'reference',
      'propertyName',
      ...formCAsks.flatMap(([, columns]) => columns),
    ]);
  });

  it('fills every column of a guest who gave everything, each choice in words', () => {
    const row = describeFormCRow(
      {
        reference: 'KV-2027-480213',
        propertyName: 'Kovalam Villa',
        arrival: '2027-01-10',
        departure: '2027-01-17',
        arrivalTime: '14:30',
      },
      { name: 'Eleanor Whitcombe', formC: formCDetailsSchema.parse(details) },
    );
    for (const [key] of formCColumns) expect(row[key], key).not.toBe('');
    expect(row).toMatchObject({
      nationality: 'United Kingdom',
      sex: 'Female',
      visaType: 'e-Tourist visa',
      purpose: 'Tourism',
      employedInIndia: 'No',
      intendedStay: '7 nights',
    });
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
