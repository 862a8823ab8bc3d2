import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { emailAddress, listChoices, optionalText, personName, phoneNumber } from '../../lib/form-fields.ts';
import { quoteSchema } from '../../lib/quote.ts';
import { weekdays } from '../../lib/seasons.ts';
import { arrivalPackSchema } from '../arrival-pack/arrival-pack-contract.ts';
import { guestLedgerSchema } from '../payment/payment-contract.ts';
import { refundStatuses } from '../payment/refund-contract.ts';

/**
 * The booking request's vocabulary, shared by the form, the guest's account page, the dashboard, the
 * API and its tests. The database enforces the same facts (the status check and the status trigger of
 * `booking_requests`); a test holds this copy equal to it.
 */

/**
 * Every status a booking request can have, in the order the office works through them. `held` and
 * `expired` are instant book's: a booking whose nights are held while its guest pays the deposit, and
 * one whose hold ran out unpaid.
 */
export const bookingStatuses = [
  'new',
  'confirmed',
  'declined',
  'cancelled',
  'withdrawn',
  'held',
  'expired',
] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/**
 * Where each status may go next: a new request is confirmed or declined by the office, or withdrawn by
 * its guest; a confirmed stay may be cancelled. A hold is confirmed by its deposit (or by the office),
 * or expires unpaid; an expired hold paid late is confirmed while its nights are still free.
 */
export const bookingStatusMoves = {
  new: ['confirmed', 'declined', 'withdrawn'],
  confirmed: ['cancelled'],
  declined: [],
  cancelled: [],
  withdrawn: [],
  held: ['confirmed', 'expired'],
  expired: ['confirmed'],
} as const satisfies Record<BookingStatus, readonly BookingStatus[]>;

/** The statuses the office can move a request to (every status but the first). */
export const bookingStatusChanges = [
  'confirmed',
  'declined',
  'cancelled',
] as const satisfies readonly BookingStatus[];
export type BookingStatusChange = (typeof bookingStatusChanges)[number];

/** `POST /api/account/booking-requests/:id/withdrawal`: the guest's request, withdrawn. */
export const bookingWithdrawalSchema = z.object({ status: z.literal('withdrawn') });
export type BookingWithdrawal = z.infer<typeof bookingWithdrawalSchema>;

/** `PATCH /api/admin/booking-requests/:id`: the status the office moves a request to. */
export const bookingStatusChangeSchema = z.object({
  status: z.enum(bookingStatusChanges, { error: `Choose ${listChoices(bookingStatusChanges)}` }),
});

/**
 * The statuses the office may move a request in `status` to next; none for an unknown status. Only
 * its guest withdraws a request, so withdrawn is never one of them.
 */
export function listStatusMoves(status: unknown): readonly BookingStatusChange[] {
  const parsed = bookingStatusSchema.safeParse(status);
  if (!parsed.success) return [];
  const moves: readonly BookingStatus[] = bookingStatusMoves[parsed.data];
  return bookingStatusChanges.filter((change) => moves.includes(change));
}

/**
 * A booking reference, `KV-2027-480213`: the Kerala year the request was made and a number that follows
 * no order (six digits; references made before 2026-11-25 counted, with four). The database assigns it
 * as it stores a request (migrations 20261124000100 and 20261125000500) and checks this same pattern; a test holds the two equal. A reference names a
 * request for people and opens nothing: the API finds requests by id and session, never by reference.
 */
export const bookingReferencePattern = /^KV-[0-9]{4}-[0-9]{4,}$/;
export const bookingReferenceSchema = z.string().regex(bookingReferencePattern);

/** The reference a person typed (`kv-2027-0042`, with spaces around it) as stored, or null if it is none. */
export function readBookingReference(text: string): string | null {
  const candidate = text.trim().toUpperCase();
  return bookingReferencePattern.test(candidate) ? candidate : null;
}

/*
 * The booking request itself and every answer of the booking and account APIs. The server's return
 * types are inferred from these schemas, and the islands parse each answer with them.
 */

