import { describe, expect, it } from 'vitest';
import {
  listWindowDays,
  listWindowMonths,
  measureWindowOccupancy,
  moveWindowStart,
  openingWindowStart,
  type WindowStep,
} from './occupancy-window.ts';

describe('the calendar’s window', () => {
  it('opens three days before today', () => {
    expect(openingWindowStart('2026-11-28')).toBe('2026-11-25');
    expect(openingWindowStart('2027-01-02')).toBe('2026-12-30');
  });

  it.each<[string, WindowStep, -1 | 1, string]>([
    ['2026-11-25', 'week', 1, '2026-12-02'],
    ['2026-11-25', 'week', -1, '2026-11-18'],
    ['2026-12-29', 'week', 1, '2027-01-05'],
    ['2026-11-25', 'month', 1, '2026-12-25'],
    ['2026-11-25', 'month', -1, '2026-10-25'],
    ['2026-12-25', 'month', 1, '2027-01-25'],
    ['2027-01-25', 'month', -1, '2026-12-25'],
    ['2027-01-31', 'month', 1, '2027-02-28'],
    ['2028-01-31', 'month', 1, '2028-02-29'],
    ['2027-03-31', 'month', -1, '2027-02-28'],
    ['2027-05-31', 'month', 1, '2027-06-30'],
  ])('moves %s a %s by %i to %s', (from, step, direction, moved) => {
    expect(moveWindowStart(from, step, direction)).toBe(moved);
  });

  it('lists its days and the months they fall in', () => {
    const days = listWindowDays('2026-11-25');
    expect(days).toHaveLength(31);
    expect([days[0], days[6], days.at(-1)]).toEqual(['2026-11-25', '2026-12-01', '2026-12-25']);
    expect(listWindowMonths('2026-11-25')).toEqual(['2026-11', '2026-12']);
    expect(listWindowMonths('2026-12-01')).toEqual(['2026-12']);
    expect(listWindowMonths('2026-12-20', 7)).toEqual(['2026-12']);
  });
});

describe('measureWindowOccupancy', () => {
  const from = '2026-11-25';
  it.each<[string, { arrival: string; departure: string }[], number, string]>([
    ['no stays', [], 0, '0%'],
    ['a stay inside it', [{ arrival: '2026-11-30', departure: '2026-12-07' }], 7, '23%'],
    // Nights from the 20th: only the 25th to the 27th fall in the window.
    ['a stay crossing its start', [{ arrival: '2026-11-20', departure: '2026-11-28' }], 3, '10%'],
    // The window's last night is 25 December; the 26th on is outside it.
    ['a stay crossing its end', [{ arrival: '2026-12-20', departure: '2027-01-03' }], 6, '19%'],
    ['a stay over all of it', [{ arrival: '2026-11-01', departure: '2027-01-01' }], 31, '100%'],
    ['a stay before it', [{ arrival: '2026-11-01', departure: '2026-11-25' }], 0, '0%'],
    ['a stay after it', [{ arrival: '2026-12-26', departure: '2026-12-30' }], 0, '0%'],
    [
      'two stays sharing nights, each night once',
      [
        { arrival: '2026-11-25', departure: '2026-12-05' },
        { arrival: '2026-12-01', departure: '2026-12-15' },
      ],
      20,
      '65%',
    ],
  ])('%s', (_case, stays, nightsBooked, percent) => {
    expect(measureWindowOccupancy(stays, from)).toEqual({ nightsBooked, nights: 31, percent });
  });

  it('counts a window of any length', () => {
    expect(measureWindowOccupancy([{ arrival: '2026-11-26', departure: '2026-11-28' }], from, 7)).toEqual({
      nightsBooked: 2,
      nights: 7,
      percent: '29%',
    });
  });
});
