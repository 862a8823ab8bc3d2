import { z } from 'zod';
import { serviceChoiceSchema, servicePricings } from '../../lib/concierge-services.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The concierge's services on a booking, shared by the account page's island, the office's Today, the
 * functions and their tests. The database checks the same statuses (migration 20261203005000).
 */

/** Where a booked service stands. */
export const bookingServiceStatuses = [
  'requested',
  'awaiting_price',
  'confirmed',
  'cancelled',
  'refunded',
] as const;
export type BookingServiceStatus = (typeof bookingServiceStatuses)[number];

/** `POST /api/account/booking-requests/:id/services`: a service chosen, sent with an Idempotency-Key. */
export const addServiceInputSchema = serviceChoiceSchema;

/** A service on offer at the booking's home, as the guest picks it. */
export const offeredServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number(),
  pricing: z.enum(servicePricings),
  priceGbp: z.number().optional(),
  priceInr: z.number().optional(),
  options: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      choices: z.array(
        z.object({
          id: z.string(),
          label: z.string(),
          extraGbp: z.number(),
          extraInr: z.number().optional(),
        }),
      ),
    }),
  ),
  noticeHours: z.number(),
  freeCancellationHours: z.number(),
  lateCancellationRefundPercent: z.number(),
  homes: z.array(z.string()),
  staffHours: z.object({ opens: z.string(), closes: z.string() }),
  asksFlight: z.boolean(),
});

/** A service booked on the stay, as its guest and the office read it. */
export const bookedServiceSchema = z.object({
  id: z.string(),
  service: z.string(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  quantity: z.number(),
  chosen: z.array(z.string()),
  flight: z.string().nullable(),
  note: z.string().nullable(),
  pricePence: z.number().nullable(),
  status: z.enum(bookingServiceStatuses),
  /** Its state in words, from everything that decides it. */
  words: z.string(),
  freeCancellationUntil: z.string(),
  /** Whether its guest may cancel it now, and what that would give back, in words. */
  cancellable: z.boolean(),
  cancelWords: z.string(),
  /** Paid on its own (its payment recorded). */
  paid: z.boolean(),
  /** The payment that paid it, whose receipt the guest can download; null while unpaid. */
  paymentId: z.string().nullable(),
  /** Whether its guest can pay it now: confirmed, priced, unpaid, on a confirmed stay. */
  payable: z.boolean(),
});
export type BookedService = z.infer<typeof bookedServiceSchema>;

/** `GET` and `POST` answers: what the home offers, what the stay has, and the stay itself. */
export const bookingServicesAnswerSchema = z.object({
  reference: z.string(),
  stay: z.object({ property: z.string(), arrival: z.string(), departure: z.string(), guests: z.number() }),
  /** False once the booking takes no more services (cancelled, declined, departed). */
  open: z.boolean(),
  offered: z.array(offeredServiceSchema),
  booked: z.array(bookedServiceSchema),
});
export type BookingServicesAnswer = z.infer<typeof bookingServicesAnswerSchema>;

/** `GET /api/admin-services-today`: today's and tomorrow's services by when they start. */
export const servicesTodaySchema = z.object({
  today: z.string(),
  services: z.array(
    bookedServiceSchema.extend({
      bookingId: z.string(),
      reference: z.string(),
      guestName: z.string(),
      propertyName: z.string(),
    }),
  ),
});
export type ServicesToday = z.infer<typeof servicesTodaySchema>;

/** `POST /api/admin-booking-services/:id`: the office prices one on request and confirms it, or confirms one priced. */
export const confirmServiceInputSchema = z.object({
  pricePence: z.coerce
    .number()
    .int('give the price in whole pence')
    .min(0, 'a price cannot be negative')
    .max(10_000_000, 'at most £100,000')
    .optional(),
});

/**
 * `GET /api/admin/booking-requests/{id}/services`: a booking's services as the office's booking page
 * lists them, each with the payment that paid it on its own and what went back of it.
 */
export const officeBookingServicesSchema = z.object({
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      date: z.string(),
      time: z.string(),
      status: z.enum(bookingServiceStatuses),
      pricePence: z.number().nullable(),
      payment: z
        .object({
          amountPence: z.number(),
          receivedOn: z.string(),
          receiptNumber: z.string(),
          provider: z.string().nullable(),
        })
        .nullable(),
      refunds: z.array(z.object({ amountPence: z.number(), status: z.string() })),
    }),
  ),
});
export type OfficeBookingServices = z.infer<typeof officeBookingServicesSchema>;
