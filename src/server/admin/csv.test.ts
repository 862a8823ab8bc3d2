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
    ['a plus sign', '+91 98470 12345', "'+91 98470 12345"],
    ['a minus sign', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1+1', "'\t=1+1"],
    ['a leading carriage return', '\r=1+1', `"'\r=1+1"`],
    ['a formula with a comma and quotes', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['an equals sign later on', 'a=b', 'a=b'],
    ['markup', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['Malayalam', 'കേരളം', 'കേരളം'],
  ])('writes %s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
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

  it('never lets a text start a formula, and reads back to the text it was given', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const field = csvField(text);
        const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
        expect(unquoted).not.toMatch(/^[=+\-@\t\r]/);
        expect(unquoted.replace(/^'(?=[=+\-@\t\r])/, '')).toBe(text);
      }),
    );
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b, c', null, 3])).toBe('a,"b, c",,3\r\n');
  });
});