const numberText = /^\s*-?\d+(\.\d+)?\s*$/;

const stayDate = (label: string) =>
  z
    .string({ error: `Choose the ${label} date` })
    .trim()
    .min(1, `Choose the ${label} date`)
    .refine(isIsoDate, `Enter the ${label} date as a real date, like 2027-03-14`);

/**
 * A booking request as the guest sends it. Each field is checked on its own here; the rules that need
 * two fields, the property or today's date are in `src/lib/stay-rules.ts`, checked by the form as the
 * guest types and by the API again before anything is stored. Price fields are not part of it: the
 * server prices every request itself, so whatever a client adds is dropped.
 */
export const bookingRequestSchema = z.object({
  /** A villa or apartment slug; the API checks that it exists. */
  property: z
    .string({ error: 'Choose a villa or apartment' })
    .trim()
    .min(1, 'Choose a villa or apartment')
    .max(100, 'Choose a villa or apartment from the list')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a villa or apartment from the list'),
  arrival: stayDate('arrival'),
  departure: stayDate('departure'),
  /**
   * A form sends text, the island a number: both are read as a number. Only text that spells a number
   * is converted (z.coerce would read `true` and `[4]` as guests, and an empty field as 0).
   */
  guests: z.preprocess(
    (value) => (typeof value === 'string' && numberText.test(value) ? Number(value) : value),
    z
      .number({ error: 'Enter how many guests will stay' })
      .int('Enter a whole number of guests')
      .min(1, 'At least one guest stays')
      .max(50, 'For more than 50 guests, please contact us'),
  ),
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  /** Optional: a guest who leaves it out is asked nothing more (stored as ''). */
  city: optionalText('your town or city', { max: 120 }).transform((value) => value ?? ''),
  message: optionalText('your message', { max: 5000, lines: 'many' }),
});

export type BookingRequestInput = z.infer<typeof bookingRequestSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const propertyKindSchema = z.enum(['villas', 'apartments']);

/**
 * `POST /api/email-booking-requests` (202): a guest who is not signed in sent the form; nothing is held
 * or sent yet. `request` names it for the code typed on the page (`POST /api/auth/email-code`); the
 * emailed link names it too.
 */
export const unconfirmedBookingAnswerSchema = z.object({
  status: z.literal('link_sent'),
  email: z.string(),
  request: z.string(),
});
export type UnconfirmedBookingAnswer = z.infer<typeof unconfirmedBookingAnswerSchema>;

/**
 * `POST /api/stay-quotes`: "Email me this quote", no account needed: the stay and where to send it.
 * The server prices it itself, as it does a request.
 */
export const stayQuoteRequestSchema = bookingRequestSchema.pick({
  property: true,
  arrival: true,
  departure: true,
  guests: true,
  email: true,
});
export type StayQuoteRequest = z.infer<typeof stayQuoteRequestSchema>;

/** `POST /api/stay-quotes` (202): the same whether or not the mailbox's caps let it go. */
export const stayQuoteAnswerSchema = z.object({ status: z.literal('quote_sent'), email: z.string() });

/** `POST /api/booking-requests` 201: the stored request and the server's own quote. */
export const createdBookingRequestSchema = z.object({
  id: z.string(),
  reference: bookingReferenceSchema,
  status: bookingStatusSchema,
  quote: quoteSchema,
});

/**
 * `POST /api/instant-bookings`: the booking held (the request's own fields are its body) until
 * `heldUntil`, an ISO timestamp, and the payment provider's page to pay what is due now on.
 */
export const instantBookingAnswerSchema = z.object({
  id: z.string(),
  reference: bookingReferenceSchema,
  status: z.literal('held'),
  heldUntil: z.string(),
  quote: quoteSchema,
  payUrl: z.string(),
});
export type InstantBookingAnswer = z.infer<typeof instantBookingAnswerSchema>;

