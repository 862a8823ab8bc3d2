import { z } from 'zod';
import { isIsoDate, todayInKerala } from '../../lib/dates.ts';
import { optionalText } from '../../lib/form-fields.ts';
import { largestAmountPence, readPoundsAsPence } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { inRupeesSchema, ledgerSummarySchema, paymentKinds } from './payment-contract.ts';
import { cancellationOfferSchema, refundReasons, refundStatuses } from './refund-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The office's side of the payments ledger, shared by the dashboard, the admin functions and their
 * tests: how the office records a payment, the entries in full, a booking's ledger and the balances
 * due. The database checks the same lists (migration 20261124000300); a test holds the two equal. What
 * a guest reads (the kinds, what is owed) is ./payment-contract.ts.
 */

/** How the money came. */
export const paymentMethods = ['bank_transfer', 'card', 'cash', 'upi'] as const;
export const paymentMethodLabels = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  upi: 'UPI',
} as const satisfies Record<(typeof paymentMethods)[number], string>;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentNoteMaxLength = 500;

/**
 * `POST /api/admin/booking-requests/:id/payments`: a payment as the office types it, the amount in
 * pounds. Parsed, the amount is whole pence. That it fits within what is owed is the database's
 * to check (a 409 with a message), since only it sees every other payment.
 */
export const paymentInputSchema = z.object({
  kind: z.enum(paymentKinds, { error: 'Choose deposit, balance or other' }),
  amount: z.string({ error: 'Enter the amount in pounds, like 250 or 250.50' }).transform((text, context) => {
    const pence = readPoundsAsPence(text);
    if (pence === null) {
      context.addIssue({ code: 'custom', message: 'Enter the amount in pounds, like 250 or 250.50' });
      return z.NEVER;
    }
    if (pence <= 0) {
      context.addIssue({ code: 'custom', message: 'Enter an amount of more than £0' });
      return z.NEVER;
    }
    if (pence > largestAmountPence) {
      context.addIssue({ code: 'custom', message: `Enter at most ${formatPence(largestAmountPence)}` });
      return z.NEVER;
    }
    return pence;
  }),
  receivedOn: z
    .string({ error: 'Enter the day the money arrived' })
    .trim()
    .refine(isIsoDate, 'Enter the day the money arrived as a real date, like 2027-03-14')
    // Kerala's today, as the office's calendar has it; a payment cannot arrive tomorrow.
    .refine((day) => !isIsoDate(day) || day <= todayInKerala(), 'The day received cannot be in the future'),
  method: z.enum(paymentMethods, { error: 'Choose bank transfer, card, cash or UPI' }),
  note: optionalText('the note', { max: paymentNoteMaxLength }),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** One entry of a booking's ledger as the dashboard shows it. */
export const paymentSchema = z.object({
  id: z.string(),
  kind: z.enum(paymentKinds),
  amountPence: z.int().positive(),
  receivedOn: z.string(),
  method: z.enum(paymentMethods),
  note: z.string().nullable(),
  recordedByEmail: z.string().nullable(),
  createdAt: z.string(),
  /** The provider a payment came online through, and its name for the money; null for the office's own. */
  provider: z.string().nullable(),
  providerReference: z.string().nullable(),
  /** What has gone back of it or been asked to, whatever the outcome. */
  refundedPence: z.int().nonnegative(),
  /** Set for a payment in rupees (by UPI): the paise paid, at the dated rate `amountPence` was worked out by. */
  inRupees: inRupeesSchema.nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A refund as the office sees it: how much, why, what became of it, and through whom. */
export const refundSchema = z.object({
  id: z.string(),
  amountPence: z.int().positive(),
  reason: z.enum(refundReasons),
  status: z.enum(refundStatuses),
  provider: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  problem: z.string().nullable(),
  requestedByEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** A session opened at a provider, as the office sees it: pending, paid, failed, or paid but unrecorded. */
export const onlineSessionSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerSessionId: z.string(),
  kind: z.string(),
  amountPence: z.int().positive(),
  status: z.enum(['open', 'paid', 'expired', 'unrecorded']),
  /** The ledger entry a paid session became. */
  paymentId: z.string().nullable(),
  /** What has gone back of an unrecorded session's money. */
  refundedPence: z.int().nonnegative(),
  createdAt: z.string(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

/** `GET /api/admin/booking-requests/:id/payments` (and a recorded or deleted payment's answer). */
export const bookingLedgerAnswerSchema = z.object({
  status: z.string(),
  /** Only a confirmed booking takes payments. */
  takesPayments: z.boolean(),
  summary: ledgerSummarySchema,
  payments: z.array(paymentSchema),
  /** Back with the guest; what received stays, as the summary says. */
  refundedPence: z.int().nonnegative(),
  refunds: z.array(refundSchema),
  sessions: z.array(onlineSessionSchema),
  /** What the cancellation policy would refund if cancelled now, shown before the office chooses it. */
  policyRefund: cancellationOfferSchema.nullable(),
});
export type BookingLedgerAnswer = z.infer<typeof bookingLedgerAnswerSchema>;

/** One confirmed booking with money outstanding, in the balances-due list. */
export const balanceDueSchema = z.object({
  id: z.string(),
  reference: z.string(),
  propertyName: z.string(),
  guestName: z.string(),
  arrival: z.string(),
  summary: ledgerSummarySchema,
  refundedPence: z.int().nonnegative(),
  /** When the guest was last sent a balance reminder (by the weekly run or the office); null if never. */
  lastReminderAt: z.string().nullable(),
});
export type BalanceDue = z.infer<typeof balanceDueSchema>;

/**
 * `POST /api/admin/booking-requests/:id/reminder` (the office's "Send reminder") and its `GET`: whether
 * this press queued a reminder (false when one went in the last minute, or for a `GET`), and when the
 * last one was queued.
 */
export const balanceReminderAnswerSchema = z.object({
  queued: z.boolean(),
  lastReminderAt: z.string().nullable(),
});
export type BalanceReminderAnswer = z.infer<typeof balanceReminderAnswerSchema>;

/** `GET /api/admin/balances-due`: overdue first, then due now, then not yet due, each by its day. */
export const balancesDueAnswerSchema = z.object({
  /** Kerala's today, which "overdue" was judged on. */
  today: z.string(),
  balances: z.array(balanceDueSchema),
});
export type BalancesDueAnswer = z.infer<typeof balancesDueAnswerSchema>;
