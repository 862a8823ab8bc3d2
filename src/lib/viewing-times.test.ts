import { describe, expect, it } from 'vitest';
import { describeMomentForReader } from './viewing-times.ts';

describe('describeMomentForReader', () => {
  it.each([
    ['2027-03-03T09:35:00.000Z', 'Europe/London', 'Wed 3 Mar 2027, 09:35 GMT (15:05 IST)'],
    ['2027-07-03T09:35:00.000Z', 'Europe/London', 'Sat 3 Jul 2027, 10:35 BST (15:05 IST)'],
    ['2027-03-03T09:35:00.000Z', 'Asia/Kolkata', 'Wed 3 Mar 2027, 15:05 IST'],
    ['2027-03-03T09:35:00.000Z', 'Asia/Calcutta', 'Wed 3 Mar 2027, 15:05 IST'],
    ['2027-03-03T23:30:00.000Z', 'Europe/London', 'Wed 3 Mar 2027, 23:30 GMT (Thu 4 Mar, 05:00 IST)'],
    ['2027-03-03T09:35:00.000Z', 'Not/AZone', 'Wed 3 Mar 2027, 15:05 IST'],
    ['not a time', 'Europe/London', 'not a time'],
  ])('%s read in %s is "%s"', (iso, zone, words) => {
    expect(describeMomentForReader(iso, zone)).toBe(words);
  });
});
