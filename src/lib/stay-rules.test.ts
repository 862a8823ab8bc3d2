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

describe('todayInKerala', () => {
  it('is already tomorrow in Kerala when it is evening in London', () => {
    expect(todayInKerala(new Date('2027-01-10T19:00:00Z'))).toBe('2027-01-11');
    expect(todayInKerala(new Date('2027-01-10T18:29:59Z'))).toBe('2027-01-10');
  });
});
