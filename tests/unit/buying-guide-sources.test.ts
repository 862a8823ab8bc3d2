import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buyingGuideSchema } from '../../src/lib/content-schemas.ts';

const guide = buyingGuideSchema.parse(
  (JSON.parse(readFileSync('src/content/buying-from-abroad.json', 'utf8')) as { guide: unknown }).guide,
);
const sources = readFileSync('docs/buying-from-abroad.md', 'utf8');
const headings = [...sources.matchAll(/^## (\S+)$/gm)].map(([, heading]) => heading);

describe('the buying-from-abroad page', () => {
  it.each(guide.facts.map((fact) => [fact.question, fact.source]))(
    '“%s” names its source in docs/buying-from-abroad.md (%s)',
    (_question, source) => {
      expect(headings).toContain(source);
    },
  );

  it('has no source in docs/ that no fact rests on', () => {
    expect(headings.filter((heading) => !guide.facts.some((fact) => fact.source === heading))).toEqual([]);
  });
});
