import type { ImageFunction } from 'astro:content';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import {
  exchangeRatesSchema,
  faqSchema,
  jobSchema,
  policySchema,
  postSchema,
  propertySchema,
} from './content-schemas.ts';

// Astro's image() resolves a file at build time; here a path string stands in for it.
const image = (() => z.string().min(1, 'image is missing')) as unknown as ImageFunction;

const villa = {
  name: 'Kovalam Cliff Villa',
  legacyId: 1,
  summary: 'A four-bedroom pool villa on the Kovalam headland, with the lighthouse in view.',
  location: 'Kovalam, Thiruvananthapuram',
  latitude: 8.3843,
  longitude: 76.9786,
  bedrooms: 4,
  bathrooms: 4,
  sleeps: 8,
  amenities: ['Private pool', 'Sea view', 'Air conditioning'],
  weeklyRateGbp: 2650,
  salePriceInr: 6_500_000,
  saleStatus: 'available',
  carpetAreaM2: 232,
  plotAreaM2: 760,
  rera: { exemption: 'completed-home' },
  minNights: 5,
  images: [1, 2, 3].map((n) => ({
    src: `../../assets/images/villas/v${n}.svg`,
    alt: `The villa from angle ${n}`,
  })),
  featured: true,
};

const problemsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.path.join('.')) ?? []);

describe('the property schema', () => {
  it('accepts a complete villa', () => {
    expect(propertySchema(image).safeParse(villa).success).toBe(true);
  });

  it('gives a property a usual party of two unless it has its own', () => {
    expect(propertySchema(image).parse(villa)).toMatchObject({ usualParty: 2 });
    expect(propertySchema(image).parse({ ...villa, usualParty: 6 })).toMatchObject({ usualParty: 6 });
  });

  it('accepts the corners of Kerala and gives a property no questions of its own unless it has some', () => {
    for (const [latitude, longitude] of [
      [8, 74.5],
      [13, 77.5],
    ])
      expect(propertySchema(image).parse({ ...villa, latitude, longitude })).toMatchObject({ faq: [] });
  });

  it.each([
    ['a negative weekly rate', { weeklyRateGbp: -100 }, 'weeklyRateGbp'],
    ['a rate in pence by mistake', { weeklyRateGbp: 2650.5 }, 'weeklyRateGbp'],
    ['a sale price written as text', { salePriceInr: '65 lk' }, 'salePriceInr'],
    ['a legacy id of zero', { legacyId: 0 }, 'legacyId'],
    [
      'a missing image',
      { images: [{ src: '', alt: 'A picture without a file' }, ...villa.images.slice(1)] },
      'images.0.src',
    ],
    [
      'an image without alt text',
      { images: [{ src: 'a.svg', alt: ' ' }, ...villa.images.slice(1)] },
      'images.0.alt',
    ],
    ['fewer than three images', { images: villa.images.slice(0, 2) }, 'images'],
    ['sleeping fewer than its bedrooms', { sleeps: 3 }, 'sleeps'],
    ['a usual party larger than it sleeps', { usualParty: 9 }, 'usualParty'],
    ['a usual party of nobody', { usualParty: 0 }, 'usualParty'],
    ['a two-night minimum stay', { minNights: 2 }, 'minNights'],
    ['no latitude', { latitude: undefined }, 'latitude'],
    ['no longitude', { longitude: undefined }, 'longitude'],
    ['latitude and longitude swapped', { latitude: 76.9786, longitude: 8.3843 }, 'latitude'],
    ['a lost minus sign that puts it in the sea', { longitude: -76.9786 }, 'longitude'],
    ['a latitude south of Kerala', { latitude: 7.9 }, 'latitude'],
    ['a latitude written as text', { latitude: '8.38' }, 'latitude'],
    [
      'a question that replaces an id written with spaces',
      {
        faq: [{ replaces: 'pool fencing', question: 'Is the pool fenced?', answer: 'No, it is not fenced.' }],
      },
      'faq.0.replaces',
    ],
    [
      'a question without an answer',
      { faq: [{ question: 'Is the pool fenced?', answer: ' ' }] },
      'faq.0.answer',
    ],
  ])('refuses %s', (_case, change, path) => {
    expect(problemsOf(propertySchema(image).safeParse({ ...villa, ...change }))).toContain(path);
  });
});

