import { z } from 'zod';
import { largestAmountPence, readPoundsAsPence } from '../../lib/ledger.ts';
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/admin/booking-requests/:id/refunds`: what the office refunds. `full`: everything received
 * and not yet refunded; `policy`: what the cancellation policy refunds if cancelled today; `amount`: an
 * amount in pounds, at most what was received and not yet refunded (the server says how much that is);
 * `session`: a session paid at the provider that the ledger never recorded, all of it.
 */
export const officeRefundInputSchema = z
  .object({
    mode: z.enum(['full', 'policy', 'amount', 'session'], {
      error: 'Choose a full refund, the policy’s amount, an amount, or an unrecorded payment',
    }),
    amount: z.string().optional(),
    sessionId: z.string().optional(),
  })
  .transform((input, context) => {
    if (input.mode === 'amount') {
      const pence = readPoundsAsPence(input.amount ?? '');
      if (pence === null || pence <= 0 || pence > largestAmountPence) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Enter the amount in pounds, like 250 or 250.50',
        });
        return z.NEVER;
      }
      return { mode: 'amount' as const, amountPence: pence };
    }
    if (input.mode === 'session') {
      if (!input.sessionId || !uuidPattern.test(input.sessionId)) {
        context.addIssue({
          code: 'custom',
          path: ['sessionId'],
          message: 'Choose the unrecorded payment to refund',
        });
        return z.NEVER;
      }
      return { mode: 'session' as const, sessionId: input.sessionId.toLowerCase() };
    }
    return { mode: input.mode as 'full' | 'policy' };
  });
export type OfficeRefundInput = z.infer<typeof officeRefundInputSchema>;

/** `PATCH /api/admin/booking-requests/:id/refunds/:refund`: an owed refund the office returned by hand. */
export const settleRefundInputSchema = z.object({
  status: z.literal('refunded', { error: 'A refund can only be marked refunded' }),
});
