import { z } from 'zod';
import { bookingStatusSchema } from './booking-contract.ts';
import { bookingRequestSchema } from './booking-request-schema.ts';

/** What the booking API answers, checked before the page shows it (DESIGN §7). */

const pence = z.int().nonnegative();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A price quote in pence, as `quoteStay` makes it and the server stores it. */
export const quoteSchema = z.object({
  nights: z.int().positive(),
  weeklyRatePence: pence,
  subtotalPence: pence,
  discountPence: pence,
  totalPence: pence,
  depositPence: pence,
  balancePence: pence,
  /** Null when the whole amount is due on confirmation. */
  balanceDueDate: isoDate.nullable(),
});

export const bookingRequestStatusSchema = bookingStatusSchema;

/** `POST /api/booking-requests` 201. */
export const createdBookingRequestSchema = z.object({
  id: z.string(),
  status: bookingRequestStatusSchema,
  quote: quoteSchema,
});

/** One request on the guest's account page. */
export const accountBookingRequestSchema = z.object({
  id: z.string(),
  property: z.string(),
  propertyName: z.string(),
  /** Null for a property since taken off the site: its requests stay, without a page to link to. */
  propertyKind: z.enum(['villas', 'apartments']).nullable(),
  arrival: isoDate,
  departure: isoDate,
  guests: z.int().positive(),
  status: bookingRequestStatusSchema,
  createdAt: z.string(),
  quote: quoteSchema,
});

/** `GET /api/account/booking-requests` 200. */
export const accountBookingRequestsAnswerSchema = z.object({
  bookingRequests: z.array(accountBookingRequestSchema),
});

/** A villa or apartment as the booking form knows it: the facts that price and check a stay. */
export const bookablePropertySchema = z.object({
  slug: bookingRequestSchema.shape.property,
  name: z.string().min(1),
  kind: z.enum(['villas', 'apartments']),
  weeklyRatePence: z.int().positive(),
  sleeps: z.int().positive(),
  minNights: z.int().positive(),
});

export type BookableProperty = z.infer<typeof bookablePropertySchema>;
export type BookingRequestStatus = z.infer<typeof bookingRequestStatusSchema>;
export type CreatedBookingRequest = z.infer<typeof createdBookingRequestSchema>;
export type AccountBookingRequest = z.infer<typeof accountBookingRequestSchema>;