describe('the seasons of a property', () => {
  const high = {
    name: 'High season',
    from: '2026-10-01',
    to: '2026-12-18',
    weeklyRateGbp: 3000,
    minNights: 5,
  };
  const peak = {
    name: 'Peak season',
    from: '2026-12-19',
    to: '2027-01-15',
    weeklyRateGbp: 4200,
    minNights: 7,
    changeoverDay: 'Saturday',
  };
  const issuesOf = (seasons: unknown[]) => {
    const result = propertySchema(image).safeParse({ ...villa, seasons });
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts seasons in date order, back to back, with or without a changeover day', () => {
    expect(propertySchema(image).parse({ ...villa, seasons: [high, peak] }).seasons).toEqual([high, peak]);
  });

  it('gives a property without seasons an empty list, so its own rate prices every night', () => {
    expect(propertySchema(image).parse(villa).seasons).toEqual([]);
  });

  it.each([
    [
      'an overlap',
      [high, { ...peak, from: '2026-12-18' }],
      'seasons.1.from: The first night (2026-12-18) must be after the last night of High season (2026-12-18)',
    ],
    ['seasons out of date order', [peak, high], 'seasons.1.from: The first night (2026-10-01) must be after'],
    [
      'a season that ends before it starts',
      [{ ...high, to: '2026-09-30' }],
      'seasons.0.to: The last night must be after the first night',
    ],
    [
      'a one-day season with from = to',
      [{ ...high, to: high.from }],
      'seasons.0.to: The last night must be after the first night',
    ],
    [
      'an impossible date',
      [{ ...high, to: '2026-02-30' }],
      'seasons.0.to: The last night must be a real date written YYYY-MM-DD',
    ],
    [
      'a date written the British way',
      [{ ...high, from: '01/10/2026' }],
      'seasons.0.from: The first night must be a real date',
    ],
    [
      'a rate in pence by mistake',
      [{ ...high, weeklyRateGbp: 300_000_00 }],
      'seasons.0.weeklyRateGbp: The weekly rate must be at most',
    ],
    [
      'a rate of £5',
      [{ ...high, weeklyRateGbp: 5 }],
      'seasons.0.weeklyRateGbp: The weekly rate must be at least £100',
    ],
    [
      'a minimum stay of no nights',
      [{ ...high, minNights: 0 }],
      'seasons.0.minNights: The shortest stay must be at least 1 night',
    ],
    [
      'a minimum stay of half a night',
      [{ ...high, minNights: 3.5 }],
      'seasons.0.minNights: The shortest stay must be a whole number',
    ],
    [
      'an abbreviated changeover day',
      [{ ...peak, changeoverDay: 'Sat' }],
      'seasons.0.changeoverDay: The changeover day must be a day of the week',
    ],
    ['a season without a name', [{ ...high, name: ' ' }], 'seasons.0.name'],
  ])('refuses %s, naming the field', (_case, seasons, message) => {
    expect(issuesOf(seasons).join('\n')).toContain(message);
  });
});

describe('the other schemas', () => {
  it('refuses a negative number of openings', () => {
    const job = {
      title: 'Architect',
      openings: -1,
      summary: 'Design the next villas we build on the Kerala coast.',
      order: 5,
    };
    expect(problemsOf(jobSchema.safeParse(job))).toEqual(['openings']);
  });

  it('refuses a post without a date', () => {
    const post = {
      title: 'When to visit Kerala',
      description: 'The monsoon, the dry season and the weeks in between, month by month.',
      author: 'Anjali Menon',
      image: { src: 'monsoon.svg', alt: 'Monsoon clouds over the backwaters' },
    };
    expect(problemsOf(postSchema(image).safeParse(post))).toEqual(['publishedAt']);
  });
});

