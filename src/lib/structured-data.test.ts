import { describe, expect, it } from 'vitest';
import { businessId, describeFaq, describeRental, serializeJsonLd } from './structured-data.ts';

describe('serializeJsonLd', () => {
  it.each([
    [{ name: 'Kayal Villas' }, '{"name":"Kayal Villas"}'],
    [
      { text: '</script><script>alert(1)</script>' },
      '{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    ],
  ])('writes %o as %s', (data, expected) => {
    expect(serializeJsonLd(data)).toBe(expected);
  });

  it('still parses back to the same data', () => {
    const data = { '@type': 'VacationRental', name: 'A <b>villa</b> & pool' };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});

describe('businessId', () => {
  it('is one fragment on the site root, whatever page asks', () => {
    expect(businessId(new URL('https://kayalvillas.in/villas/x'))).toBe('https://kayalvillas.in/#business');
  });
});

describe('describeFaq', () => {
  const url = new URL('https://kayalvillas.in/villas/kovalam-cliff-villa');
  const questions = [
    { question: 'Is the pool fenced?', answer: 'No, the infinity pool is unfenced.' },
    { question: 'How do I pay?', answer: 'By card over the phone once we confirm.' },
  ];

  it('is a schema.org FAQPage whose main entity is each question with its accepted answer, in order', () => {
    expect(describeFaq({ questions, url })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      '@id': 'https://kayalvillas.in/villas/kovalam-cliff-villa#faq',
      url: 'https://kayalvillas.in/villas/kovalam-cliff-villa',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is the pool fenced?',
          acceptedAnswer: { '@type': 'Answer', text: 'No, the infinity pool is unfenced.' },
        },
        {
          '@type': 'Question',
          name: 'How do I pay?',
          acceptedAnswer: { '@type': 'Answer', text: 'By card over the phone once we confirm.' },
        },
      ],
    });
  });

  it('survives an answer that would close its script element', () => {
    const data = describeFaq({ questions: [{ question: 'Tags?', answer: '</script> is harmless' }], url });
    const text = serializeJsonLd(data);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).mainEntity[0].acceptedAnswer.text).toBe('</script> is harmless');
  });
});

describe('describeRental with seasons', () => {
  const property = {
    name: 'Varkala Clifftop Villa',
    summary: 'Eight bedrooms and a pool on the cliffs.',
    location: 'Varkala',
    bedrooms: 8,
    bathrooms: 9,
    sleeps: 18,
    amenities: ['Pool'],
    weeklyRateGbp: 4800,
    salePriceInr: 9_800_000,
    seasons: [
      { name: 'Peak season', from: '2026-12-19', to: '2027-01-15', weeklyRateGbp: 7700, minNights: 7 },
      { name: 'Monsoon', from: '2027-06-01', to: '2027-09-30', weeklyRateGbp: 3350, minNights: 3 },
    ],
  } as unknown as Parameters<typeof describeRental>[0]['property'];
  const input = {
    kind: 'villas' as const,
    property,
    url: new URL('https://kayalvillas.in/villas/varkala-clifftop-villa'),
    imageUrls: [],
    siteUrl: new URL('https://kayalvillas.in/'),
  };
  const rentOf = (rental: ReturnType<typeof describeRental>) =>
    rental.makesOffer[0] as Record<string, unknown>;

  it('offers the rent from its lowest weekly rate, each season’s rate specified with its nights', () => {
    const rent = rentOf(describeRental({ ...input, today: '2026-11-24' }));
    expect(rent.price).toBe(3350);
    expect(rent.priceSpecification).toEqual([
      expect.objectContaining({ price: 4800, unitCode: 'WEE' }),
      expect.objectContaining({
        name: 'Peak season',
        price: 7700,
        validFrom: '2026-12-19',
        validThrough: '2027-01-15',
      }),
      expect.objectContaining({
        name: 'Monsoon',
        price: 3350,
        validFrom: '2027-06-01',
        validThrough: '2027-09-30',
      }),
    ]);
  });

  it('leaves out a season over before the build, so "from" stays a rate a guest can book', () => {
    const rent = rentOf(describeRental({ ...input, today: '2027-10-01' }));
    expect(rent.price).toBe(4800);
    expect(rent.priceSpecification).toEqual(expect.objectContaining({ price: 4800 }));
  });
});
