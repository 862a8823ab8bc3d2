import { z } from 'zod';
import { balanceStates } from '../../lib/ledger.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { bookingStatusSchema } from '../booking/booking-contract.ts';
import { ledgerSummarySchema } from '../payment/payment-contract.ts';
import { summaryAnswerSchema } from './collection-contract.ts';
import { emailDeliverySchema } from './email-delivery-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * `GET /api/admin/today`: the office's day, what the dashboard opens on. Each block is one query; the
 * form items' unread counts are the summary's.
 */

/** How many days "this week" looks ahead from today, today included. */
export const todayWeekDays = 7;

/** A request awaiting the office's answer. */
export const waitingRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  guestName: z.string(),
  propertyName: z.string(),
  arrival: z.string(),
  departure: z.string(),
  guests: z.int(),
  /** When it arrived (ISO 8601): its age is counted from here. */
  receivedAt: z.string(),
});
export type WaitingRequest = z.infer<typeof waitingRequestSchema>;

/** A confirmed stay arriving or leaving, with how to reach the guest and where their money stands. */
export const movingStaySchema = z.object({
  id: z.string(),
  reference: z.string(),
  guestName: z.string(),
  propertyName: z.string(),
  arrival: z.string(),
  departure: z.string(),
  email: z.string(),
  phone: z.string(),
  balance: z.enum(balanceStates),
  summary: ledgerSummarySchema,
});
export type MovingStay = z.infer<typeof movingStaySchema>;

/** A confirmed booking with money due now or overdue. */
export const dueBalanceSchema = z.object({
  id: z.string(),
  reference: z.string(),
  guestName: z.string(),
  propertyName: z.string(),
  arrival: z.string(),
  state: z.enum(balanceStates),
  summary: ledgerSummarySchema,
});
export type DueBalance = z.infer<typeof dueBalanceSchema>;

/** A guest's message the office has not read, with the booking it is about. */
export const unreadMessageSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  propertyName: z.string(),
  status: bookingStatusSchema,
  arrival: z.string(),
  departure: z.string(),
  /** The message's first 160 characters. */
  preview: z.string(),
  /** When the guest sent it (ISO 8601). */
  sentAt: z.string(),
});
export type UnreadMessage = z.infer<typeof unreadMessageSchema>;

/** How many days ahead the day looks for paid guests whose home has no arrival pack. */
export const packWaitingDays = 14;

/** A paid booking arriving within `packWaitingDays` whose home has no arrival pack yet. */
export const packWaitingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  guestName: z.string(),
  property: z.string(),
  propertyName: z.string(),
  arrival: z.string(),
  departure: z.string(),
});
export type PackWaiting = z.infer<typeof packWaitingSchema>;

/** How many days back the day lists the emails that failed for good. */
export const failedEmailDays = 14;

/** An email about a booking that the mail server refused for good, or that ran out of retries. */
export const failedEmailSchema = emailDeliverySchema.extend({ bookingRequestId: z.string() });
export type FailedEmail = z.infer<typeof failedEmailSchema>;

export const todayAnswerSchema = z.object({
  /** Kerala's today, which every block was judged on. */
  today: z.string(),
  /** The last day of "this week": today and the six days after it. */
  weekEnd: z.string(),
  /** Oldest first; at most `todayListLimit`, the rest counted in the summary's new booking requests. */
  requests: z.array(waitingRequestSchema),
  messages: z.object({
    /** The guests' unread messages, newest first; at most `todayListLimit`. */
    rows: z.array(unreadMessageSchema),
    /** Every unread message from a guest on a booking in use, not only the rows listed. */
    count: z.int().nonnegative(),
  }),
  /** Paid bookings arriving within `packWaitingDays` whose home has no pack, soonest first; at most `todayListLimit`. */
  packsWaiting: z.array(packWaitingSchema),
  /** Confirmed stays arriving from today to `weekEnd`, soonest first; at most `todayListLimit`. */
  arrivals: z.array(movingStaySchema),
  /** Every confirmed stay arriving from today to `weekEnd`, not only the rows listed. */
  arrivalCount: z.int().nonnegative(),
  /** Confirmed stays leaving from today to `weekEnd`, soonest first; at most `todayListLimit`. */
  departures: z.array(movingStaySchema),
  /** Every confirmed stay leaving from today to `weekEnd`, not only the rows listed. */
  departureCount: z.int().nonnegative(),
  balances: z.object({
    /** Overdue first, then due now; at most `todayListLimit`. */
    rows: z.array(dueBalanceSchema),
    /** Every booking with money due now or overdue, not only the rows shown. */
    count: z.int().nonnegative(),
    /** What those bookings still owe in all. */
    outstandingPence: z.int().nonnegative(),
  }),
  failedEmails: z.object({
    /** Emails about bookings that failed in the last `failedEmailDays`, newest first; at most `todayListLimit`. */
    rows: z.array(failedEmailSchema),
    /**
     * Every email that failed in those days, account emails (a reset link, a confirmation) included,
     * which the office sees counted but not listed: their recipients are nothing the office needs.
     */
    count: z.int().nonnegative(),
  }),
  unread: summaryAnswerSchema.shape.collections,
});
export type TodayAnswer = z.infer<typeof todayAnswerSchema>;

/** The most rows a block of the day lists: the first screen has room for a handful of each. */
export const todayListLimit = 20;
