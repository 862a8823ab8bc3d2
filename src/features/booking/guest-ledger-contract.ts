import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * What a guest's account page reads of the payments ledger: what a confirmed booking owes and what was
 * received. The office's side (the payment form, the entries in full, notes) is
 * ../admin/ledger-contract.ts; this part is apart so the booking pages carry only it.
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
  payments: z.array(z.object({ kind: z.enum(paymentKinds), amountPence: z.int(), receivedOn: z.string() })),
});
export type GuestLedger = z.infer<typeof guestLedgerSchema>;
