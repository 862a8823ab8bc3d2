import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../lib/api-contract.ts';
import { availabilityAnswerSchema } from './availability-contract.ts';
import {
  buildMonthGrid,
  isNightBooked,
  monthOf,
  monthsBetween,
  overlapsBookedStay,
  shiftMonth,
  upcomingStays,
} from './calendar.ts';
import { availabilityPath, readConfirmedStays } from './use-availability.ts';

const stays = [{ arrival: '2027-03-10', departure: '2027-03-17' }];

describe('shiftMonth', () => {
  it.each([
    ['2027-03', 1, '2027-04'],
    ['2027-12', 1, '2028-01'],
    ['2027-01', -1, '2026-12'],
    ['2027-03', 24, '2029-03'],
    ['2027-03', -15, '2025-12'],
    ['2027-03', 0, '2027-03'],
  ])('%s shifted by %d is %s', (month, by, expected) => {
    expect(shiftMonth(month, by)).toBe(expected);
  });

  it.each(['2027-13', '2027-3', '27-03', ''])('refuses %j', (month) => {
    expect(() => shiftMonth(month, 1)).toThrow(RangeError);
  });
});

describe('monthsBetween and monthOf', () => {
  it.each([
    ['2027-03', '2027-03', 0],
    ['2027-03', '2028-02', 11],
    ['2027-03', '2026-12', -3],
  ])('from %s to %s is %d months', (from, to, expected) => {
    expect(monthsBetween(from, to)).toBe(expected);
  });

  it('takes the month of a date', () => {
    expect(monthOf('2027-03-14')).toBe('2027-03');
  });
});

describe('isNightBooked', () => {
  it.each([
    ['2027-03-09', false],
    ['2027-03-10', true],
    ['2027-03-16', true],
    // The departure day is free for the next arrival.
    ['2027-03-17', false],
  ])('the night of %s is booked: %s', (date, expected) => {
    expect(isNightBooked(date, stays)).toBe(expected);
  });
});

describe('overlapsBookedStay', () => {
  it.each([
    ['2027-03-03', '2027-03-10', false],
    ['2027-03-17', '2027-03-24', false],
    ['2027-03-03', '2027-03-11', true],
    ['2027-03-16', '2027-03-20', true],
    ['2027-03-12', '2027-03-14', true],
    ['2027-03-01', '2027-03-31', true],
  ])('%s to %s overlaps: %s', (arrival, departure, expected) => {
    expect(overlapsBookedStay({ arrival, departure }, stays)).toBe(expected);
  });
});

describe('upcomingStays', () => {
  it('keeps the stays not yet over, earliest first', () => {
    const later = { arrival: '2027-05-01', departure: '2027-05-08' };
    const over = { arrival: '2027-01-01', departure: '2027-01-08' };
    expect(upcomingStays([later, over, ...stays], '2027-03-16')).toEqual([...stays, later]);
    expect(upcomingStays(stays, '2027-03-17')).toEqual([]);
  });
});

describe('buildMonthGrid', () => {
  it('starts weeks on Monday and pads with empty days', () => {
    // 1 March 2027 is a Monday, 31 March a Wednesday.
    const grid = buildMonthGrid('2027-03', [], '2027-01-01');
    expect(grid.weeks).toHaveLength(5);
    expect(grid.weeks[0]?.[0]?.date).toBe('2027-03-01');
    expect(grid.weeks[4]?.map((day) => day?.day ?? null)).toEqual([29, 30, 31, null, null, null, null]);
  });

  it.each([
    // month, empty days before the 1st, weeks
    ['2027-02', 0, 4], // February 2027 starts on a Monday and has 28 days
    ['2026-11', 6, 6], // 1 November 2026 is a Sunday
    ['2028-02', 1, 5], // a leap February starting on a Tuesday
    ['2027-08', 6, 6],
  ])('%s has %d empty days before the 1st and %d weeks', (month, leading, weeks) => {
    const grid = buildMonthGrid(month, [], '2026-01-01');
    expect(grid.weeks[0]?.findIndex((day) => day !== null)).toBe(leading);
    expect(grid.weeks).toHaveLength(weeks);
    const days = grid.weeks.flat().filter((day) => day !== null);
    expect(days.at(-1)?.date.slice(0, 7)).toBe(month);
    expect(grid.weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('marks booked nights, past days and today', () => {
    const days = buildMonthGrid('2027-03', stays, '2027-03-12')
      .weeks.flat()
      .filter((day) => day !== null);
    expect(days.filter((day) => day.booked).map((day) => day.day)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(days.filter((day) => day.past).map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(days.filter((day) => day.today).map((day) => day.date)).toEqual(['2027-03-12']);
  });
});

describe('readConfirmedStays', () => {
  it.each([
    [{ property: 'x', confirmed: [] }, []],
    [{ property: 'x', confirmed: stays }, stays],
    [{ confirmed: [{ arrival: '2027-03-10', departure: 'soon' }] }, null],
    [{ confirmed: [null] }, null],
    [{ confirmed: 'none' }, null],
    [{ error: { code: 'not_found' } }, null],
    [null, null],
  ])('reads %j as %j', (answer, expected) => {
    expect(readConfirmedStays(answer)).toEqual(expected);
  });

  it.each([
    { property: 'x', confirmed: stays },
    { property: 'x', confirmed: [] },
    { property: 'x', confirmed: [{ arrival: '2027-03-10', departure: '2027-02-30' }] },
    { property: 'x', confirmed: [{ arrival: '2027-03-10' }] },
    { property: 'x', confirmed: [null] },
    { property: 'x', confirmed: 'none' },
  ])('reads the stays of %j exactly when the availability answer schema accepts it', (answer) => {
    const parsed = availabilityAnswerSchema.safeParse(answer);
    expect(readConfirmedStays(answer)).toEqual(parsed.success ? parsed.data.confirmed : null);
  });
});

describe('availabilityPath', () => {
  it('asks the availability route of the API contract for one property', () => {
    expect(availabilityPath('kovalam-cliff-villa')).toBe(
      `${apiRoutes.availability}?property=kovalam-cliff-villa`,
    );
  });
});
