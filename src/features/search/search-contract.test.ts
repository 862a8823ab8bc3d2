import { describe, expect, it } from 'vitest';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import { quoteStay } from '../../lib/pricing.ts';
import {
  describeStayPrice,
  describeUnavailable,
  type FreeResult,
  searchQuerySchema,
  type UnavailableResult,
} from './search-contract.ts';

const property = {
  slug: 'kovalam-cliff-villa',
  name: 'Kovalam Cliff Villa',
  kind: 'villas',
  path: '/villas/kovalam-cliff-villa',
  picture: null,
  sleeps: 8,
  bedrooms: 4,
  instantBook: false,
} as const;

describe('the search query', () => {
  it('reads a form’s text as the booking form does', () => {
    expect(searchQuerySchema.parse({ arrival: '2027-03-01', departure: '2027-03-09', guests: '4' })).toEqual({
      arrival: '2027-03-01',
      departure: '2027-03-09',
      guests: 4,
      instant: false,
    });
    expect(
      searchQuerySchema.parse({ arrival: '2027-03-01', departure: '2027-03-09', guests: '4', instant: '1' })
        .instant,
    ).toBe(true);
  });

  it.each([
    [{ arrival: '', departure: '2027-03-09', guests: '4' }, { arrival: 'Choose the arrival date' }],
    [
      { arrival: '2027-03-01', departure: '9 March', guests: '4' },
      { departure: expect.stringMatching(/real date/) },
    ],
    [{ arrival: '2027-03-01', departure: '2027-03-09', guests: '0' }, { guests: 'At least one guest stays' }],
  ])('refuses %o with the booking form’s message', (query, messages) => {
    const parsed = searchQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    // The first message of each field, as the API and the page show them.
    const fields = parsed.error ? firstErrorPerField(parsed.error) : {};
    expect(fields).toMatchObject(messages);
  });
});

describe('the words of a result', () => {
  it('prices a free stay as "£3,029 for 8 nights"', () => {
    const quote = quoteStay({
      weeklyRatePence: 265_000,
      arrival: '2027-03-01',
      departure: '2027-03-09',
      guests: 4,
      today: '2026-11-24',
    });
    const result: FreeResult = { status: 'free', ...property, quote };
    expect(describeStayPrice(result)).toBe('£3,029 for 8 nights');
  });

  it.each([
    [
      { status: 'booked', ...property, freeFrom: '2027-03-14' },
      'Not free then; free from Sun, 14 March 2027 for 8 nights',
    ],
    [
      { status: 'booked', ...property, freeFrom: null },
      'Not free then, nor for 8 nights within the next two years',
    ],
    [{ status: 'sleeps-fewer', ...property }, 'Sleeps at most 8'],
    [
      { status: 'stay-too-short', ...property, minNights: 5, season: null },
      'Not available for so short a stay: at least 5 nights',
    ],
    [
      { status: 'stay-too-short', ...property, minNights: 7, season: 'Peak season' },
      'Not available for so short a stay: Peak season stays are at least 7 nights',
    ],
    [
      { status: 'changeover-day', ...property, season: 'Peak season', day: 'Saturday' },
      'Peak season stays here start and end on a Saturday',
    ],
  ] satisfies [UnavailableResult, string][])('says why %o is not offered', (result, words) => {
    expect(describeUnavailable(result, 8)).toBe(words);
  });
});
