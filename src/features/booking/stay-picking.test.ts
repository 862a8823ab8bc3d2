import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { addDays, daysBetween } from '../../lib/dates.ts';
import { overlapsBookedStay } from '../availability/calendar.ts';
import {
  describePicking,
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
