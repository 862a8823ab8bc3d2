import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.ts';

describe('csvField', () => {
  it.each([
    ['plain text', 'Asha Nair', '"Asha Nair"'],
    ['a comma', 'Kochi, Kerala', '"Kochi, Kerala"'],
    ['a quote', 'the "lake" villa', '"the ""lake"" villa"'],
    ['a line break', 'line one\nline two', '"line one\nline two"'],
    ['a carriage return inside', 'a\rb', '"a\rb"'],
    ['a formula', '=1+1', `"'=1+1"`],
    ['a minus sign with arithmetic', '-2+3', `"'-2+3"`],
    ['a plus sign before a function', '+SUM(A1:A9)', `"'+SUM(A1:A9)"`],
    ['a plus sign before a program call', "+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ['a minus sign before a cell', '-A1', `"'-A1"`],
    ['a lone plus sign', '+', `"'+"`],
    ['an at sign', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a leading tab', '\t=1+1', `"'\t'=1+1"`],
    ['a formula with a comma and quotes', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['an equals sign later on', 'a=b', '"a=b"'],
    ['a leading apostrophe before an equals sign', "'=", `"''="`],
    ['a leading apostrophe', "'Tis the season", `"''Tis the season"`],
    ['an apostrophe inside', "it's here", `"it's here"`],
    ['markup', '<img src=x onerror=alert(1)>', '"<img src=x onerror=alert(1)>"'],
    ['Malayalam', 'കേരളം', '"കേരളം"'],
    // Excel in a locale whose list separator is `;` starts a cell after it.
    ['a formula after a semicolon', "x;=cmd|' /C calc'!A0", `"x;'=cmd|' /C calc'!A0"`],
    ['a formula after a comma and spaces', 'Kochi,  @SUM(A1)', `"Kochi,  '@SUM(A1)"`],
    ['a formula after a tab', 'a\t+HYPERLINK("x")', `"a\t'+HYPERLINK(""x"")"`],
    ['a formula on a second line', 'first\n=1+1', `"first\n'=1+1"`],
    ['a phone number after a semicolon', 'Asha; +91 98470 12345', '"Asha; +91 98470 12345"'],
  ])('writes %s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['an international phone number', '+91 98470 12345'],
    ['a phone number with brackets', '+44 (0)20 7946 0958'],
    ['a phone number with hyphens', '+1-202-555-0143'],
    ['a phone number with dots', '+91.484.235.7700'],
    ['a negative number', '-7.5'],
  ])('writes %s as typed, in quotes, without a guard the spreadsheet would show', (_case, value) => {
    expect(csvField(value)).toBe(`"${value}"`);
  });

  it.each([
    [null, '""'],
    [undefined, '""'],
    [7, '"7"'],
    [-7, '"-7"'],
    [true, '"true"'],
  ])('writes %s as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  const unquote = (field: string) => {
    expect(field).toMatch(/^"[\s\S]*"$/);
    return field.slice(1, -1).replaceAll('""', '"');
  };

  it('lets no cell a spreadsheet could split it into start a formula beyond arithmetic on digits', () => {
    const sign = fc.constantFrom('=', '+', '-', '@', '\t', '\r');
    const separator = fc.constantFrom(',', ';', '\t', '\n', '\r', ' ', '');
    const piece = fc.oneof(
      fc.string(),
      fc.tuple(sign, fc.string()).map(([start, rest]) => start + rest),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, separator)), (parts) => {
        const text = parts.map(([part, between]) => part + between).join('');
        const written = unquote(csvField(text));
        if (/^[=+\-@\t\r]/.test(written)) expect(written).toMatch(/^[+-][0-9 ().-]+$/);
        for (const cell of written.split(/[,;\t\r\n]/).slice(1)) {
          const start = cell.trimStart();
          if (/^[=+\-@]/.test(start)) expect(start).toMatch(/^[+-][0-9 ().-]+$/);
        }
      }),
    );
  });

  it('adds nothing but guards: without them a field reads back to the text it was given', () => {
    const sign = fc.constantFrom('=', '+', '-', '@', '\t', '\r', ';', ',', '\n');
    const apostropheFree = fc.string().filter((text) => !text.includes("'"));
    fc.assert(
      fc.property(fc.array(fc.oneof(apostropheFree, sign)), (parts) => {
        const text = parts.join('');
        expect(unquote(csvField(text)).replaceAll("'", '')).toBe(text);
      }),
    );
  });
});

describe('csvRecord', () => {
  it('joins quoted fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b, c', null, 3])).toBe('"a","b, c","","3"\r\n');
  });
});
