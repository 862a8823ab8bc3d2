import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatDate,
  formatMonth,
  formatStayDate,
  isIsoDate,
  isoDate,
} from './dates.ts';

describe('isIsoDate', () => {
  it.each([
    ['2027-01-15', true],
    ['2028-02-29', true],
    ['0099-12-31', true],
    ['0001-01-01', true],
    // 1 BC in ISO; PostgreSQL would refuse it.
    ['0000-01-01', false],
    ['2027-02-29', false],
    ['2027-02-30', false],
    ['2027-13-01', false],
    ['2027-00-10', false],
    ['2027-1-5', false],
    ['2027-01-15T00:00:00Z', false],
    [' 2027-01-15', false],
    ['', false],
  ])('%s: %s', (text, expected) => {
    expect(isIsoDate(text)).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2027-01-31', 1, '2027-02-01'],
    ['2027-12-31', 1, '2028-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2027-03-01', -45, '2027-01-15'],
    ['2028-03-15', -45, '2028-01-30'],
    // The UK and Europe change their clocks on these nights; a calendar date does not notice.
    ['2027-03-27', 1, '2027-03-28'],
    ['2027-10-30', 1, '2027-10-31'],
    ['0099-12-31', 1, '0100-01-01'],
    ['2027-06-01', 0, '2027-06-01'],
  ])('%s %+d days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2027-02-30', 1],
    ['2027-06-01', 1.5],
    ['9999-12-31', 1],
  ])('refuses %s %+d days', (date, days) => {
    expect(() => addDays(date, days)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2027-03-01', '2027-03-08', 7],
    ['2027-03-08', '2027-03-01', -7],
    ['2027-12-25', '2028-01-04', 10],
    ['2028-02-01', '2028-03-01', 29],
    ['2027-02-01', '2027-03-01', 28],
    ['2027-06-01', '2027-06-01', 0],
  ])('from %s to %s is %d days', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it('refuses a malformed date', () => {
    expect(() => daysBetween('2027-06-01', '01/07/2027')).toThrow(RangeError);
  });

  it('undoes addDays', () => {
    const dates = fc.integer({ min: 0, max: 2_000_000 }).map((day) => addDays('1000-01-01', day));
    fc.assert(
      fc.property(dates, fc.integer({ min: -100_000, max: 100_000 }), (date, days) => {
        const later = addDays(date, days);
        expect(isIsoDate(later)).toBe(true);
        expect(daysBetween(date, later)).toBe(days);
        expect(addDays(later, -days)).toBe(date);
      }),
    );
  });
});

describe('formatMonth', () => {
  it.each([
    ['2028-03', 'March 2028'],
    ['2027-12', 'December 2027'],
    ['2026-01', 'January 2026'],
  ])('%s reads %s', (month, expected) => {
    expect(formatMonth(month)).toBe(expected);
  });

  it.each(['2028-13', '2028-3', 'March 2028'])('refuses %s', (month) => {
    expect(() => formatMonth(month)).toThrow(RangeError);
  });
});

describe('dates', () => {
  it.each([
    ['2026-08-20', '20 August 2026'],
    ['2026-01-01', '1 January 2026'],
  ])('%s reads %s and keeps its ISO form', (iso, expected) => {
    const date = new Date(iso);
    expect(formatDate(date)).toBe(expected);
    expect(isoDate(date)).toBe(iso);
  });
});

describe('formatStayDate', () => {
  it.each([
    ['2027-03-14', 'Sun, 14 March 2027'],
    ['2028-02-29', 'Tue, 29 February 2028'],
    ['2027-01-01', 'Fri, 1 January 2027'],
  ])('%s reads %s', (date, expected) => {
    expect(formatStayDate(date)).toBe(expected);
  });

  it.each(['2027-02-30', '14/03/2027', ''])('refuses %j', (date) => {
    expect(() => formatStayDate(date)).toThrow(RangeError);
  });
});
