import { addDays, daysBetween } from './dates.ts';

/**
 * The office calendar's window: the days it shows at once, where it opens, how its buttons move it,
 * and each property's occupancy of it. Days are `YYYY-MM-DD` on Kerala's calendar; a stay's nights run
 * from its arrival to the night before its departure.
 */

/** How many days the calendar shows at once. */
export const windowLength = 31;
/** How many days before today the calendar opens on, so today's arrivals and departures show. */
export const windowDaysBack = 3;

/** The first day of the window the calendar opens on: a few days before `today`. */
export function openingWindowStart(today: string): string {
  return addDays(today, -windowDaysBack);
}

export type WindowStep = 'week' | 'month';

/**
 * The window's first day moved a week or a calendar month back (-1) or on (1). A month keeps the day
 * of the month, or the month's last day when it has fewer (31 January on a month is 28 or 29 February).
 */
export function moveWindowStart(from: string, step: WindowStep, direction: -1 | 1): string {
  if (step === 'week') return addDays(from, 7 * direction);
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + direction;
  const start = firstOfMonth(index);
  const monthDays = daysBetween(start, firstOfMonth(index + 1));
  return addDays(start, Math.min(day, monthDays) - 1);
}

/** The first day of the month `index` months after January of year 0. */
function firstOfMonth(index: number): string {
  const year = String(Math.floor(index / 12)).padStart(4, '0');
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Every day of the window that starts on `from`. */
export function listWindowDays(from: string, length = windowLength): string[] {
  return Array.from({ length }, (_unused, index) => addDays(from, index));
}

/** The `YYYY-MM` months the window touches, in order: one or two for a window of 31 days. */
export function listWindowMonths(from: string, length = windowLength): string[] {
  return [...new Set(listWindowDays(from, length).map((day) => day.slice(0, 7)))];
}

export type WindowOccupancy = {
  /** Nights of the window that at least one of the stays holds. */
  nightsBooked: number;
  /** Nights in the window: one a day. */
  nights: number;
  /** `nightsBooked / nights` as a whole percentage, the way the calendar shows it: "64%". */
  percent: string;
};

/**
 * A property's occupancy of the window: the nights its `stays` hold there (each night once, however
 * many stays hold it; a stay crossing the window's edge counts only its nights inside) over the
 * window's nights. The caller chooses the stays that count (the calendar: confirmed ones).
 */
export function measureWindowOccupancy(
  stays: readonly { arrival: string; departure: string }[],
  from: string,
  length = windowLength,
): WindowOccupancy {
  const held = new Set<number>();
  for (const stay of stays) {
    const first = Math.max(0, daysBetween(from, stay.arrival));
    const end = Math.min(length, daysBetween(from, stay.departure));
    for (let night = first; night < end; night++) held.add(night);
  }
  const percent = length > 0 ? Math.round((held.size / length) * 100) : 0;
  return { nightsBooked: held.size, nights: length, percent: `${percent}%` };
}
