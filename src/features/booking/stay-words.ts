import { addDays, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { nightlyRatePence, type QuoteLine } from '../../lib/pricing.ts';

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
