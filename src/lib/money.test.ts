import { describe, expect, it } from 'vitest';
import {
  convertInr,
  describeApproximatePrices,
  formatGbp,
  formatInr,
  formatMoney,
  formatPence,
} from './money.ts';

describe('formatInr', () => {
  it.each([
    [0, '₹0'],
    [850, '₹850'],
    [85_000, '₹85,000'],
    [99_999, '₹99,999'],
    [100_000, '₹1 lakh'],
    [150_000, '₹1.5 lakh'],
    [5_500_000, '₹55 lakh'],
    [6_500_000, '₹65 lakh'],
    [6_550_000, '₹65.5 lakh'],
    [9_800_000, '₹98 lakh'],
    [9_999_000, '₹99.99 lakh'],
    [9_999_600, '₹1 crore'],
    [10_000_000, '₹1 crore'],
    [12_300_000, '₹1.23 crore'],
    [15_600_000, '₹1.56 crore'],
    [17_800_000, '₹1.78 crore'],
    [17_849_999, '₹1.78 crore'],
    [24_500_000, '₹2.45 crore'],
    [125_000_000, '₹12.5 crore'],
    [12_340_000_000, '₹1,234 crore'],
  ])('%d rupees reads %s', (rupees, expected) => {
    expect(formatInr(rupees)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (rupees) => {
    expect(() => formatInr(rupees)).toThrow(RangeError);
  });
});

describe('formatGbp', () => {
  it.each([
    [0, '£0'],
    [950, '£950'],
    [2_650, '£2,650'],
    [12_400, '£12,400'],
    [378.57, '£378.57'],
    [1_893.5, '£1,893.50'],
  ])('%d pounds reads %s', (pounds, expected) => {
    expect(formatGbp(pounds)).toBe(expected);
  });

  it('refuses what is not a number', () => {
    expect(() => formatGbp(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPence', () => {
  it.each([
    [0, '£0'],
    [1, '£0.01'],
    [29, '£0.29'],
    [37_857, '£378.57'],
    [265_000, '£2,650'],
    [189_350, '£1,893.50'],
    [-53_000, '-£530'],
  ])('%d pence reads %s', (pence, expected) => {
    expect(formatPence(pence)).toBe(expected);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (pence) => {
    expect(() => formatPence(pence)).toThrow(RangeError);
  });
});

describe('convertInr', () => {
  // Intl puts a no-break space between a currency code and its amount.
  it.each([
    [6_500_000, 'GBP', 117.2, '£55,500'],
    [6_500_000, 'USD', 89.1, 'US$73,000'],
    [6_500_000, 'AED', 24.26, 'AED\u00a0268,000'],
    [6_500_000, 'EUR', 103.4, '€62,900'],
    [17_800_000, 'GBP', 117.2, '£152,000'],
    [3_800_000, 'KWD', 290, 'KWD\u00a013,100'],
    [0, 'GBP', 117.2, '£0'],
  ] as const)('₹%d in %s at %d reads %s', (rupees, currency, rate, expected) => {
    expect(convertInr(rupees, currency, rate)).toBe(expected);
  });

  it.each([
    [-1, 117.2],
    [Number.NaN, 117.2],
    [6_500_000, 0],
    [6_500_000, -3],
    [6_500_000, Number.POSITIVE_INFINITY],
  ])('refuses ₹%d at %d', (rupees, rate) => {
    expect(() => convertInr(rupees, 'GBP', rate)).toThrow(RangeError);
  });
});

describe('describeApproximatePrices', () => {
  it('marks the amounts approximate and gives the rates’ date', () => {
    expect(
      describeApproximatePrices(6_500_000, {
        asOf: '2026-11-25',
        currencies: [
          { currency: 'GBP', rupeesPerUnit: 117.2 },
          { currency: 'USD', rupeesPerUnit: 89.1 },
        ],
      }),
    ).toBe('approx. £55,500 · US$73,000 at our rates of 25 November 2026');
  });
});

describe('formatMoney', () => {
  it.each([
    [{ minor: 66_250, currency: 'GBP' }, '£662.50'],
    [{ minor: 265_000, currency: 'GBP' }, '£2,650'],
    [{ minor: 7_764_500, currency: 'INR' }, '₹77,645'],
    [{ minor: 7_764_550, currency: 'INR' }, '₹77,645.50'],
  ] as const)('writes %j as %s, in its own currency', (money, text) => {
    expect(formatMoney(money)).toBe(text);
  });
});
