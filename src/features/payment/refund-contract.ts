import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * Money going back to a guest: what cancelling today would refund (the account page), what a
 * cancellation or the office's refund did, in the words the guest and the office read. The database's
 * lists are payment_refunds.reason and .status (migration 20261127000300); a test holds these equal.
 */

/** Why money goes back: the guest cancelled (the policy decides how much), or the office refunded. */
export const refundReasons = ['cancellation', 'office'] as const;

/** pending: asked of the provider; refunded: back with the guest; owed: still to go back. */
export const refundStatuses = ['pending', 'refunded', 'owed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What cancelling a booking today would do, by the cancellation policy's table. */
export const cancellationOfferSchema = z.object({
  /** Everything received for the stay and not yet refunded. */
  paidPence: z.int().nonnegative(),
  keptPence: z.int().nonnegative(),
  refundPence: z.int().nonnegative(),
  /** The policy's row that decides it, in its words: "60 days or more before arrival: we keep half the deposit". */
  rule: z.string(),
});
export type CancellationOffer = z.infer<typeof cancellationOfferSchema>;

/** What has gone back to the guest, and what is still to go back (by hand, or after a refusal). */
export const refundsSummarySchema = z.object({
  refundedPence: z.int().nonnegative(),
  /** Asked of the provider, its answer not yet recorded. */
  pendingPence: z.int().nonnegative(),
  /** Still to go back: money paid by phone or bank that the office returns by hand, or a refused refund. */
  owedPence: z.int().nonnegative(),
});
export type RefundsSummary = z.infer<typeof refundsSummarySchema>;

/**
 * `GET /api/account/booking-requests/:id/cancellation`: what cancelling today would refund (null when
 * the booking can no longer be cancelled), and what its refunds came to. `POST` cancels and answers the same.
 */
export const bookingCancellationSchema = z.object({
  status: z.string(),
  offer: cancellationOfferSchema.nullable(),
  refunds: refundsSummarySchema,
});
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;
