import { describe, expect, it } from 'vitest';
import { describeChart } from './ComparisonChart.tsx';
import { type ComparedRow, occupancyPercent } from './numbers.ts';
import { findSeason, nightsInMonth, seasonStarting } from './numbers-contract.ts';

describe('findSeason', () => {
  it.each([
    ['2026-11-28', '2026-10-01', '2027-09-30', '2026–27'],
    ['2026-10-01', '2026-10-01', '2027-09-30', '2026–27'],
    ['2026-09-30', '2025-10-01', '2026-09-30', '2025–26'],
    ['2027-01-01', '2026-10-01', '2027-09-30', '2026–27'],
    ['2099-12-31', '2099-10-01', '2100-09-30', '2099–00'],
  ])('puts %s in the season from %s to %s (%s)', (day, from, through, label) => {
    expect(findSeason(day)).toMatchObject({ from, through, label });
  });

  it('lists twelve months from October to September', () => {
    expect(seasonStarting(2026).months).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
    ]);
  });
});

describe('nightsInMonth', () => {
  it.each([
    ['2027-02', 28],
    ['2028-02', 29],
    ['2026-11', 30],
    ['2026-12', 31],
  ])('gives %s %i nights', (month, nights) => {
    expect(nightsInMonth(month)).toBe(nights);
  });
});

describe('occupancyPercent', () => {
  it.each([
    [0, 0, 0],
    [0, 31, 0],
    [31, 31, 100],
    [10, 30, 33],
    [2, 3, 67],
  ])('%i of %i nights is %i%', (nightsBooked, nightsAvailable, percent) => {
    expect(occupancyPercent({ nightsBooked, nightsAvailable, confirmedPence: 0, receivedPence: 0 })).toBe(
      percent,
    );
  });
});

describe('describeChart', () => {
  const totals = (nightsBooked: number) => ({
    nightsBooked,
    nightsAvailable: 30,
    confirmedPence: 0,
    receivedPence: 0,
  });
  const rows: ComparedRow[] = [
    { key: 'a', label: 'A Villa', thisYear: totals(3), lastYear: totals(9) },
    { key: 'b', label: 'B Villa', thisYear: totals(15), lastYear: totals(6) },
  ];
  it('names the season’s highest row beside last season’s figure', () => {
    expect(
      describeChart(rows, occupancyPercent, (value) => `${value}%`, {
        thisYear: '2026–27',
        lastYear: '2025–26',
      }),
    ).toBe(
      'Bars of 2026–27 beside 2025–26 for 2 properties. Highest in 2026–27: B Villa, 50% (2025–26: 20%). ' +
        'The table below gives every figure.',
    );
  });
});
