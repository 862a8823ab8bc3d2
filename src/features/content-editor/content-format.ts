import { type Document, isMap, parseDocument, stringify } from 'yaml';

/**
 * How the editor reads and writes the content files, so that saving one field changes only that
 * field's lines. Decap's own formats print a whole file afresh: its YAML folds every line longer than
 * 80 characters (a villa's summary became two lines) and drops comments, and its JSON expands every
 * list biome keeps on one line. These print a file as the repository holds it: front matter in YAML
 * with no folding, its untouched fields (and their comments) as they were; JSON as biome formats it
 * (`npm run check`). editor.ts registers them with Decap (`CMS.registerCustomFormat`) under the
 * names src/lib/cms-config.ts gives each collection (`contentFormats`); a test writes every real
 * content file back unchanged.
 */

/** A Decap format: the file's text to its fields, the fields (a Markdown file's text as `body`) back. */
export type ContentFormat = {
  fromFile(text: string): Record<string, unknown>;
  toFile(data: Record<string, unknown>): string;
};

/** `---`, the front matter's YAML, `---`, the Markdown. */
const frontmatter = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** Whether two values read from a file are the same (plain data: no dates, maps or classes). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => key in b && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** YAML as the content files are written: lists indented under their key, no line folded. */
const yamlOptions = { lineWidth: 0 } as const;

/**
 * Front matter and Markdown. The front matter of the files read lately is kept, so a save prints the
 * fields it did not change from their own nodes (keeping their comments and quotes); a new file, or
 * one not read here, is printed whole.
 */
export function createFrontmatterFormat(): ContentFormat {
  const read: Document[] = [];
  return {
    fromFile(text) {
      const match = frontmatter.exec(text);
      if (!match) return { body: text };
      const document = parseDocument(match[1] ?? '');
      read.unshift(document);
      read.splice(20);
      return { ...(document.toJS() as Record<string, unknown>), body: match[2] ?? '' };
    },
    toFile({ body, ...fields }) {
      const text = typeof body === 'string' ? body : '';
      const document = closestDocument(read, fields);
      if (!document) return `---\n${stringify(fields, yamlOptions)}---\n${text}`;
      const edited = document.clone();
      update(edited, [], document.toJS(), fields);
      return `---\n${edited.toString(yamlOptions)}---\n${text}`;
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sets in `document`, at `path`, what changed from `was` to `now`, and nothing else: into a field
 * or a list of the same length, down to the values that differ, so a season's rate changed reprints
 * that rate's line alone. A field added goes last; one gone is removed.
 */
function update(document: Document, path: (string | number)[], was: unknown, now: unknown) {
  if (same(was, now)) return;
  if (isRecord(was) && isRecord(now)) {
    for (const key of Object.keys(was)) if (!(key in now)) document.deleteIn([...path, key]);
    for (const [key, value] of Object.entries(now)) {
      if (key in was) update(document, [...path, key], was[key], value);
      else document.setIn([...path, key], value);
    }
    return;
  }
  if (Array.isArray(was) && Array.isArray(now) && was.length === now.length) {
    for (const [index, value] of now.entries()) update(document, [...path, index], was[index], value);
    return;
  }
  document.setIn(path, now);
}

/**
 * The file read lately that these fields were read from: the one sharing most fields with them, and
 * at least half of them (a save changes a few fields of many). None when no file is that close.
 */
function closestDocument(read: Document[], fields: Record<string, unknown>): Document | undefined {
  let best: { document: Document; alike: number } | undefined;
  for (const document of read) {
    if (!isMap(document.contents)) continue;
    const was = document.toJS() as Record<string, unknown>;
    const alike = Object.entries(fields).filter(([key, value]) => same(was[key], value)).length;
    if (alike * 2 >= Object.keys(fields).length && alike > (best?.alike ?? 0)) best = { document, alike };
  }
  return best?.document;
}

/** Biome's line width for the repository's JSON (biome.json). */
const lineWidth = 110;

/**
 * JSON as biome prints it: two spaces, an object a key to a line, a list on one line when it fits
 * (only values in it, no object), otherwise an item to a line; a newline at the end.
 */
export function printJson(value: unknown): string {
  return `${printValue(value, '', '', '')}\n`;
}

function printValue(value: unknown, indent: string, prefix: string, suffix: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = value.every((item) => item === null || typeof item !== 'object');
    const oneLine = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    if (flat && indent.length + prefix.length + oneLine.length + suffix.length <= lineWidth) return oneLine;
    const items = value.map(
      (item, index) => `${inner}${printValue(item, inner, '', index < value.length - 1 ? ',' : '')}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], index) => {
      const name = `${JSON.stringify(key)}: `;
      return `${inner}${name}${printValue(item, inner, name, index < entries.length - 1 ? ',' : '')}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** A JSON content file (site.json, jobs.json, …), written back as biome formats it. */
export const jsonFormat: ContentFormat = {
  fromFile: (text) => JSON.parse(text) as Record<string, unknown>,
  toFile: (data) => printJson(data),
};
