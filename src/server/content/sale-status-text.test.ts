import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { saleStatuses } from '../../lib/sale-law.ts';
import { setSaleStatusInText } from './sale-status-text.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const homeFiles = ['villas', 'apartments', 'projects'].flatMap((kind) =>
  readdirSync(path.join(root, 'src/content', kind))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `src/content/${kind}/${name}`),
);

/** The lines of `after` that differ from `before`'s, by number. */
const changedLines = (before: string, after: string) => {
  const old = before.split('\n');
  return after.split('\n').flatMap((line, index) => (line === old[index] ? [] : [line]));
};

describe('setting a home’s saleStatus in its file', () => {
  it.each(homeFiles)('changes only the saleStatus line of %s, for every status', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const status of saleStatuses) {
      const edited = setSaleStatusInText(text, status);
      expect(edited.text.length - text.length).toBe(status.length - String(edited.previous).length);
      expect(changedLines(text, edited.text)).toEqual(
        String(edited.previous) === status ? [] : [`saleStatus: ${status}`],
      );
    }
  });

  it.each([
    [
      'a quoted value with a comment',
      '---\nname: A\nsaleStatus: "available" # set by the office\n---\nBody\n',
      '---\nname: A\nsaleStatus: sold # set by the office\n---\nBody\n',
    ],
    [
      'Windows line endings',
      '---\r\nname: A\r\nsaleStatus: available\r\n---\r\nBody\r\n',
      '---\r\nname: A\r\nsaleStatus: sold\r\n---\r\nBody\r\n',
    ],
    [
      'a body that mentions saleStatus',
      '---\nsaleStatus: available\n---\nsaleStatus: available\n',
      '---\nsaleStatus: sold\n---\nsaleStatus: available\n',
    ],
    [
      'a nested saleStatus left alone',
      '---\nhomes:\n  saleStatus: x\nsaleStatus: available\n---\n',
      '---\nhomes:\n  saleStatus: x\nsaleStatus: sold\n---\n',
    ],
  ])('keeps %s', (_what, text, expected) => {
    expect(setSaleStatusInText(text, 'sold').text).toBe(expected);
  });

  it.each([
    ['no front matter', 'saleStatus: available\n', 'no front matter'],
    ['no saleStatus line', '---\nname: A\n---\n', 'no top-level saleStatus'],
    ['only a nested saleStatus', '---\nhomes:\n  saleStatus: available\n---\n', 'no top-level saleStatus'],
    [
      'a block value the line cannot carry',
      '---\nsaleStatus: |\n  available\n---\n',
      'more of the front matter',
    ],
  ])('refuses a file with %s', (_what, text, message) => {
    expect(() => setSaleStatusInText(text, 'sold')).toThrow(message);
  });
});
