import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, parsePropertyFacts, readCatalogue } from './catalogue.ts';

const frontmatter = (lines: string[]) => `---\n${lines.join('\n')}\n---\n\nThe description.\n`;

const villaLines = [
  'name: Kovalam Cliff Villa',
  'legacyId: 1',
  'summary: A villa.',
  'location: Kovalam, Thiruvananthapuram',
  'sleeps: 8',
  'bedrooms: 4',
  'weeklyRateGbp: 2650',
  'minNights: 5',
];

describe('the catalogue of this repository', () => {
  it('reads all seven villas and four apartments in the old site’s order', async () => {
    const { properties } = await loadCatalogue();
    expect(properties.map(({ kind, legacyId }) => `${kind}:${legacyId}`)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((id) => `villas:${id}`),
      ...[1, 2, 3, 4].map((id) => `apartments:${id}`),
    ]);
  });

  it.each([
    [
      'kovalam-cliff-villa',
      {
        kind: 'villas',
        name: 'Kovalam Cliff Villa',
        weeklyRateGbp: 2650,
        sleeps: 8,
        minNights: 5,
      },
    ],
    [
      'varkala-clifftop-villa',
      {
        kind: 'villas',
        name: 'Varkala Clifftop Villa',
        weeklyRateGbp: 4800,
        sleeps: 18,
        minNights: 7,
        seasons: expect.arrayContaining([
          {
            name: 'Peak season',
            from: '2026-12-19',
            to: '2027-01-15',
            weeklyRateGbp: 7700,
            minNights: 7,
            changeoverDay: 'Saturday',
          },
        ]),
      },
    ],
    [
      'marine-drive-studio',
      {
        kind: 'apartments',
        name: 'Marine Drive Studio Apartment',
        weeklyRateGbp: 1400,
        sleeps: 3,
        minNights: 3,
      },
    ],
  ])('knows the facts of %s', async (slug, facts) => {
    expect((await loadCatalogue()).find(slug)).toMatchObject({ slug, ...facts });
  });

  it('finds nothing for a slug that is not a property', async () => {
    expect((await loadCatalogue()).find('kovalam-cliff')).toBeUndefined();
  });

  it('reads the files once per process', async () => {
    expect(loadCatalogue()).toBe(loadCatalogue());
  });
});

