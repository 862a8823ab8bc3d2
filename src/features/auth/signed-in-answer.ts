import { paths, safeReturnPath } from '../../lib/paths.ts';
import type { ConfirmedAnswer } from './auth-contract.ts';

type SignedIn = Extract<ConfirmedAnswer, { status: 'signed_in' }>;

/**
 * Where a guest an emailed link or code has just signed in goes next: the payment page of an instant
 * booking it sent, the account page that lists a request it sent, or `next`; or, when the booking
 * typed before could not be sent (dates taken meanwhile, a day gone by), the words why and the form
 * to try again from.
 */
export function leadOn(
  answer: SignedIn,
  next: string | null,
): { go: string } | { problem: string; retryPath: string } {
  const booking = answer.booking;
  if (!booking) return { go: safeReturnPath(next) };
  if (booking.outcome === 'not_sent') return { problem: booking.message, retryPath: booking.retryPath };
  // The provider's hosted page: an absolute address the server made, never one from the link.
  if (booking.payUrl) return { go: booking.payUrl };
  return { go: `${paths.account}?${new URLSearchParams({ sent: booking.reference })}` };
}
