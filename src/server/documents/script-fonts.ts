import { create as parseFont } from 'fontkit';
import { forgetGlyphs, skipNullAnchors } from './fontkit-patches.ts';

/**
 * The faces every PDF of ours writes people's words in: DejaVu Sans for Latin, Greek, Cyrillic and the
 * pound and rupee signs, then Noto Sans for the scripts guests and buyers of a Kerala company write their
 * names in (Malayalam, Devanagari, Tamil, Arabic), which DejaVu lacks: a name it cannot draw came out as
 * empty boxes with nothing in the text layer. Text is cut into runs, each in the first face that has all
 * its characters; fontkit shapes each run (conjuncts, vowel signs, Arabic joining and its right-to-left
 * order) and PDFKit embeds only the glyphs used, with a ToUnicode map, so `pdftotext` gives the words back.
 */

/** A face by its weight. */
export type Weight = 'regular' | 'bold';

type Face = { name: string; font: FontkitFont };

type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean; ascent: number; unitsPerEm: number };

/**
 * A file of a package, read from the working directory's node_modules, where a checkout has it and
 * where netlify.toml's included_files put it beside a function. Its path is a template of the working
 * directory on purpose: Netlify's bundler (@vercel/nft) works out what it can of a path passed to
 * `path.resolve` or an `fs` read, and a face named at run time read as any file under node_modules:
 * it walked them all for every function that makes a PDF, and bundling ran out of file descriptors
 * (EMFILE at 20,000).
 */
function readPackageFile(name: string, file: string): Buffer {
  return process.getBuiltinModule('node:fs').readFileSync(`${process.cwd()}/node_modules/${name}/${file}`);
}

/** The faces, in the order a run takes the first that draws it. Fontsource's bold of each script is 700. */
const faceFiles: Record<Weight, [string, string, string][]> = {
  regular: [
    ['dejavu', 'dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'],
    ['malayalam', '@fontsource/noto-sans-malayalam', 'files/noto-sans-malayalam-malayalam-400-normal.woff'],
    [
      'devanagari',
      '@fontsource/noto-sans-devanagari',
      'files/noto-sans-devanagari-devanagari-400-normal.woff',
    ],
    ['tamil', '@fontsource/noto-sans-tamil', 'files/noto-sans-tamil-tamil-400-normal.woff'],
    ['arabic', '@fontsource/noto-sans-arabic', 'files/noto-sans-arabic-arabic-400-normal.woff'],
  ],
  bold: [
    ['dejavu', 'dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf'],
    ['malayalam', '@fontsource/noto-sans-malayalam', 'files/noto-sans-malayalam-malayalam-700-normal.woff'],
    [
      'devanagari',
      '@fontsource/noto-sans-devanagari',
      'files/noto-sans-devanagari-devanagari-700-normal.woff',
    ],
    ['tamil', '@fontsource/noto-sans-tamil', 'files/noto-sans-tamil-tamil-700-normal.woff'],
    ['arabic', '@fontsource/noto-sans-arabic', 'files/noto-sans-arabic-arabic-700-normal.woff'],
  ],
};

/** Every face file, for netlify.toml's included_files (a test holds the two equal). */
export const scriptFontFiles = [
  ...new Set(
    Object.values(faceFiles).flatMap((faces) =>
      faces.map(([, name, file]) => `node_modules/${name}/${file}`),
    ),
  ),
];

/**
 * The faces, parsed once a process: PDFKit takes a parsed font as it takes a file, and parsing a
 * face's tables for every document took most of a receipt's time.
 */
const parsed: Partial<Record<Weight, Face[]>> = {};
function facesOf(weight: Weight): Face[] {
  parsed[weight] ??= faceFiles[weight].map(([script, name, file]) => {
    const font = parseFont(readPackageFile(name, file));
    skipNullAnchors(font);
    return {
      // DejaVu goes by the weight's own name, the one the document's own words are set in.
      name: script === 'dejavu' ? weight : `${weight}-${script}`,
      font: font as unknown as FontkitFont,
    };
  });
  return parsed[weight];
}

/**
 * Registers every face with `document` under its name: DejaVu's two as `regular` and `bold`, for the
 * document's own words, and the others as `regular-malayalam`, `bold-arabic` and so on. (Each parsed
 * face once a document: PDFKit subsets a face it was given twice into glyphs that map to the wrong
 * characters.)
 */
