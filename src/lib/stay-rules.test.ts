import { describe, expect, it } from 'vitest';
import { todayInKerala } from './dates.ts';
import { findStayProblems } from './stay-rules.ts';

const villa = { name: 'Kovalam Cliff Villa', minNights: 5, sleeps: 8 };
const today = '2027-01-10';

describe('findStayProblems', () => {
  it.each([
    ['a good stay', { arrival: '2027-02-01', departure: '2027-02-08', guests: 2 }, {}],
    ['arriving today', { arrival: today, departure: '2027-01-15', guests: 8 }, {}],
    [
      'arrival in the past',
      { arrival: '2027-01-09', departure: '2027-01-20', guests: 2 },
      { arrival: 'Choose an arrival date from today on' },
    ],
    [
      'more than two years ahead',
      { arrival: '2029-01-10', departure: '2029-01-20', guests: 2 },
      { arrival: 'We take requests up to two years ahead, until 2029-01-09' },
    ],
    [
      'departure on arrival',
      { arrival: '2027-02-01', departure: '2027-02-01', guests: 2 },
      { departure: 'Choose a departure date after the arrival date' },
    ],
    [
      'departure before arrival',
      { arrival: '2027-02-05', departure: '2027-02-01', guests: 2 },
      { departure: 'Choose a departure date after the arrival date' },
    ],
    [
      'shorter than the minimum',
      { arrival: '2027-02-01', departure: '2027-02-05', guests: 2 },
      { departure: 'Kovalam Cliff Villa takes stays of at least 5 nights' },
    ],
    [
      'longer than 90 nights',
      { arrival: '2027-02-01', departure: '2027-05-03', guests: 2 },
      { departure: 'For stays longer than 90 nights, please contact us' },
    ],
    [
      'too many guests',
      { arrival: '2027-02-01', departure: '2027-02-08', guests: 9 },
      { guests: 'Kovalam Cliff Villa sleeps at most 8' },
    ],
    ['dates not yet chosen', { arrival: '', departure: '', guests: 2 }, {}],
  ])('%s', (_, stay, expected) => {
    expect(findStayProblems(stay, villa, today)).toEqual(expected);
  });
});

describe('findStayProblems across seasons', () => {
  const varkala = {
    name: 'Varkala Clifftop Villa',
    minNights: 5,
    sleeps: 18,
    seasons: [
      { name: 'High season', from: '2027-10-01', to: '2027-12-17', minNights: 5 },
      {
        name: 'Peak season',
        from: '2027-12-18',
        to: '2028-01-14',
        minNights: 7,
        changeoverDay: 'Saturday' as const,
      },
      { name: 'High season', from: '2028-01-15', to: '2028-03-31', minNights: 5 },
      { name: 'Monsoon', from: '2028-06-01', to: '2028-09-30', minNights: 3 },
    ],
  };
  const changeover = 'Peak season stays at Varkala Clifftop Villa start and end on a Saturday';

  it.each([
    // 2027-12-18 and 2027-12-25 are Saturdays.
    ['a peak week from Saturday to Saturday', { arrival: '2027-12-18', departure: '2027-12-25' }, {}],
    ['high season into a peak Saturday', { arrival: '2027-12-13', departure: '2027-12-25' }, {}],
    [
      'spanning the whole peak, arriving and leaving outside it',
      { arrival: '2027-12-10', departure: '2028-01-20' },
      {},
    ],
    ['leaving peak on its last morning, a Saturday', { arrival: '2028-01-08', departure: '2028-01-15' }, {}],
    [
      'three monsoon nights, shorter than the villa’s own minimum',
      { arrival: '2028-06-05', departure: '2028-06-08' },
      {},
    ],
    [
      'arriving in peak on a Sunday',
      { arrival: '2027-12-19', departure: '2027-12-26' },
      { arrival: changeover, departure: changeover },
    ],
    [
      'leaving in peak on a Wednesday',
      { arrival: '2027-12-13', departure: '2027-12-22' },
      { departure: changeover },
    ],
    [
      'five high-season nights leaving on peak’s first Saturday',
      { arrival: '2027-12-13', departure: '2027-12-18' },
      {},
    ],
    [
      'five nights ending two nights into peak',
      { arrival: '2027-12-15', departure: '2027-12-20' },
      { departure: 'Peak season stays at Varkala Clifftop Villa are at least 7 nights' },
    ],
    [
      'two monsoon nights then one in the villa’s own season',
      { arrival: '2028-09-29', departure: '2028-10-02' },
      { departure: 'Varkala Clifftop Villa takes stays of at least 5 nights' },
    ],
  ])('%s', (_, dates, expected) => {
    expect(findStayProblems({ ...dates, guests: 4 }, varkala, '2027-06-01')).toEqual(expected);
  });
});

describe('todayInKerala', () => {
  it('is already tomorrow in Kerala when it is evening in London', () => {
    expect(todayInKerala(new Date('2027-01-10T19:00:00Z'))).toBe('2027-01-11');
    expect(todayInKerala(new Date('2027-01-10T18:29:59Z'))).toBe('2027-01-10');
  });
});
