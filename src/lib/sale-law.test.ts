import type { ImageFunction } from 'astro:content';
import { readdirSync, readFileSync } from 'node:fs';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectSchema, propertySchema, villaSchema } from './content-schemas.ts';
import { explainSaleLawBreach, findPurchaseInvitations, formatArea, toSquareFeet } from './sale-law.ts';
import { listSaleLawBreaches, refuseUnlawfulProjects } from './sale-law-loader.ts';

const image = (() => z.string().min(1)) as unknown as ImageFunction;

const project = {
  title: '4-Bedroom Villa at Kakkanad',
  location: 'Kakkanad, Kochi',
  summary: 'A contemporary four-bedroom pool villa on a green plot above Kakkanad, near Infopark.',
  status: 'pre-launch',
  expectedCompletion: '2028-03',
  image: { src: 'kakkanad.svg', alt: 'A two-storey villa among trees' },
  order: 2,
  saleStatus: 'not-for-sale',
  homes: 1,
  landAreaM2: 720,
  carpetAreaM2: 265,
};
const registered = {
  registration: 'K-RERA/PRJ/KKD/118/2025',
  registrationUrl: 'https://rera.kerala.gov.in/explore-projects/K-RERA-PRJ-KKD-118-2025',
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success
    ? []
    : (result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []);

describe('a project under RERA s. 3', () => {
  it('may be shown unregistered while it invites no one to buy', () => {
    expect(messagesOf(projectSchema(image).safeParse(project))).toEqual([]);
  });

  it.each([
    ['an enquiry form (for sale)', { saleStatus: 'available' }],
    ['an enquiry form (under offer)', { saleStatus: 'under-offer' }],
    ['a price', { priceFromInr: 9_500_000 }],
  ])('is refused unregistered with %s', (_, change) => {
    const messages = messagesOf(projectSchema(image).safeParse({ ...project, ...change }));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^rera: this project invites purchase .* neither a K-RERA registration nor a declared exemption/,
    );
  });

  it.each([
    ['registered', { rera: registered }],
    ['exempt as 500 m² of land or less', { landAreaM2: 480, rera: { exemption: 'land-500-m2-or-less' } }],
    ['exempt as eight homes or fewer', { homes: 8, rera: { exemption: 'eight-apartments-or-fewer' } }],
  ])('may invite purchase when %s', (_, change) => {
    const offered = { ...project, saleStatus: 'available', priceFromInr: 9_500_000, ...change };
    expect(messagesOf(projectSchema(image).safeParse(offered))).toEqual([]);
  });

  it.each([
    [
      'a registration and an exemption at once',
      { rera: { ...registered, exemption: 'land-500-m2-or-less' } },
      'rera.registration',
    ],
    ['neither', { rera: {} }, 'rera.registration'],
    [
      'a registration without its page for the QR code',
      { rera: { registration: registered.registration } },
      'rera.registrationUrl',
    ],
    [
      'a registration not in K-RERA’s form',
      { rera: { ...registered, registration: 'PRJ/118/2025' } },
      'rera.registration',
    ],
    ['the land exemption on 720 m²', { rera: { exemption: 'land-500-m2-or-less' } }, 'rera.exemption'],
    [
      'the eight-home exemption on 40 homes',
      { homes: 40, rera: { exemption: 'eight-apartments-or-fewer' } },
      'rera.exemption',
    ],
    ['a completed-home exemption on a project', { rera: { exemption: 'completed-home' } }, 'rera.exemption'],
    ['a largest home smaller than the smallest', { carpetAreaToM2: 200 }, 'carpetAreaToM2'],
    ['no carpet area', { carpetAreaM2: undefined }, 'carpetAreaM2'],
  ])('is refused with %s', (_, change, path) => {
    const paths = messagesOf(projectSchema(image).safeParse({ ...project, ...change })).map(
      (m) => m.split(':')[0],
    );
    expect(paths).toContain(path);
  });
});

describe('the projects loader', () => {
  const load = async (entries: { filePath: string; body: string; data: Record<string, unknown> }[]) => {
    const loader = refuseUnlawfulProjects({ name: 'fake', load: async () => {} });
    const context = { store: { values: () => entries } } as unknown as LoaderContext;
    await loader.load(context);
  };

  it('stops the build naming the file whose body takes "expressions of interest" unregistered', async () => {
    const body = 'Plans are approved and we are taking expressions of interest before the launch.';
    await expect(
      load([{ filePath: 'src/content/projects/kakkanad-four-bedroom-villa.md', body, data: project }]),
    ).rejects.toThrow(
      /^src\/content\/projects\/kakkanad-four-bedroom-villa\.md invites purchase \(the words "expressions of interest"\)/,
    );
  });

  it('lets the same words through for a registered project, and a plain description unregistered', async () => {
    await expect(
      load([
        {
          filePath: 'a.md',
          body: 'We welcome expressions of interest.',
          data: { ...project, rera: registered },
        },
        { filePath: 'b.md', body: 'A courtyard house with a long pool.', data: project },
      ]),
    ).resolves.toBeUndefined();
  });

  it('finds every project in src/content/projects lawful as written', () => {
    const folder = 'src/content/projects';
    const entries = readdirSync(folder).map((name) => {
      const [, front = '', body = ''] = readFileSync(`${folder}/${name}`, 'utf8').split(/^---$/m);
      return { filePath: `${folder}/${name}`, body, data: parse(front) as Record<string, unknown> };
    });
    expect(entries.length).toBeGreaterThan(0);
    expect(listSaleLawBreaches(entries)).toEqual([]);
  });
});

describe('sale facts of a home', () => {
  it('are read as buyers read them', () => {
    expect(
      findPurchaseInvitations({ saleStatus: 'sold', body: 'Book now for the pre-launch price' }),
    ).toEqual(['the words "pre-launch price"', 'the words "Book now"']);
    expect(
      explainSaleLawBreach('x.md', { saleStatus: 'not-for-sale', rera: { exemption: 'completed-home' } }),
    ).toBeUndefined();
    expect(toSquareFeet(100)).toBe(1076);
    expect(formatArea(232)).toBe('232 m² (2,497 sq ft)');
  });

  it('refuses a villa without its plot area, and takes an apartment without one', () => {
    const apartment = {
      name: 'Marine Drive Studio',
      legacyId: 9,
      summary: 'A studio on Marine Drive with a view over the backwater and the harbour beyond.',
      location: 'Marine Drive, Kochi',
      latitude: 9.98,
      longitude: 76.28,
      bedrooms: 0,
      bathrooms: 1,
      sleeps: 2,
      amenities: ['Wi-Fi', 'Lift', 'Air conditioning'],
      weeklyRateGbp: 600,
      salePriceInr: 15_600_000,
      saleStatus: 'available',
      carpetAreaM2: 46,
      rera: { exemption: 'completed-home' },
      minNights: 3,
      images: [1, 2, 3].map((n) => ({ src: `s${n}.svg`, alt: `The studio from angle ${n}` })),
      featured: false,
    };
    expect(propertySchema(image).safeParse(apartment).success).toBe(true);
    expect(messagesOf(villaSchema(image).safeParse(apartment))).toEqual([
      'plotAreaM2: plotAreaM2 is required for a villa: state the plot area in m²',
    ]);
    expect(messagesOf(propertySchema(image).safeParse({ ...apartment, saleStatus: 'sale' }))[0]).toMatch(
      /^saleStatus: saleStatus must be one of: available, under-offer, sold, not-for-sale/,
    );
  });
});
