import { addDays, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { nightlyRatePence, type QuoteLine } from '../../lib/pricing.ts';
import type { BookingStatus } from './booking-contract.ts';

/** How a stay and its request read on the booking form, its quote and the account page. */

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 night", "7 nights". */
export const describeNights = (nights: number) => counted(nights, 'night', 'nights');

/**
 * How a stay's price is made, as the quote's first line: "7 nights at £2,650 a week",
 * "3 nights at £379 a night", "10 nights: 1 week at £2,650 and 3 nights at £379".
 */
export function describeStayCharge(nights: number, weeklyRatePence: number): string {
  const weeks = Math.floor(nights / 7);
  const otherNights = nights % 7;
  const week = formatPence(weeklyRatePence);
  if (otherNights === 0) return `${describeNights(nights)} at ${week} a week`;
  const night = formatPence(nightlyRatePence(weeklyRatePence));
  if (weeks === 0) return `${describeNights(nights)} at ${night} a night`;
  return `${describeNights(nights)}: ${counted(weeks, 'week', 'weeks')} at ${week} and ${describeNights(otherNights)} at ${night}`;
}

/**
 * One line of a quote in words: the stay's charge as before when the whole stay is at the property's
 * own rate, else with its season: "Peak season: 7 nights at £7,700 a week".
 */
export function describeQuoteLine(line: QuoteLine): string {
  const charge = describeStayCharge(line.nights, line.weeklyRatePence);
  return line.season ? `${line.season}: ${charge}` : charge;
}

/** "1 guest", "4 guests". */
export const describeGuests = (guests: number) => counted(guests, 'guest', 'guests');

const statusWords: Record<BookingStatus, { label: string; explanation: string }> = {
  new: {
    label: 'Awaiting confirmation',
    explanation: 'We are checking the calendar and will confirm by email, usually within one working day.',
  },
  confirmed: {
    label: 'Confirmed',
    explanation: 'These dates are yours once the deposit is paid: pay it online below.',
  },
  declined: {
    label: 'Declined',
    explanation: 'We could not offer these dates. Send a new request for other dates, or call us for ideas.',
  },
  cancelled: { label: 'Cancelled', explanation: 'This booking was cancelled; nothing more is due.' },
  withdrawn: {
    label: 'Withdrawn',
    explanation: 'You withdrew this request; nothing is due. Send a new request whenever you like.',
  },
  held: {
    label: 'Held while you pay',
    explanation: 'These nights are held for you for 30 minutes: pay the deposit to confirm the booking.',
  },
  expired: {
    label: 'Hold expired',
    explanation: 'The deposit was not paid in time, so the nights were released; nothing is due.',
  },
};

/** What a request's status means to the guest: a short label and a sentence on what happens next. */
export function describeRequestStatus(status: BookingStatus): { label: string; explanation: string } {
  return statusWords[status];
}

/**
 * The day the office answers a request sent on `sentDay` (a Kerala `YYYY-MM-DD`): the next working
 * day, Monday to Friday, since it confirms "within one working day".
 */
export function findAnswerDay(sentDay: string): string {
  let day = addDays(sentDay, 1);
  // 0 is Sunday, 6 Saturday.
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** What happens next for a request awaiting confirmation, and by when: "We answer by email by Mon, 1 March 2027." */
export const describeAnswerBy = (sentDay: string) =>
  `We answer by email by ${formatStayDate(findAnswerDay(sentDay))}, often sooner.`;