export function registerScriptFonts(document: PDFKit.PDFDocument): void {
  for (const weight of ['regular', 'bold'] as const) {
    for (const face of facesOf(weight)) {
      // Each document's text layer from its own words, never an earlier document's (fontkit-patches.ts).
      forgetGlyphs(face.font);
      document.registerFont(face.name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
    }
  }
}

// Characters every face has: spaces and joiners stay in the run they stand in, so a name's words keep
// their shaping context and a run breaks only where the script changes. (Noto's script subsets have
// no punctuation: a full stop or a bracket goes to DejaVu.)
const neutral = /[ \u00a0\u200c\u200d]/u;

// A script's own face first, by the Unicode script of the character: DejaVu draws some Arabic, without
// the joining forms Noto shapes.
const scriptFaces: [RegExp, string][] = [
  [/\p{Script=Malayalam}/u, 'malayalam'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Tamil}/u, 'tamil'],
  [/\p{Script=Arabic}/u, 'arabic'],
];

/**
 * `text` cut into runs, each with the name of a face of `weight` that draws it: its script's face, or
 * else the first that has the character (DejaVu first).
 */
export function splitIntoRuns(text: string, weight: Weight): { face: string; text: string }[] {
  const faces = facesOf(weight);
  const [fallback] = faces as [Face];
  const runs: { face: string; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    if (last && neutral.test(character)) {
      last.text += character;
      continue;
    }
    const script = scriptFaces.find(([pattern]) => pattern.test(character))?.[1];
    const face =
      faces.find(({ name }) => script && name === `${weight}-${script}`) ??
      faces.find(({ font }) => font.hasGlyphForCodePoint(codePoint)) ??
      fallback;
    if (last?.face === face.name) last.text += character;
    else runs.push({ face: face.name, text: character });
  }
  return runs;
}

/**
 * A right-to-left run as PDFKit should draw it, left to right: fontkit shapes a run and turns its
 * glyphs right to left, but PDFKit lays a line's words out left to right, which would lose the spaces
 * between Arabic words. So each word is a run of its own, the words in reverse, the spaces between
 * them drawn in DejaVu.
 */
function orderRightToLeft(run: { face: string; text: string }): { face: string; text: string }[] {
  if (!/-arabic$/.test(run.face) || !/ /.test(run.text.trim())) return [run];
  const weight = run.face.split('-')[0];
  const words = run.text.trim().split(/( +)/).reverse();
  const ordered = words.map((word) => ({ face: /^ +$/.test(word) ? weight : run.face, text: word }));
  // The spaces around the run keep their side of it.
  const before = /^ +/.exec(run.text)?.[0];
  const after = / +$/.exec(run.text)?.[0];
  return [
    ...(before ? [{ face: weight, text: before }] : []),
    ...ordered,
    ...(after ? [{ face: weight, text: after }] : []),
  ];
}

/**
 * Writes `text` at the document's cursor (or at `x`, `y`) in `weight`, each script in its face, as one
 * PDFKit text call would with `options` (width, alignment, link, `continued`).
 */
export function writeText(
  document: PDFKit.PDFDocument,
  text: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
): PDFKit.PDFDocument {
  const { x, y, continued = false, ...rest } = options;
  // Every run on DejaVu's baseline: PDFKit puts a run's baseline its own face's ascent below the line's
  // top, and Noto Arabic's is half as tall again as DejaVu's, which dropped an Arabic name below its line.
  const [dejavu] = facesOf(weight) as [Face];
  const fontSize = (document as unknown as { _fontSize: number })._fontSize;
  const baseline = -((dejavu.font.ascent / dejavu.font.unitsPerEm) * fontSize);
  const runs = splitIntoRuns(text, weight).flatMap(orderRightToLeft);
  if (runs.length === 0) runs.push({ face: weight, text: '' });
  runs.forEach((run, index) => {
    document.font(run.face);
    const last = index === runs.length - 1;
    const runOptions = { baseline, ...rest, continued: last ? continued : true };
    if (index === 0 && x !== undefined) document.text(run.text, x, y, runOptions);
    else document.text(run.text, runOptions);
  });
  // The weight's own face again, for the document's next words.
  return document.font(weight);
}