describe('the shared FAQ schema', () => {
  const question = {
    id: 'pool-fencing',
    question: 'Is the pool fenced?',
    answer: 'Private pools at the villas are not fenced.',
    order: 1,
  };

  it('accepts a question with its id, answer and place', () => {
    expect(faqSchema.safeParse(question).success).toBe(true);
  });

  it.each([
    ['an id with capitals', { id: 'Pool-Fencing' }, 'id'],
    ['a one-word question', { question: 'Pool?' }, 'question'],
    ['an empty answer', { answer: '' }, 'answer'],
    ['no place in the list', { order: 0 }, 'order'],
  ])('refuses %s', (_case, change, path) => {
    expect(problemsOf(faqSchema.safeParse({ ...question, ...change }))).toContain(path);
  });
});

describe('the policy schema', () => {
  const policy = {
    title: 'Cancellation policy',
    summary: 'What we refund if you cancel a stay, and what happens if we have to cancel one.',
    lastUpdated: '2026-11-24',
  };

  it('accepts a complete policy and reads its date', () => {
    const parsed = policySchema.parse(policy);
    expect(parsed.lastUpdated.toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it.each([
    ['a blank title', { title: '  ' }, 'title'],
    ['a title too long for a heading', { title: 'Cancellation '.repeat(6) }, 'title'],
    ['a summary too short for a meta description', { summary: 'Refunds.' }, 'summary'],
    ['a summary too long for a meta description', { summary: 'Refunds and more. '.repeat(10) }, 'summary'],
    ['a date that is not a date', { lastUpdated: 'last spring' }, 'lastUpdated'],
    ['no date at all', { lastUpdated: undefined }, 'lastUpdated'],
  ])('refuses %s', (_case, change, path) => {
    expect(problemsOf(policySchema.safeParse({ ...policy, ...change }))).toEqual([path]);
  });
});

describe('season dates as Astro reads them', () => {
  it('takes an unquoted YAML date (a Date at UTC midnight) as the same YYYY-MM-DD', () => {
    const season = { name: 'Peak season', weeklyRateGbp: 4200, minNights: 7, changeoverDay: 'Saturday' };
    const parsed = propertySchema(image).parse({
      ...villa,
      seasons: [{ ...season, from: new Date('2026-12-19T00:00:00Z'), to: new Date('2027-01-15T00:00:00Z') }],
    });
    expect(parsed.seasons).toEqual([{ ...season, from: '2026-12-19', to: '2027-01-15' }]);
  });
});

describe('exchangeRatesSchema', () => {
  const rates = {
    asOf: '2026-11-25',
    currencies: [
      { currency: 'GBP', rupeesPerUnit: 117.2 },
      { currency: 'USD', rupeesPerUnit: 89.1 },
      { currency: 'AED', rupeesPerUnit: 24.26 },
      { currency: 'EUR', rupeesPerUnit: 103.4 },
    ],
  };
  const messagesFor = (value: unknown) =>
    exchangeRatesSchema
      .safeParse(value)
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('accepts the office’s rates with their date, and a Gulf currency beside the four', () => {
    expect(exchangeRatesSchema.safeParse(rates).success).toBe(true);
    expect(
      exchangeRatesSchema.safeParse({
        ...rates,
        currencies: [...rates.currencies, { currency: 'SAR', rupeesPerUnit: 23.7 }],
      }).success,
    ).toBe(true);
  });

  it.each([
    ['a date that is not one', { ...rates, asOf: '2026-11-31' }, 'asOf: asOf must be a real date'],
    [
      'a rate of nothing',
      { ...rates, currencies: [{ currency: 'GBP', rupeesPerUnit: 0 }, ...rates.currencies.slice(1)] },
      'currencies.0.rupeesPerUnit: rupeesPerUnit must be at least ₹0.01',
    ],
    [
      'a currency no page can name',
      { ...rates, currencies: [...rates.currencies, { currency: 'XYZ', rupeesPerUnit: 1 }] },
      'currencies.4.currency: currency must be one of',
    ],
    [
      'a currency twice',
      { ...rates, currencies: [...rates.currencies, { currency: 'GBP', rupeesPerUnit: 118 }] },
      'currencies.4.currency: GBP is given twice',
    ],
    [
      'dirhams left out',
      { ...rates, currencies: rates.currencies.filter(({ currency }) => currency !== 'AED') },
      'currencies: currencies must include AED',
    ],
  ])('refuses %s, saying which field', (_, value, message) => {
    expect(messagesFor(value)?.join('\n')).toContain(message);
  });
});
