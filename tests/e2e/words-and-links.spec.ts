import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * No built page runs a word into a link ("and the<a>house rules</a>" reads "and thehouse rules"). The
 * compiler drops the line break between a line's last word and an element that starts the next line,
 * so a sentence wrapped in the source before a link loses its space. Read from every built page.
 */
test('no built page runs a word into a link or out of one', () => {
  const dist = path.resolve('dist');
  const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  expect(pages.length).toBeGreaterThan(20);
  const runTogether: string[] = [];
  for (const file of pages) {
    const html = readFileSync(path.join(dist, file), 'utf8').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
    for (const match of html.matchAll(/[A-Za-z]<a\s[^>]*>[^<]*|<\/a>[A-Za-z]+/g)) {
      runTogether.push(`${file}: ${match[0].slice(0, 80)}`);
    }
  }
  expect(runTogether).toEqual([]);
});
