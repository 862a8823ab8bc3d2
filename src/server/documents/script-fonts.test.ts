import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { registerScriptFonts, scriptFontFiles, splitIntoRuns, writeText } from './script-fonts.ts';

/** A one-page PDF with `lines` written by writeText, as bytes. */
async function pdfOf(lines: string[], weight: 'regular' | 'bold' = 'regular'): Promise<Uint8Array> {
  const document = new PDFDocument({ size: 'A4', margin: 48 });
  registerScriptFonts(document);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => document.on('end', resolve));
  for (const line of lines) writeText(document.fontSize(14), line, weight, { width: 400 });
  document.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

const names = [
  ['Malayalam', 'മീര നായർ'],
  // A virama at a word's end: Noto Malayalam's NULL anchors made fontkit throw (fontkit-patches.ts).
  ['Malayalam with a virama', 'കൃഷ്ണൻ ജോസ്'],
  ['Devanagari', 'प्रिया शर्मा'],
  ['Tamil', 'கார்த்திக் ராஜா'],
  ['Arabic', 'مريم الحسيني'],
  ['Latin with accents', 'Zoë Ødegård-Núñez'],
] as const;

describe('splitIntoRuns', () => {
  it.each([
    ['a Latin name', 'Meera Nair', [['regular', 'Meera Nair']]],
    ['a Malayalam name', 'മീര നായർ', [['regular-malayalam', 'മീര നായർ']]],
    [
      'a name in two scripts, the space kept with the word before it',
      'Meera മീര (KV-2027-1)',
      [
        ['regular', 'Meera '],
        ['regular-malayalam', 'മീര '],
        ['regular', '(KV-2027-1)'],
      ],
    ],
    ['an amount in pounds and rupees', '£440 = ₹46,000', [['regular', '£440 = ₹46,000']]],
  ])('cuts %s into runs of the faces that draw them', (_what, text, runs) => {
    expect(splitIntoRuns(text, 'regular').map(({ face, text }) => [face, text])).toEqual(runs);
  });
});

describe('writeText', () => {
  it.each(names)('prints a %s name whose text layer gives it back as typed', async (_script, name) => {
    const pdf = await getDocument({ data: await pdfOf([`Received from ${name}`]), useSystemFonts: false })
      .promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('');
    // Arabic comes back in the order it is drawn, right to left: read its letters, not their order.
    // (The joining glyphs Arabic shaping adds map to no character; pdf.js gives them as control codes.)
    // A vowel sign drawn before its consonant (Malayalam's "ോ" is drawn as "േ" before and "ാ" after) comes
    // back in the order drawn, in its two canonical halves: compare the letters as Unicode decomposes them.
    const letters = (value: string) =>
      [...value.normalize('NFD').replace(/[\s\p{Cc}]/gu, '')].sort().join('');
    expect(letters(text)).toBe(letters(`Received from ${name}`));
  });

  it('reads back each document from its own words, whatever an earlier one held', async () => {
    // ئ is drawn as the glyph of ي with a hamza: the first document makes that glyph from ئ. (In bold,
    // which no other test here writes Arabic in, so this file's order cannot make the glyph first.)
    await pdfOf(['شاطئ المنارة'], 'bold');
    const pdf = await getDocument({ data: await pdfOf(['مريم الحسيني'], 'bold'), useSystemFonts: false })
      .promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('');
    expect(text).not.toContain('ئ');
    expect([...text.replace(/[\s\p{Cc}]/gu, '')].sort().join('')).toBe([...'مريمالحسيني'].sort().join(''));
  });

  it('draws every glyph of each script from a face that has it, so no name is a row of empty boxes', async () => {
    const bytes = Buffer.from(await pdfOf(names.map(([, name]) => name))).toString('latin1');
    for (const face of [
      'DejaVuSans',
      'NotoSansMalayalam',
      'NotoSansDevanagari',
      'NotoSansTamil',
      'NotoSansArabic',
    ]) {
      expect(bytes).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}`));
    }
  });
});

describe('the faces a function ships', () => {
  it('are netlify.toml’s included_files, every one', () => {
    const config = parseToml(
      readFileSync(path.resolve(import.meta.dirname, '../../../netlify.toml'), 'utf8'),
    ) as {
      functions: { included_files: string[] };
    };
    for (const file of scriptFontFiles) expect(config.functions.included_files).toContain(file);
  });
});
