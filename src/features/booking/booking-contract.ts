import { z } from 'zod';

/**
 * The booking request's vocabulary, shared by the form, the guest's account page, the dashboard, the
 * API and its tests. The database enforces the same facts (the status check and the status trigger of
 * `booking_requests`); a test holds this copy equal to it.
 */

/** Every status a booking request can have, in the order the office works through them. */
export const bookingStatuses = ['new', 'confirmed', 'declined', 'cancelled'] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** Where each status may go next: a new request is confirmed or declined; a confirmed stay may be cancelled. */
export const bookingStatusMoves = {
  new: ['confirmed', 'declined'],
  confirmed: ['cancelled'],
  declined: [],
  cancelled: [],
} as const satisfies Record<BookingStatus, readonly BookingStatus[]>;

/** The statuses the office can move a request to (every status but the first). */
export const bookingStatusChanges = [
  'confirmed',
  'declined',
  'cancelled',
] as const satisfies readonly BookingStatus[];
export type BookingStatusChange = (typeof bookingStatusChanges)[number];

/** The statuses a request in `status` may move to next; none for an unknown status. */
export function listStatusMoves(status: unknown): readonly BookingStatusChange[] {
  const parsed = bookingStatusSchema.safeParse(status);
  return parsed.success ? bookingStatusMoves[parsed.data] : [];
}
