import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFrontmatterFormat, jsonFormat, printJson } from './content-format.ts';

/** Every file under src/content, as the editor opens and saves them. */
const contentFiles = readdirSync('src/content', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(md|json)$/.test(file))
  .map((file) => path.join('src/content', file));

/** The lines of `after` that differ from `before`'s, line by line (the files keep their length here). */
function changedLines(before: string, after: string) {
  const was = before.split('\n');
  return after
    .split('\n')
    .map((line, index) => ({ line, was: was[index] }))
    .filter(({ line, was }) => line !== was);
}

describe('the editor’s formats write a content file back as the repository holds it', () => {
  it('finds the content files', () => {
    expect(contentFiles.filter((file) => file.endsWith('.md')).length).toBeGreaterThan(10);
    expect(contentFiles.filter((file) => file.endsWith('.json')).length).toBeGreaterThan(3);
  });

  it.each(contentFiles)('saving %s unchanged changes nothing', (file) => {
    const text = readFileSync(file, 'utf8');
    const format = file.endsWith('.json') ? jsonFormat : createFrontmatterFormat();
    expect(format.toFile(format.fromFile(text))).toBe(text);
  });

  it('a villa’s rate changed changes that line alone: no long line folded, nothing reordered', () => {
    const file = 'src/content/villas/kovalam-cliff-villa.md';
    const text = readFileSync(file, 'utf8');
    const format = createFrontmatterFormat();
    const data = format.fromFile(text);
    // As Decap hands fields back: in the order of its form, not the file's.
    const { body, ...fields } = data;
    const reordered = Object.fromEntries(Object.entries({ ...fields, weeklyRateGbp: 2777 }).reverse());
    const saved = format.toFile({ ...reordered, body });
    expect(changedLines(text, saved)).toEqual([{ line: 'weeklyRateGbp: 2777', was: 'weeklyRateGbp: 2650' }]);
  });

  it('a season’s rate changed changes that season’s rate line alone', () => {
    const text = readFileSync('src/content/villas/kovalam-cliff-villa.md', 'utf8');
    const format = createFrontmatterFormat();
    const data = format.fromFile(text) as { seasons: { weeklyRateGbp: number }[] };
    const seasons = data.seasons.map((season, index) =>
      index === 0 ? { ...season, weeklyRateGbp: 3300 } : season,
    );
    const changed = changedLines(text, format.toFile({ ...data, seasons }));
    expect(changed).toEqual([{ line: '    weeklyRateGbp: 3300', was: '    weeklyRateGbp: 3200' }]);
  });

  it('a field of a file with a comment keeps the comment', () => {
    const text = readFileSync('src/content/projects/kozhikode-studio-apartments.md', 'utf8');
    expect(text).toContain('# Sample content');
    const format = createFrontmatterFormat();
    const data = format.fromFile(text);
    const saved = format.toFile({ ...data, title: `${String(data.title)} (phase 2)` });
    expect(saved).toContain('# Sample content');
    expect(changedLines(text, saved)).toHaveLength(1);
  });

  it('a file never read here is written whole, long lines unfolded', () => {
    const summary =
      'A long summary of a new villa that runs well past eighty characters, as summaries do here.';
    const saved = createFrontmatterFormat().toFile({ name: 'New Villa', summary, body: 'Text.\n' });
    expect(saved).toBe(`---\nname: New Villa\nsummary: ${summary}\n---\nText.\n`);
  });

  it('a job’s open count changed in jobs.json changes that line alone', () => {
    const text = readFileSync('src/content/jobs.json', 'utf8');
    const data = jsonFormat.fromFile(text) as { jobs: { openings: number }[] };
    const [first, ...rest] = data.jobs;
    if (!first) throw new Error('jobs.json lists no jobs');
    const saved = jsonFormat.toFile({ ...data, jobs: [{ ...first, openings: first.openings + 1 }, ...rest] });
    expect(changedLines(text, saved)).toEqual([
      expect.objectContaining({ line: expect.stringContaining(`"openings": ${first.openings + 1}`) }),
    ]);
  });

  it.each([
    [
      'a short list of values on one line',
      { days: ['Monday', 'Tuesday'] },
      '{\n  "days": ["Monday", "Tuesday"]\n}\n',
    ],
    [
      'a list of objects an item to a line',
      { a: [{ b: 1 }] },
      '{\n  "a": [\n    {\n      "b": 1\n    }\n  ]\n}\n',
    ],
    ['empty lists and objects', { a: [], b: {} }, '{\n  "a": [],\n  "b": {}\n}\n'],
  ])('prints JSON as biome does: %s', (_, value, printed) => {
    expect(printJson(value)).toBe(printed);
  });

  it('breaks a list of values that would pass biome’s 110 characters, an item to a line', () => {
    const words = Array.from({ length: 12 }, (_, index) => `word number ${index}`);
    expect(printJson({ words }).split('\n')).toHaveLength(words.length + 5);
  });
});
