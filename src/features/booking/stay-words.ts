import type { BookingStatus } from './booking-contract.ts';

/** How a stay and its request read on the booking form, its quote and the account page. */

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 night", "7 nights". */
export const describeNights = (nights: number) => counted(nights, 'night', 'nights');

/** "1 guest", "4 guests". */
export const describeGuests = (guests: number) => counted(guests, 'guest', 'guests');

const statusWords: Record<BookingStatus, { label: string; explanation: string }> = {
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
export function describeRequestStatus(status: BookingStatus): { label: string; explanation: string } {
  return statusWords[status];
}
