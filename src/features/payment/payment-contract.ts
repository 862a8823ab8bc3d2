import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * What a guest reads of a booking's payments: what a confirmed booking owes and what was received (the
 * account page), and what the payment page shows after the provider's page. The office's side of the
 * ledger (the payment form, the entries in full, balances due) is ./payment-ledger-contract.ts, apart
 * so the booking pages carry only this.
 */

/** What a payment was for. */
export const paymentKinds = ['deposit', 'balance', 'other'] as const;
export const paymentKindLabels = {
  deposit: 'Deposit',
  balance: 'Balance',
  other: 'Other',
} as const satisfies Record<(typeof paymentKinds)[number], string>;
export type PaymentKind = (typeof paymentKinds)[number];

/** What a booking owes and has received (src/lib/ledger.ts's summary). */
export const ledgerSummarySchema = z.object({
  totalPence: z.int(),
  depositPence: z.int(),
  balanceDueDate: z.string().nullable(),
  receivedPence: z.int(),
  outstandingPence: z.int(),
  dueNowPence: z.int(),
  dueOn: z.string().nullable(),
  overdue: z.boolean(),
  daysOverdue: z.int(),
});
export type LedgerSummaryAnswer = z.infer<typeof ledgerSummarySchema>;

/** A confirmed booking's payments as its guest sees them on the account page: no notes, no office names. */
export const guestLedgerSchema = z.object({
  summary: ledgerSummarySchema,
  payments: z.array(
    z.object({
      /** The ledger entry's id, which names its receipt (`accountReceiptRoute`). */
      id: z.string(),
      kind: z.enum(paymentKinds),
      amountPence: z.int(),
      receivedOn: z.string(),
    }),
  ),
});
export type GuestLedger = z.infer<typeof guestLedgerSchema>;

/**
 * A payment in rupees (by UPI): the paise paid, and the office's dated rate of rupees to the pound the
 * pounds it stands for were worked out by. The one shape of it, from the provider's session to the
 * ledger, the receipt, the email and every screen.
 */
export const inRupeesSchema = z.object({
  paise: z.int().positive(),
  rupeesPerPound: z.number().positive(),
  rateOf: z.iso.date(),
});
export type InRupees = z.infer<typeof inRupeesSchema>;

/** What the payment page shows after the provider's page, or instead of it when nothing can be paid. */
export const paymentViewSchema = z.object({
  /** received: recorded; processing: paid but not yet confirmed by the provider; not_taken: nothing
   * charged; returned: charged, but not kept (the message says why and how it goes back); refused:
   * nothing could be paid (the message says why); none: the page as built. */
  // booked: received, and with it an instant booking confirmed.
  outcome: z.enum(['received', 'booked', 'processing', 'not_taken', 'returned', 'refused', 'none']),
  reference: z.string().optional(),
  amountPence: z.int().optional(),
  /** Set when the guest paid in rupees: the paise, at the dated rate `amountPence` was worked out by. */
  inRupees: inRupeesSchema.optional(),
  /** What is due next, or why nothing could be paid, in a sentence. */
  message: z.string().optional(),
  /** Set when it paid a service on its own: the service in words ("Massage on Fri 13 Mar 2026, 16:00 India time"). */
  paidFor: z.string().optional(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;
