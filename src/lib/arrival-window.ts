import { addDays } from './dates.ts';

/**
 * The arrival presets of the booking list: stays arriving today, this week (today and the six days
 * after, as the Today view counts a week) or in the next 30 days, each on Kerala's calendar.
 */
export const arrivalWindows = ['today', 'week', 'next-30-days'] as const;
export type ArrivalWindow = (typeof arrivalWindows)[number];

export const arrivalWindowLabels: Record<ArrivalWindow, string> = {
  today: 'Today',
  week: 'This week',
  'next-30-days': 'Next 30 days',
};

// A week is the Today view's (`todayWeekDays`): a test holds the two equal.
const windowDays: Record<ArrivalWindow, number> = { today: 1, week: 7, 'next-30-days': 30 };

/** The first and last arrival day (both included) a preset covers, counted from Kerala's `today`. */
export function arrivalRange(window: ArrivalWindow, today: string): { from: string; through: string } {
  return { from: today, through: addDays(today, windowDays[window] - 1) };
}
