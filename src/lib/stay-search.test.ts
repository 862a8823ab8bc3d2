import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  findNextFreeArrival,
  findSearchProblems,
  judgeStay,
  latestArrivalFrom,
  overlaps,
  type TakenStay,
} from './stay-search.ts';

const today = '2027-01-10';
const villa = { sleeps: 8, minNights: 5 };
const stay = (arrival: string, departure: string) => ({ arrival, departure });

describe('findSearchProblems', () => {
  it.each([
    ['a good search', { arrival: '2027-02-01', departure: '2027-02-03', guests: 20 }, {}],
    [
      'arrival in the past',
      { arrival: '2027-01-09', departure: '2027-01-20', guests: 2 },
      { arrival: 'Choose an arrival date from today on' },
    ],
    [
      'departure before arrival',
      { arrival: '2027-02-05', departure: '2027-02-01', guests: 2 },
      { departure: 'Choose a departure date after the arrival date' },
    ],
    [
      'more than 90 nights',
      { arrival: '2027-02-01', departure: '2027-05-03', guests: 2 },
      { departure: 'For stays longer than 90 nights, please contact us' },
    ],
    [
      'beyond the horizon',
      { arrival: '2029-01-10', departure: '2029-01-20', guests: 2 },
      { arrival: 'We take requests up to two years ahead, until 2029-01-09' },
    ],
  ])('%s', (_, search, problems) => {
    expect(findSearchProblems(search, today)).toEqual(problems);
  });

  it('leaves one night and any party size to each property, never refusing the whole search', () => {
    expect(findSearchProblems({ arrival: '2027-02-01', departure: '2027-02-02', guests: 50 }, today)).toEqual(
      {},
    );
  });
});

describe('judgeStay', () => {
  const week = { arrival: '2027-03-01', departure: '2027-03-08', guests: 4 };

  it.each([
    ['nothing booked', week, [], { status: 'free' }],
    ['a stay that leaves on the arrival day', week, [stay('2027-02-20', '2027-03-01')], { status: 'free' }],
    [
      'a stay that arrives on the departure day',
      week,
      [stay('2027-03-08', '2027-03-15')],
      { status: 'free' },
    ],
    ['more guests than it sleeps', { ...week, guests: 9 }, [], { status: 'sleeps-fewer', sleeps: 8 }],
    [
      'fewer nights than its minimum',
      { ...week, departure: '2027-03-05' },
      [],
      { status: 'stay-too-short', minNights: 5, season: null },
    ],
    [
      'too many guests outranks booked dates',
      { ...week, guests: 9 },
      [stay('2027-03-02', '2027-03-04')],
      { status: 'sleeps-fewer', sleeps: 8 },
    ],
    [
      'a stay inside the chosen one, free the day it leaves',
      week,
      [stay('2027-03-02', '2027-03-04')],
      { status: 'booked', freeFrom: '2027-03-04' },
    ],
    [
      'back-to-back stays push the next free date past both',
      week,
      [stay('2027-02-25', '2027-03-05'), stay('2027-03-05', '2027-03-20')],
      { status: 'booked', freeFrom: '2027-03-20' },
    ],
    [
      'a gap too short for the same nights is skipped',
      week,
      [stay('2027-03-01', '2027-03-10'), stay('2027-03-15', '2027-03-30')],
      { status: 'booked', freeFrom: '2027-03-30' },
    ],
    [
      'a gap exactly as long as the stay is taken',
      week,
      [stay('2027-03-01', '2027-03-10'), stay('2027-03-17', '2027-03-30')],
      { status: 'booked', freeFrom: '2027-03-10' },
    ],
  ])('%s', (_, chosen, taken, verdict) => {
    expect(judgeStay(chosen, villa, taken, today)).toEqual(verdict);
  });

  it('says no next date when none is free within the two-year horizon', () => {
    const untilHorizon = stay('2027-02-01', addDays(latestArrivalFrom(today), 3));
    expect(judgeStay(week, villa, [untilHorizon], today)).toEqual({ status: 'booked', freeFrom: null });
  });

  it('offers the last day of the horizon itself as an arrival', () => {
    const latest = latestArrivalFrom(today);
    expect(judgeStay(week, villa, [stay('2027-02-01', latest)], today)).toEqual({
      status: 'booked',
      freeFrom: latest,
    });
  });
});

