import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import type { SaleStatus } from '../../lib/sale-law.ts';

/** The front matter's block, between its opening `---` line and its closing one. */
const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** A top-level `saleStatus:` line: the key, the value (plain or quoted) and what follows it (a comment). */
const saleStatusLine = /^(saleStatus:[ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s#]*)([ \t]*(?:#[^\n]*)?)$/m;

/**
 * A home's content file with its front matter's `saleStatus` set to `status`, every other byte as it
 * was (the rest of the front matter, its comments, the body, the line endings), and the status it
 * had. Throws when the file has no front matter or no top-level `saleStatus` line, or when the edit
 * would change anything else the YAML says: the file is then not as the content schema keeps it, and
 * is left for a person to mend.
 */
export function setSaleStatusInText(text: string, status: SaleStatus): { text: string; previous: unknown } {
  const front = frontMatter.exec(text);
  if (!front) throw new Error('The file has no front matter (--- … ---) to set saleStatus in.');
  const block = front[1] as string;
  const before = parse(block) as Record<string, unknown> | null;
  const line = saleStatusLine.exec(block);
  if (!before || !line) throw new Error('The front matter has no top-level saleStatus line to change.');
  const key = line[1] as string;
  const edited = `${block.slice(0, line.index)}${key.endsWith(' ') ? key : `${key} `}${status}${line[3]}${block.slice(line.index + line[0].length)}`;
  const after = parse(edited) as Record<string, unknown>;
  if (!isDeepStrictEqual(after, { ...before, saleStatus: status })) {
    throw new Error('Setting saleStatus would change more of the front matter than saleStatus.');
  }
  const start = front.index + front[0].indexOf(block);
  return {
    text: `${text.slice(0, start)}${edited}${text.slice(start + block.length)}`,
    previous: before.saleStatus,
  };
}
