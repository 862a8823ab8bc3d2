import { describe, expect, it } from 'vitest';
import { todayWeekDays } from '../features/admin/today-contract.ts';
import { type ArrivalWindow, arrivalRange } from './arrival-window.ts';
import { addDays } from './dates.ts';

describe('arrivalRange', () => {
  it.each<[ArrivalWindow, string, { from: string; through: string }]>([
    ['today', '2026-11-28', { from: '2026-11-28', through: '2026-11-28' }],
    ['week', '2026-11-28', { from: '2026-11-28', through: '2026-12-04' }],
    ['next-30-days', '2026-11-28', { from: '2026-11-28', through: '2026-12-27' }],
    ['week', '2026-12-29', { from: '2026-12-29', through: '2027-01-04' }],
    ['next-30-days', '2028-02-15', { from: '2028-02-15', through: '2028-03-15' }],
  ])('%s from %s', (window, today, range) => {
    expect(arrivalRange(window, today)).toEqual(range);
  });
});

it('counts this week as the Today view does', () => {
  expect(arrivalRange('week', '2026-11-28').through).toBe(addDays('2026-11-28', todayWeekDays - 1));
});
