import { describe, expect, it } from 'vitest';
import { describeSeasonProblem, listSeasonProblems } from './season-problems.ts';

const high = { name: 'High season', from: '2026-10-01', to: '2026-12-18', weeklyRateGbp: 3200, minNights: 5 };
const peak = {
  name: 'Peak season',
  from: '2026-12-19',
  to: '2027-01-15',
  weeklyRateGbp: 4250,
  minNights: 7,
  changeoverDay: 'Saturday',
};

/** Each problem as the editor lists it above the seasons. */
const describeAll = (seasons: unknown[]) =>
  listSeasonProblems(seasons).map((problem) => describeSeasonProblem(problem, seasons));

describe('the seasons checked in the editor by the build’s own schema', () => {
  it.each([
    ['no seasons', []],
    ['seasons in date order, one starting the day after the other ends', [high, peak]],
  ])('accepts %s', (_, seasons) => {
    expect(listSeasonProblems(seasons)).toEqual([]);
  });

  it.each([
    [
      'a last night before the first',
      [{ ...high, to: '2026-09-01' }],
      /^Season 1 \(High season\): The last night must be after the first night$/,
    ],
    [
      'a season overlapping the one before',
      [{ ...high, to: '2026-12-25' }, peak],
      /^Season 2 \(Peak season\): The first night \(2026-12-19\) must be after the last night of High season \(2026-12-25\)/,
    ],
    [
      'seasons out of date order',
      [peak, high],
      /^Season 2 \(High season\): The first night \(2026-10-01\) must be after/,
    ],
    [
      'a date written the British way',
      [{ ...high, to: '18/12/2026' }],
      /^Season 1 \(High season\): The last night must be a real date written YYYY-MM-DD/,
    ],
    ['a date left empty', [{ ...high, from: '' }], /^Season 1 \(High season\): The first night must be/],
    [
      'a rate below the least the build takes',
      [{ ...high, weeklyRateGbp: 50 }],
      /^Season 1 \(High season\): The weekly rate must be at least £100/,
    ],
  ])('refuses %s, naming the season and the field', (_, seasons, message) => {
    const problems = describeAll(seasons);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('names a season without a name by its place alone', () => {
    expect(describeAll([{ ...high, name: '', to: '2026-09-01' }])).toContain(
      'Season 1: The last night must be after the first night',
    );
  });
});
