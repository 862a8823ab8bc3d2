import { describe, expect, it } from 'vitest';
import { formatGbp, formatInr, formatPence } from './money.ts';

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
