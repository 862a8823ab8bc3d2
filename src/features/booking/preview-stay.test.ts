import { describe, expect, it } from 'vitest';
import type { BookableProperty } from './booking-contract.ts';
import { previewStay } from './preview-stay.ts';

const villa: BookableProperty = {
  slug: 'kovalam-cliff-villa',
  name: 'Kovalam Cliff Villa',
  kind: 'villas',
  weeklyRatePence: 265_000,
  sleeps: 8,
  minNights: 5,
  seasons: [],
};
const today = '2027-01-01';

describe('previewStay', () => {
  it('prices a whole stay the property takes, with the two-guest discount', () => {
    const { problems, quote } = previewStay(
      { arrival: '2027-03-01', departure: '2027-03-08', guests: '2' },
      villa,
      today,
    );
    expect(problems).toEqual({});
    expect(quote).toMatchObject({
      nights: 7,
      subtotalPence: 265_000,
      discountPence: 53_000,
      totalPence: 212_000,
    });
    expect(quote?.balanceDueDate).toBe('2027-01-15');
  });

  it.each([
    ['no property chosen', undefined, { arrival: '2027-03-01', departure: '2027-03-08', guests: '3' }, {}],
    ['no dates yet', villa, { arrival: '', departure: '', guests: '3' }, {}],
    ['no guests yet', villa, { arrival: '2027-03-01', departure: '2027-03-08', guests: '' }, {}],
    ['half-typed guests', villa, { arrival: '2027-03-01', departure: '2027-03-08', guests: '2x' }, {}],
    [
      'too short a stay',
      villa,
      { arrival: '2027-03-01', departure: '2027-03-04', guests: '3' },
      { departure: 'Kovalam Cliff Villa takes stays of at least 5 nights' },
    ],
    [
      'departure before arrival',
      villa,
      { arrival: '2027-03-08', departure: '2027-03-01', guests: '3' },
      { departure: 'Choose a departure date after the arrival date' },
    ],
    [
      'too many guests',
      villa,
      { arrival: '2027-03-01', departure: '2027-03-08', guests: '9' },
      { guests: 'Kovalam Cliff Villa sleeps at most 8' },
    ],
    [
      'an arrival in the past',
      villa,
      { arrival: '2026-12-20', departure: '2026-12-27', guests: '3' },
      { arrival: 'Choose an arrival date from today on' },
    ],
  ])('shows no price for %s', (_, property, values, problems) => {
    expect(previewStay(values, property, today)).toEqual({ problems, quote: null });
  });

  it('asks for everything on confirmation when arrival is 45 days away or less', () => {
    const { quote } = previewStay(
      { arrival: '2027-02-15', departure: '2027-02-22', guests: '3' },
      villa,
      today,
    );
    expect(quote).toMatchObject({
      discountPence: 0,
      depositPence: 265_000,
      balancePence: 0,
      balanceDueDate: null,
    });
  });

  describe('across seasons, with the rules and prices the server uses', () => {
    const seasonal: BookableProperty = {
      ...villa,
      seasons: [
        { name: 'High season', from: '2027-10-01', to: '2027-12-17', weeklyRatePence: 320_000, minNights: 5 },
        {
          name: 'Peak season',
          from: '2027-12-18',
          to: '2028-01-14',
          weeklyRatePence: 425_000,
          minNights: 7,
          changeoverDay: 'Saturday',
        },
      ],
    };

    it('prices a stay crossing into peak season by season', () => {
      const { problems, quote } = previewStay(
        { arrival: '2027-12-13', departure: '2027-12-25', guests: '4' },
        seasonal,
        today,
      );
      expect(problems).toEqual({});
      expect(quote?.lines).toEqual([
        // £3,200 a week makes a £457 night.
        { season: 'High season', nights: 5, weeklyRatePence: 320_000, amountPence: 228_500 },
        { season: 'Peak season', nights: 7, weeklyRatePence: 425_000, amountPence: 425_000 },
      ]);
      expect(quote?.subtotalPence).toBe(653_500);
    });

    it('shows no price for a peak stay leaving on a Wednesday, and says why on the departure', () => {
      expect(
        previewStay({ arrival: '2027-12-13', departure: '2027-12-22', guests: '4' }, seasonal, today),
      ).toEqual({
        problems: { departure: 'Peak season stays at Kovalam Cliff Villa start and end on a Saturday' },
        quote: null,
      });
    });
  });
});
