import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddress, firstErrorPerField, personName, phoneNumber } from './form-fields.ts';

const messageFor = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('phoneNumber', () => {
  it.each([
    ['+91 98470 12345', null],
    ['0484 235 7700', null],
    ['+44 (0)20 7946 0958', null],
    ['+1-202-555-0143', null],
    ['', 'Enter your phone number'],
    ['   ', 'Enter your phone number'],
    ['call me', 'Use digits, spaces and an optional leading +'],
    ['98470+12345', 'Use digits, spaces and an optional leading +'],
    ['123456', expect.stringContaining('7 to 15 digits')],
    ['1234567890123456', expect.stringContaining('7 to 15 digits')],
  ])('%j gives %j', (input, expected) => {
    expect(messageFor(phoneNumber, input)).toEqual(expected);
  });
});

describe('emailAddress', () => {
  it.each([
    ['asha@example.com', null],
    ['  asha@example.in  ', null],
    ['', 'Enter your email address'],
    ['asha', 'Enter a valid email address, like name@example.com'],
    ['asha@example', 'Enter a valid email address, like name@example.com'],
    [`${'a'.repeat(250)}@example.com`, 'That email address is too long'],
    [undefined, 'Enter your email address'],
  ])('%j gives %j', (input, expected) => {
    expect(messageFor(emailAddress, input)).toEqual(expected);
  });
});

describe('personName', () => {
  it('trims the name it returns', () => {
    expect(personName.parse('  Asha Menon ')).toBe('Asha Menon');
  });

  it.each([
    ['', 'Enter your name'],
    [42, 'Enter your name'],
    ['a'.repeat(121), 'Name can be at most 120 characters'],
  ])('%j gives %j', (input, expected) => {
    expect(messageFor(personName, input)).toEqual(expected);
  });
});

describe('firstErrorPerField', () => {
  it('keeps the first message of each field and names form-wide problems _form', () => {
    const schema = z.object({ name: personName, email: emailAddress });
    const result = schema.safeParse(null);
    expect(result.success).toBe(false);
    if (!result.success) expect(firstErrorPerField(result.error)).toEqual({ _form: expect.any(String) });
    const fields = schema.safeParse({ name: '', email: 'x' });
    if (!fields.success) {
      expect(firstErrorPerField(fields.error)).toEqual({
        name: 'Enter your name',
        email: 'Enter a valid email address, like name@example.com',
      });
    }
  });
});