/** One request on the guest's account page. */
export const accountBookingRequestSchema = z.object({
  id: z.string(),
  reference: bookingReferenceSchema,
  property: z.string(),
  propertyName: z.string(),
  /** Null for a property since taken off the site: its requests stay, without a page to link to. */
  propertyKind: propertyKindSchema.nullable(),
  arrival: isoDate,
  departure: isoDate,
  guests: z.int().positive(),
  /** The phone and town the guest gave with it, which their next request starts from. */
  phone: z.string(),
  city: z.string(),
  status: bookingStatusSchema,
  createdAt: z.string(),
  quote: quoteSchema,
  /** A confirmed booking's payments received and what is still due; null for any other status. */
  ledger: guestLedgerSchema.nullable(),
  /** The office's messages on it the guest has not read yet. */
  unreadMessages: z.int().nonnegative(),
  /** The property's arrival pack once released to this booking (deposit received, or the office's word); else null. */
  arrivalPack: arrivalPackSchema.nullable(),
});

/**
 * A request as the account page lists it: the request, with the money and hold its card's words are
 * read from (src/features/booking/booking-words.ts).
 */
export const accountBookingSchema = accountBookingRequestSchema.extend({
  /**
   * Every payment received, whatever the status now (a cancelled booking keeps its receipts), each
   * named by its ledger entry's id for its receipt.
   */
  payments: guestLedgerSchema.shape.payments,
  /** Money gone back, or going back, to the guest, oldest first. */
  refunds: z.array(
    z.object({
      id: z.string(),
      amountPence: z.int().positive(),
      status: z.enum(refundStatuses),
      /** The Kerala day it was asked for. */
      askedOn: isoDate,
      /** Back through the provider to the card it was paid with; else returned by the office's hand. */
      toCard: z.boolean(),
      /** The Kerala day it reached the guest; null while on its way. */
      refundedOn: isoDate.nullable(),
    }),
  ),
  /** While the booking is held, when the hold ends (an ISO timestamp); else null. */
  heldUntil: z.string().nullable(),
  /** Booked at once on an instant-book home (held while its guest paid), not sent as a request. */
  bookedInstantly: z.boolean(),
});

/** `GET /api/account/booking-requests` 200. */
export const accountBookingRequestsAnswerSchema = z.object({
  bookingRequests: z.array(accountBookingSchema),
});

/** A rate season as the booking form and panel price and check by (src/lib/seasons.ts), rate in pence. */
export const bookableSeasonSchema = z.object({
  name: z.string().min(1),
  from: isoDate,
  to: isoDate,
  weeklyRatePence: z.int().positive(),
  minNights: z.int().positive(),
  changeoverDay: z.enum(weekdays).optional(),
});

/** A villa or apartment as the booking form knows it: the facts that price and check a stay. */
export const bookablePropertySchema = z.object({
  slug: bookingRequestSchema.shape.property,
  name: z.string().min(1),
  kind: propertyKindSchema,
  /** The property's own rate and minimum stay: those of every night outside its seasons. */
  weeklyRatePence: z.int().positive(),
  sleeps: z.int().positive(),
  /** How many guests most stays are for (the content's `usualParty`); Guests starts at it. */
  usualParty: z.int().positive().optional(),
  minNights: z.int().positive(),
  /** In date order; only those not yet over when the page was built, to keep the page's props small. */
  seasons: z.array(bookableSeasonSchema).default([]),
  /** Booked and paid for at once (the content's `instantBook`), the nights held while the guest pays. */
  instantBook: z.boolean().optional(),
});

export type BookableProperty = z.infer<typeof bookablePropertySchema>;
export type CreatedBookingRequest = z.infer<typeof createdBookingRequestSchema>;
export type AccountBookingRequest = z.infer<typeof accountBookingRequestSchema>;
export type AccountBooking = z.infer<typeof accountBookingSchema>;
export type AccountBookingRequestsAnswer = z.infer<typeof accountBookingRequestsAnswerSchema>;
