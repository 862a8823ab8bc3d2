import { isIsoDate } from '../../lib/dates.ts';
import type { BookingRequestStatus } from './booking-answers.ts';

/** How a stay and its request read on the booking form, its quote and the account page. */

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A `YYYY-MM-DD` date as "Sun, 14 March 2027", read in UTC so no time zone moves it by a day. */
export function formatStayDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  return dayMonthYear.format(new Date(`${date}T00:00:00Z`));
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 night", "7 nights". */
export const describeNights = (nights: number) => counted(nights, 'night', 'nights');

/** "1 guest", "4 guests". */
export const describeGuests = (guests: number) => counted(guests, 'guest', 'guests');

const statusWords: Record<BookingRequestStatus, { label: string; explanation: string }> = {
  new: {
    label: 'Awaiting confirmation',
    explanation: 'We are checking the calendar and will confirm by email, usually within one working day.',
  },
  confirmed: {
    label: 'Confirmed',
    explanation: 'These dates are yours once the deposit is paid; call the office to pay by card.',
  },
  declined: {
    label: 'Declined',
    explanation: 'We could not offer these dates. Send a new request for other dates, or call us for ideas.',
  },
  cancelled: { label: 'Cancelled', explanation: 'This booking was cancelled; nothing more is due.' },
};

/** What a request's status means to the guest: a short label and a sentence on what happens next. */
export function describeRequestStatus(status: BookingRequestStatus): { label: string; explanation: string } {
  return statusWords[status];
}
