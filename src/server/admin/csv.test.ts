import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.ts';

describe('csvField', () => {
  it.each([
    ['plain text', 'Asha Nair', 'Asha Nair'],
    ['a comma', 'Kochi, Kerala', '"Kochi, Kerala"'],
    ['a quote', 'the "lake" villa', '"the ""lake"" villa"'],
    ['a line break', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return inside', 'a\rb', '"a\rb"'],
    ['a formula', '=1+1', "'=1+1"],
    ['a minus sign with arithmetic', '-2+3', "'-2+3"],
    ['a plus sign before a function', '+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['a plus sign before a program call', "+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['a minus sign before a cell', '-A1', "'-A1"],
    ['a lone plus sign', '+', "'+"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1+1', "'\t=1+1"],
    ['a leading carriage return', '\r=1+1', `"'\r=1+1"`],
    ['a formula with a comma and quotes', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['an equals sign later on', 'a=b', 'a=b'],
    ['a leading apostrophe before an equals sign', "'=", "''="],
    ['a leading apostrophe', "'Tis the season", "''Tis the season"],
    ['markup', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['Malayalam', 'കേരളം', 'കേരളം'],
  ])('writes %s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['an international phone number', '+91 98470 12345'],
    ['a phone number with brackets', '+44 (0)20 7946 0958'],
    ['a phone number with hyphens', '+1-202-555-0143'],
    ['a phone number with dots', '+91.484.235.7700'],
    ['a negative number', '-7.5'],
  ])('writes %s as typed, without a guard the spreadsheet would show', (_case, value) => {
    expect(csvField(value)).toBe(value);
  });

  it.each([
    [null, ''],
    [undefined, ''],
    [7, '7'],
    [-7, '-7'],
    [true, 'true'],
  ])('writes %s as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('never lets a text start a formula beyond arithmetic on digits, and reads back to the text it was given', () => {
    const sign = fc.constantFrom('=', '+', '-', '@', '\t', '\r');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(sign, fc.string()).map(([start, rest]) => start + rest),
        ),
        (text) => {
          const field = csvField(text);
          const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
          if (/^[=+\-@\t\r]/.test(unquoted)) expect(unquoted).toMatch(/^[+-][0-9 ().-]+$/);
          expect(unquoted.replace(/^'(?=[=+\-@\t\r'])/, '')).toBe(text);
        },
      ),
    );
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b, c', null, 3])).toBe('a,"b, c",,3\r\n');
  });
});
