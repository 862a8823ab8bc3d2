import { describe, expect, it } from 'vitest';
import {
  describeMinimumStayFor,
  describeMinimumStays,
  describeSeasonDates,
  findLowestWeeklyRatePence,
  findMinimumStay,
  findMissedChangeovers,
  findSeasonOfNight,
  hasSeasonalRates,
  listSeasonsStillAhead,
  weekdayOf,
} from './seasons.ts';

const high = {
  name: 'High season',
  from: '2027-10-01',
  to: '2027-12-17',
  weeklyRatePence: 320_000,
  minNights: 5,
};
const peak = {
  name: 'Peak season',
  from: '2027-12-18',
  to: '2028-01-14',
  weeklyRatePence: 425_000,
  minNights: 7,
  changeoverDay: 'Saturday' as const,
};
const monsoon = {
  name: 'Monsoon',
  from: '2028-06-01',
  to: '2028-09-30',
  weeklyRatePence: 185_000,
  minNights: 3,
};
const seasons = [high, peak, monsoon];
const terms = { weeklyRatePence: 265_000, minNights: 5, seasons };

describe('the seasons of a night', () => {
  it('reads a weekday in every time zone, from the calendar date', () => {
    expect(weekdayOf('2027-12-18')).toBe('Saturday');
    expect(weekdayOf('2028-02-29')).toBe('Tuesday');
  });

  it('counts `to` as the season’s last night, and the night after it as the next season’s', () => {
    expect(findSeasonOfNight(seasons, '2027-12-17')).toBe(high);
    expect(findSeasonOfNight(seasons, '2027-12-18')).toBe(peak);
    expect(findSeasonOfNight(seasons, '2028-01-15')).toBeUndefined();
  });
});

describe('findMinimumStay', () => {
  it.each([
    ['wholly in high season', '2027-11-01', '2027-11-04', 5, 'High season'],
    ['touching one peak night', '2027-12-15', '2027-12-19', 7, 'Peak season'],
    ['ending the morning peak starts', '2027-12-12', '2027-12-18', 5, 'High season'],
    ['in the monsoon, shorter than the own minimum', '2028-06-10', '2028-06-12', 3, 'Monsoon'],
    ['from the monsoon into the own terms', '2028-09-29', '2028-10-02', 5, null],
  ])('is the strictest of the seasons a stay touches: %s', (_, arrival, departure, minNights, season) => {
    const minimum = findMinimumStay({ arrival, departure }, terms);
    expect(minimum.minNights).toBe(minNights);
    expect(minimum.season?.name ?? null).toBe(season);
  });
});

describe('findMissedChangeovers', () => {
  it.each([
    ['Saturday to Saturday in peak', '2027-12-18', '2027-12-25', {}],
    ['Sunday to Sunday in peak', '2027-12-19', '2027-12-26', { arrival: peak, departure: peak }],
    ['from high season to a peak Wednesday', '2027-12-10', '2027-12-22', { departure: peak }],
    ['from a peak Saturday out on a Monday after it', '2028-01-08', '2028-01-17', {}],
    ['spanning the whole peak', '2027-12-10', '2028-01-20', {}],
  ])('%s', (_, arrival, departure, missed) => {
    expect(findMissedChangeovers({ arrival, departure }, seasons)).toEqual(missed);
  });
});

describe('what the pages say', () => {
  it('gives a season’s nights in short', () => {
    expect(describeSeasonDates(peak)).toBe('18 Dec 2027 – 14 Jan 2028');
  });

  it('teases the lowest rate, and says "from" only when rates differ', () => {
    expect(findLowestWeeklyRatePence(terms)).toBe(185_000);
    expect(hasSeasonalRates(terms)).toBe(true);
    expect(hasSeasonalRates({ ...terms, seasons: [] })).toBe(false);
    expect(findLowestWeeklyRatePence({ ...terms, seasons: [] })).toBe(265_000);
  });

  it('gives the range of shortest stays', () => {
    expect(describeMinimumStays(terms)).toBe('3 to 7 nights by season');
    expect(describeMinimumStays({ minNights: 5 })).toBe('5 nights');
  });

  it.each([
    [{ arrival: '2027-12-20', departure: '2027-12-27' }, 'This stay needs at least 7 nights: Peak season.'],
    [{ arrival: '2027-12-14', departure: '2027-12-21' }, 'This stay needs at least 7 nights: Peak season.'],
    [{ arrival: '2027-12-14', departure: '' }, 'This stay needs at least 5 nights: High season.'],
    [{ arrival: '2028-07-01', departure: '2028-07-04' }, 'This stay needs at least 3 nights: Monsoon.'],
    [{ arrival: '2028-03-01', departure: '2028-03-08' }, 'This stay needs at least 5 nights.'],
  ])('says the rule of the stay %o once dates are chosen: "%s"', (stay, words) => {
    expect(describeMinimumStayFor(stay, terms)).toBe(words);
  });

  it('hands the pages only the seasons not over, in pence', () => {
    const content = [
      { name: 'High season', from: '2027-10-01', to: '2027-12-17', weeklyRateGbp: 3200, minNights: 5 },
      { name: 'Monsoon', from: '2028-06-01', to: '2028-09-30', weeklyRateGbp: 1850, minNights: 3 },
    ];
    expect(listSeasonsStillAhead(content, '2027-12-18')).toEqual([
      { name: 'Monsoon', from: '2028-06-01', to: '2028-09-30', weeklyRatePence: 185_000, minNights: 3 },
    ]);
    expect(listSeasonsStillAhead(content, '2027-12-17')).toHaveLength(2);
  });
});
