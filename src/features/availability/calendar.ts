import { daysBetween } from '../../lib/dates.ts';
import type { ConfirmedStay } from './availability-contract.ts';

/**
 * The month grid of the availability calendar, kept free of React so it can be tested on its own.
 * A stay occupies the nights from its arrival up to, not including, its departure: the day a guest
 * leaves is free for the next one to arrive (the same half-open ranges as the API and the database).
 */

/** A confirmed stay as `GET /api/availability` lists it. */
export type BookedStay = ConfirmedStay;

export type CalendarDay = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Day of the month, 1–31. */
  day: number;
  /** Someone is already staying that night. */
  booked: boolean;
  /** Before today: no longer bookable, whatever the calendar says. */
  past: boolean;
  today: boolean;
};

/** One week, Monday first; null where the day belongs to the month before or after. */
export type CalendarWeek = (CalendarDay | null)[];

export type MonthGrid = { month: string; weeks: CalendarWeek[] };

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

function splitMonth(month: string): { year: number; month: number } {
  const match = monthPattern.exec(month);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The `YYYY-MM` month a `YYYY-MM-DD` date falls in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `by` months after `month` (before it when negative). */
export function shiftMonth(month: string, by: number): string {
  const { year, month: number } = splitMonth(month);
  const index = year * 12 + (number - 1) + by;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

/** Whole months from `from` to `to`: 0 for the same month, negative when `to` comes first. */
export function monthsBetween(from: string, to: string): number {
  const a = splitMonth(from);
  const b = splitMonth(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** Whether some stay occupies the night that starts on `date`. */
export function isNightBooked(date: string, stays: readonly BookedStay[]): boolean {
  return stays.some((stay) => stay.arrival <= date && date < stay.departure);
}

/** Whether arrival–departure shares a night with any of the stays. */
export function overlapsBookedStay(
  stay: { arrival: string; departure: string },
  stays: readonly BookedStay[],
): boolean {
  return stays.some((booked) => booked.arrival < stay.departure && stay.arrival < booked.departure);
}

/** The stays not yet over on `today`, earliest first. */
export function upcomingStays(stays: readonly BookedStay[], today: string): BookedStay[] {
  return stays
    .filter((stay) => stay.departure > today)
    .sort((a, b) => a.arrival.localeCompare(b.arrival) || a.departure.localeCompare(b.departure));
}

// 1970-01-01, day 0 of daysBetween, was a Thursday: index 3 in a week that starts on Monday.
const weekdayOf = (date: string) => (((daysBetween('1970-01-01', date) + 3) % 7) + 7) % 7;

/** The weeks of `month`, each night marked booked, past or today. */
export function buildMonthGrid(month: string, stays: readonly BookedStay[], today: string): MonthGrid {
  const first = `${month}-01`;
  const length = daysBetween(first, `${shiftMonth(month, 1)}-01`);
  const cells: (CalendarDay | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= length; day += 1) {
    const date = `${month}-${pad(day, 2)}`;
    cells.push({ date, day, booked: isNightBooked(date, stays), past: date < today, today: date === today });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return { month, weeks };
}
