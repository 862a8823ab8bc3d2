import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { addDays, daysBetween } from '../../lib/dates.ts';
import { findStayProblems } from '../../lib/stay-rules.ts';
import { overlapsBookedStay } from '../availability/calendar.ts';
import {
  describePicking,
  describeRefusal,
  findEarliestDeparture,
  firstBookedNightFrom,
  judgeDay,
  noStay,
  type PickedStay,
  pickDay,
  placeInStay,
} from './stay-picking.ts';

const today = '2027-01-01';
const rules = { today, minNights: 3 };
// Booked: the nights of 10–14 January (the guest leaves on the 15th) and 20–21 January.
const stays = [
  { arrival: '2027-01-10', departure: '2027-01-15' },
  { arrival: '2027-01-20', departure: '2027-01-22' },
];

describe('judgeDay', () => {
  test.each<[string, PickedStay, string, ReturnType<typeof judgeDay>]>([
    ['a free day as arrival', noStay, '2027-01-05', null],
    ['a day before today', noStay, '2026-12-31', 'past'],
    ['today', noStay, '2027-01-01', null],
    ['a booked night as arrival', noStay, '2027-01-12', 'booked'],
    ["a stay's departure morning as arrival", noStay, '2027-01-15', null],
    ['a day past the two-year horizon', noStay, '2029-01-02', 'beyond-horizon'],
    [
      'a departure too soon for the minimum stay',
      { arrival: '2027-01-05', departure: '' },
      '2027-01-07',
      'too-short',
    ],
    [
      'a departure exactly the minimum stay later',
      { arrival: '2027-01-05', departure: '' },
      '2027-01-08',
      null,
    ],
    [
      "a departure on a booked stay's arrival day",
      { arrival: '2027-01-05', departure: '' },
      '2027-01-10',
      null,
    ],
    [
      'a departure beyond a booked night',
      { arrival: '2027-01-05', departure: '' },
      '2027-01-11',
      'past-a-booking',
    ],
    [
      'a departure over 90 nights later',
      { arrival: '2027-02-01', departure: '' },
      addDays('2027-02-01', 91),
      'too-long',
    ],
    [
      'a day before the arrival, which starts again',
      { arrival: '2027-01-05', departure: '' },
      '2027-01-03',
      null,
    ],
    ['a booked day before the arrival', { arrival: '2027-01-16', departure: '' }, '2027-01-12', 'booked'],
    ['the arrival again, which clears it', { arrival: '2027-01-05', departure: '' }, '2027-01-05', null],
    [
      'a booked night once a whole stay is chosen',
      { arrival: '2027-01-02', departure: '2027-01-06' },
      '2027-01-11',
      'booked',
    ],
  ])('judges %s', (_, picked, date, refusal) => {
    expect(judgeDay(date, picked, stays, rules)).toBe(refusal);
  });
});

describe('pickDay', () => {
  it('takes the first day as the arrival and the next as the departure', () => {
    const arrival = pickDay('2027-01-05', noStay, stays, rules);
    expect(arrival).toEqual({ arrival: '2027-01-05', departure: '' });
    expect(pickDay('2027-01-09', arrival, stays, rules)).toEqual({
      arrival: '2027-01-05',
      departure: '2027-01-09',
    });
  });

  it('starts again from a day before the arrival, or after a whole stay is chosen', () => {
    expect(pickDay('2027-01-03', { arrival: '2027-01-05', departure: '' }, stays, rules)).toEqual({
      arrival: '2027-01-03',
      departure: '',
    });
    expect(pickDay('2027-01-16', { arrival: '2027-01-02', departure: '2027-01-06' }, stays, rules)).toEqual({
      arrival: '2027-01-16',
      departure: '',
    });
  });

  it('clears the arrival when it is pressed again', () => {
    expect(pickDay('2027-01-05', { arrival: '2027-01-05', departure: '' }, stays, rules)).toEqual(noStay);
  });

  it('leaves the stay as it was when a refused day is pressed', () => {
    const picked = { arrival: '2027-01-05', departure: '' };
    expect(pickDay('2027-01-06', picked, stays, rules)).toBe(picked);
    expect(pickDay('2027-01-12', noStay, stays, rules)).toBe(noStay);
  });

  it('never ends with a stay that overlaps a booked night or is shorter than the minimum', () => {
    const day = fc.integer({ min: -3, max: 60 }).map((offset) => addDays(today, offset));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 12 }), fc.integer({ min: 1, max: 7 }), (presses, minNights) => {
        const localRules = { today, minNights };
        let picked: PickedStay = noStay;
        for (const date of presses) picked = pickDay(date, picked, stays, localRules);
        if (picked.arrival && picked.departure) {
          expect(overlapsBookedStay(picked, stays)).toBe(false);
          expect(daysBetween(picked.arrival, picked.departure)).toBeGreaterThanOrEqual(minNights);
          expect(picked.arrival >= today).toBe(true);
        }
      }),
    );
  });
});

