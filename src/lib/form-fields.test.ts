import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailAddress,
  firstErrorPerField,
  optionalText,
  personName,
  phoneNumber,
  requiredText,
} from './form-fields.ts';

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
  it('accepts right-to-left words and the marks that order them, as Arabic and Hebrew names need', () => {
    expect(messageFor(personName, 'Asha \u0645\u0631\u064a\u0645\u200f Menon')).toBeNull();
  });

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

describe('control characters', () => {
  const removeIt = 'Remove the invisible control character from this text';
  const singleLineFields: [string, z.ZodType, string, string][] = [
    ['personName', personName, 'Asha', 'Write your name on one line'],
    ['emailAddress', emailAddress, 'asha@example.com', 'Write your email address on one line'],
    ['phoneNumber', phoneNumber, '+91 98470 12345', 'Write your phone number on one line'],
    [
      'a required single line',
      requiredText('your town', { max: 120 }),
      'Kochi',
      'Write your town on one line',
    ],
    [
      'an optional single line',
      optionalText('your town', { max: 120 }),
      'Kochi',
      'Write your town on one line',
    ],
  ];

  describe.each(singleLineFields)('%s', (_name, schema, valid, lineMessage) => {
    it.each([
      ['a line feed', '\n'],
      ['a carriage return', '\r'],
      ['CRLF', '\r\n'],
      ['a line separator', '\u2028'],
      ['a paragraph separator', '\u2029'],
    ])('refuses %s inside it, saying it must be on one line', (_case, character) => {
      expect(messageFor(schema, `${valid.slice(0, 2)}${character}${valid.slice(2)}`)).toBe(lineMessage);
    });

    it.each([
      ['a tab', '\t'],
      ['NUL', '\u0000'],
      ['an escape', '\u001b'],
      ['DEL', '\u007f'],
      ['a C1 next line', '\u0085'],
      ['a right-to-left override', '\u202e'],
      ['a left-to-right embedding', '\u202a'],
      ['a first-strong isolate', '\u2068'],
      ['a pop directional isolate', '\u2069'],
    ])('refuses %s inside it, asking to remove it', (_case, character) => {
      expect(messageFor(schema, `${valid.slice(0, 2)}${character}${valid.slice(2)}`)).toBe(removeIt);
    });

    it('accepts line breaks around it, which are trimmed away', () => {
      expect(messageFor(schema, `\r\n${valid}\n`)).toBeNull();
    });
  });

  const multiLineFields: [string, z.ZodType][] = [
    ['a required text area', requiredText('your message', { max: 500, lines: 'many' })],
    ['an optional text area', optionalText('your message', { max: 500, lines: 'many' })],
  ];

  describe.each(multiLineFields)('%s', (_name, schema) => {
    it('keeps line breaks and tabs', () => {
      expect(schema.parse('Dear office,\r\n\tIs the villa free\nin March?\u2028Thanks')).toBe(
        'Dear office,\r\n\tIs the villa free\nin March?\u2028Thanks',
      );
    });

    it.each([
      ['NUL', '\u0000'],
      ['a bell', '\u0007'],
      ['an escape', '\u001b'],
      ['a form feed', '\u000c'],
      ['DEL', '\u007f'],
      ['a C1 control', '\u009b'],
    ])('refuses %s, asking to remove it', (_case, character) => {
      expect(messageFor(schema, `Dear office,${character} is the villa free?`)).toBe(removeIt);
    });

    it('refuses half of a surrogate pair, and keeps a whole one', () => {
      expect(messageFor(schema, 'Dear office, \ud800 is the villa free?')).toBe(
        'Remove the broken character from this text',
      );
      expect(messageFor(schema, 'Dear office, is the villa free? \ud83c\udf34')).toBeNull();
    });

    it('refuses a control character on any line of a message that has line breaks', () => {
      expect(messageFor(schema, 'Dear office,\nIs the villa free?\u0000')).toBe(removeIt);
      expect(messageFor(schema, '\u0000\u0000\n%')).toBe(removeIt);
    });
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