describe('parsePropertyFacts', () => {
  const where = { slug: 'kovalam-cliff-villa', kind: 'villas' } as const;

  it('keeps only the facts a stay is priced, checked, listed and found by', () => {
    expect(parsePropertyFacts(frontmatter(villaLines), where)).toEqual({
      slug: 'kovalam-cliff-villa',
      kind: 'villas',
      name: 'Kovalam Cliff Villa',
      location: 'Kovalam, Thiruvananthapuram',
      legacyId: 1,
      sleeps: 8,
      bedrooms: 4,
      weeklyRateGbp: 2650,
      minNights: 5,
      seasons: [],
      // Whether a guest may book and pay at once (instant book); a file that says nothing is booked by request.
      instantBook: false,
      // A file that says nothing is let as well as sold; a home only for sale says forRent: false.
      forRent: true,
    });
  });

  it('reads the seasons, unquoted dates as text, as the functions price by them', () => {
    const lines = [
      ...villaLines,
      'seasons:',
      '  - name: Peak season',
      '    from: 2026-12-19',
      '    to: 2027-01-15',
      '    weeklyRateGbp: 4250',
      '    minNights: 7',
      '    changeoverDay: Saturday',
    ];
    expect(parsePropertyFacts(frontmatter(lines), where).seasons).toEqual([
      {
        name: 'Peak season',
        from: '2026-12-19',
        to: '2027-01-15',
        weeklyRateGbp: 4250,
        minNights: 7,
        changeoverDay: 'Saturday',
      },
    ]);
  });

  it('refuses overlapping seasons, naming the file, the season and the field', () => {
    const season = (from: string, to: string) => [
      '  - name: High season',
      `    from: ${from}`,
      `    to: ${to}`,
      '    weeklyRateGbp: 3200',
      '    minNights: 5',
    ];
    const lines = [
      ...villaLines,
      'seasons:',
      ...season('2026-10-01', '2026-12-20'),
      ...season('2026-12-19', '2027-01-15'),
    ];
    expect(() => parsePropertyFacts(frontmatter(lines), where)).toThrow(
      /kovalam-cliff-villa\.md is not a valid villa: seasons\.1\.from: The first night \(2026-12-19\) must be after the last night of High season \(2026-12-20\)/,
    );
  });

  it('refuses a frontmatter without weeklyRateGbp, naming the file and the field', () => {
    const lines = villaLines.filter((line) => !line.startsWith('weeklyRateGbp'));
    expect(() => parsePropertyFacts(frontmatter(lines), where)).toThrow(
      /^src\/content\/villas\/kovalam-cliff-villa\.md is not a valid villa: weeklyRateGbp: /,
    );
  });

  it.each([
    ['a rate written as text', ['weeklyRateGbp: £2,650'], 'weeklyRateGbp'],
    ['a one-night minimum', ['minNights: 1'], 'minNights'],
    ['sleeping nobody', ['sleeps: 0'], 'sleeps'],
  ])('refuses %s', (_case, changed, field) => {
    const lines = [...villaLines.filter((line) => !line.startsWith(`${field}:`)), ...changed];
    expect(() => parsePropertyFacts(frontmatter(lines), where)).toThrow(new RegExp(`${field}: `));
  });

  it('refuses a file name that a guest could not send as a property', () => {
    expect(() =>
      parsePropertyFacts(frontmatter(villaLines), { slug: 'Kovalam Villa', kind: 'villas' }),
    ).toThrow(/slug: /);
  });

  it('refuses a file without frontmatter, and frontmatter that is not YAML', () => {
    expect(() => parsePropertyFacts('Just a description.', where)).toThrow(/has no frontmatter/);
    expect(() => parsePropertyFacts(frontmatter(['name: [unclosed']), where)).toThrow(/not valid YAML/);
  });
});

describe('readCatalogue', () => {
  async function withContent(files: Record<string, string>, work: (root: string) => Promise<void>) {
    const root = await mkdtemp(path.join(tmpdir(), 'kayal-catalogue-'));
    try {
      for (const kind of ['villas', 'apartments'])
        await mkdir(path.join(root, 'src/content', kind), { recursive: true });
      for (const [name, text] of Object.entries(files))
        await writeFile(path.join(root, 'src/content', name), text);
      await work(root);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  it('refuses a villa and an apartment with the same slug, since a booking names only the slug', async () => {
    await withContent(
      {
        'villas/harbour-view.md': frontmatter(villaLines),
        'apartments/harbour-view.md': frontmatter(villaLines),
      },
      async (root) => {
        await expect(readCatalogue(root)).rejects.toThrow(
          'villas/harbour-view and apartments/harbour-view share a slug',
        );
      },
    );
  });

  it('refuses two villas with the same legacy id, since one old link would land on the wrong one', async () => {
    await withContent(
      { 'villas/first.md': frontmatter(villaLines), 'villas/second.md': frontmatter(villaLines) },
      async (root) => {
        await expect(readCatalogue(root)).rejects.toThrow('first and second share the legacy id 1');
      },
    );
  });

  it('does not keep a failed read, so a fixed file is read on the next request', async () => {
    await withContent({ 'villas/first.md': 'no frontmatter' }, async (root) => {
      await expect(loadCatalogue(root)).rejects.toThrow(/has no frontmatter/);
      await writeFile(path.join(root, 'src/content/villas/first.md'), frontmatter(villaLines));
      await expect(loadCatalogue(root)).resolves.toMatchObject({ properties: [{ slug: 'first' }] });
    });
  });
});