describe('picking a stay in peak weeks', () => {
  // Peak season: the nights of Saturday 2027-01-16 to Friday 2027-02-12, Saturday to Saturday, 7 nights at least.
  const peak = {
    name: 'Peak season',
    from: '2027-01-16',
    to: '2027-02-12',
    minNights: 7,
    changeoverDay: 'Saturday' as const,
  };
  const seasonal = { today, minNights: 3, seasons: [peak] };

  test.each<[string, PickedStay, string, ReturnType<typeof judgeDay>]>([
    ['a Saturday arrival in peak', noStay, '2027-01-23', null],
    ['a Sunday arrival in peak', noStay, '2027-01-24', 'changeover'],
    ['a Tuesday arrival before peak', noStay, '2027-01-12', null],
    ['a Saturday departure a week into peak', { arrival: '2027-01-23', departure: '' }, '2027-01-30', null],
    ['a Monday departure in peak', { arrival: '2027-01-23', departure: '' }, '2027-02-01', 'changeover'],
    [
      'a departure five nights into peak',
      { arrival: '2027-01-23', departure: '' },
      '2027-01-28',
      'too-short',
    ],
    [
      'four nights from a Tuesday, two of them in peak',
      { arrival: '2027-01-12', departure: '' },
      '2027-01-18',
      'too-short',
    ],
    [
      'a departure after peak, whatever the day',
      { arrival: '2027-02-06', departure: '' },
      '2027-02-15',
      null,
    ],
  ])('judges %s', (_, picked, date, refusal) => {
    expect(judgeDay(date, picked, [], seasonal)).toBe(refusal);
  });

  it('names the season in the words a screen reader hears', () => {
    expect(describeRefusal('changeover', seasonal, '2027-01-24')).toBe(
      'Peak season stays start and end on a Saturday',
    );
    expect(
      describeRefusal('too-short', seasonal, '2027-01-28', { arrival: '2027-01-23', departure: '' }),
    ).toBe('too short a stay, Peak season stays are at least 7 nights');
  });

  it('offers the first departure the season allows after an arrival', () => {
    expect(findEarliestDeparture('2027-01-23', seasonal)).toBe('2027-01-30');
    // Arriving Wednesday before peak: three nights end on Saturday, outside it.
    expect(findEarliestDeparture('2027-01-13', seasonal)).toBe('2027-01-16');
    expect(describePicking({ arrival: '2027-01-23', departure: '' }, seasonal)).toBe(
      'Arrival Sat, 23 January 2027. Now choose your departure day, Sat, 30 January 2027 or later.',
    );
  });

  it('never ends with a stay the booking form would refuse for its season', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((offset) => addDays(today, offset));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 12 }), (presses) => {
        let picked: PickedStay = noStay;
        for (const date of presses) picked = pickDay(date, picked, [], seasonal);
        if (picked.arrival && picked.departure) {
          const property = { name: 'Kovalam Cliff Villa', minNights: 3, sleeps: 8, seasons: [peak] };
          expect(findStayProblems({ ...picked, guests: 2 }, property, today)).toEqual({});
        }
      }),
    );
  });
});

describe('firstBookedNightFrom', () => {
  test.each([
    ['2027-01-01', '2027-01-10'],
    ['2027-01-12', '2027-01-12'],
    ['2027-01-15', '2027-01-20'],
    ['2027-01-22', null],
  ])('from %s finds %s', (date, night) => {
    expect(firstBookedNightFrom(date, stays)).toBe(night);
  });
});

describe('placeInStay', () => {
  const picked = { arrival: '2027-01-02', departure: '2027-01-05' };
  test.each([
    ['2027-01-02', 'arrival'],
    ['2027-01-03', 'night'],
    ['2027-01-05', 'departure'],
    ['2027-01-06', null],
  ])('%s is %s', (date, place) => {
    expect(placeInStay(date, picked)).toBe(place);
  });
});

describe('describePicking', () => {
  it('says what to press next, and the stay once it is whole', () => {
    expect(describePicking(noStay, rules)).toBe('Choose your arrival day. The shortest stay is 3 nights.');
    expect(describePicking({ arrival: '2027-01-05', departure: '' }, rules)).toBe(
      'Arrival Tue, 5 January 2027. Now choose your departure day, Fri, 8 January 2027 or later.',
    );
    expect(describePicking({ arrival: '2027-01-05', departure: '2027-01-09' }, rules)).toBe(
      'Tue, 5 January 2027 to Sat, 9 January 2027: 4 nights.',
    );
  });
});