describe('judgeStay in a peak week', () => {
  const seasonal = {
    ...villa,
    seasons: [
      {
        name: 'Peak season',
        from: '2027-12-18',
        to: '2028-01-14',
        minNights: 7,
        changeoverDay: 'Saturday' as const,
      },
    ],
  };

  it.each([
    // 2027-12-18 and 2027-12-25 are Saturdays.
    ['a peak week from Saturday to Saturday', stay('2027-12-18', '2027-12-25'), { status: 'free' }],
    [
      'five nights running into peak',
      stay('2027-12-15', '2027-12-20'),
      { status: 'stay-too-short', minNights: 7, season: 'Peak season' },
    ],
    [
      'a peak week from Sunday to Sunday',
      stay('2027-12-19', '2027-12-26'),
      { status: 'changeover-day', season: 'Peak season', day: 'Saturday' },
    ],
    ['a stay leaving peak on a Monday', stay('2028-01-08', '2028-01-17'), { status: 'free' }],
    [
      'a stay ending in peak on a Monday',
      stay('2027-12-11', '2027-12-20'),
      { status: 'changeover-day', season: 'Peak season', day: 'Saturday' },
    ],
  ])('%s', (_, dates, verdict) => {
    expect(judgeStay({ ...dates, guests: 4 }, seasonal, [], today)).toEqual(verdict);
  });

  it('offers as "free from" only a later arrival the season allows: a Saturday in peak weeks', () => {
    // A peak week from Saturday 2027-12-18 is taken; the next Saturday-to-Saturday week is free.
    const taken = [stay('2027-12-18', '2027-12-25')];
    expect(judgeStay({ ...stay('2027-12-18', '2027-12-25'), guests: 4 }, seasonal, taken, today)).toEqual({
      status: 'booked',
      freeFrom: '2027-12-25',
    });
    // Taken until Monday the 27th: the next free Saturday arrival is 1 January, not the 27th.
    const longer = [stay('2027-12-18', '2027-12-27')];
    expect(judgeStay({ ...stay('2027-12-18', '2027-12-25'), guests: 4 }, seasonal, longer, today)).toEqual({
      status: 'booked',
      freeFrom: '2028-01-01',
    });
  });

  it('judges the changeover day before the booked dates, as the booking form would refuse it anyway', () => {
    const taken = [stay('2027-12-20', '2027-12-22')];
    expect(
      judgeStay({ ...stay('2027-12-19', '2027-12-26'), guests: 4 }, seasonal, taken, today),
    ).toMatchObject({
      status: 'changeover-day',
    });
  });
});

describe('findNextFreeArrival, for any taken stays', () => {
  const base = '2027-01-01';
  const day = (offset: number) => addDays(base, offset);
  const takenStays = fc.array(
    fc.record({ start: fc.integer({ min: 0, max: 200 }), nights: fc.integer({ min: 1, max: 30 }) }),
    { maxLength: 25 },
  );
  const chosen = fc.record({
    start: fc.integer({ min: 0, max: 200 }),
    nights: fc.integer({ min: 1, max: 20 }),
  });
  const latestOffset = fc.integer({ min: 0, max: 300 });

  it('answers the earliest later arrival whose nights are all free, within the horizon, or null', () => {
    fc.assert(
      fc.property(takenStays, chosen, latestOffset, (raw, wanted, latest) => {
        const taken: TakenStay[] = raw.map(({ start, nights }) => stay(day(start), day(start + nights)));
        const isFree = (start: number) =>
          !taken.some((other) => overlaps(other, stay(day(start), day(start + wanted.nights))));
        const answer = findNextFreeArrival(
          taken,
          stay(day(wanted.start), day(wanted.start + wanted.nights)),
          day(latest),
        );
        // The same question asked the slow way: every later day in turn.
        let expected: string | null = null;
        for (let start = wanted.start + 1; start <= latest; start++) {
          if (isFree(start)) {
            expected = day(start);
            break;
          }
        }
        expect(answer).toBe(expected);
      }),
    );
  });
});
