import { z } from 'zod';
import { phoneNumber, requiredText } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * A property's arrival pack: what the office writes in the dashboard and a guest reads on their
 * booking once it is released (confirmed, and the deposit received or the office released it early).
 * The database checks the same limits (migration 20261127002710).
 */

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `Enter the ${label} as a number of degrees` })
    .min(-limit, `The ${label} is between -${limit} and ${limit}`)
    .max(limit, `The ${label} is between -${limit} and ${limit}`)
    // The column keeps six decimals (about 10 cm): more would be rounded away.
    .transform((value) => Math.round(value * 1e6) / 1e6);

/** `PUT /api/admin-arrival-packs/:property`: the whole pack, written at once. */
export const arrivalPackInputSchema = z.object({
  address: requiredText('the address', { max: 500, lines: 'many' }),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  directionsFromCok: requiredText('the way from Kochi airport (COK)', { max: 2000, lines: 'many' }),
  directionsFromTrv: requiredText('the way from Thiruvananthapuram airport (TRV)', {
    max: 2000,
    lines: 'many',
  }),
  checkInSteps: requiredText('the check-in steps', { max: 2000, lines: 'many' }),
  caretakerPhone: phoneNumber,
  wifiName: requiredText('the Wi-Fi name', { max: 100 }),
  wifiPassword: requiredText('the Wi-Fi password', { max: 100 }),
  houseManual: requiredText('the house manual', { max: 5000, lines: 'many' }),
});
export type ArrivalPackInput = z.infer<typeof arrivalPackInputSchema>;

/** A pack as stored: what was written, and when. */
export const arrivalPackSchema = arrivalPackInputSchema.extend({
  latitude: z.number(),
  longitude: z.number(),
  updatedAt: z.string(),
});
export type ArrivalPack = z.infer<typeof arrivalPackSchema>;

/** A guest of a confirmed stay not yet over, who reads the home's pack on their booking. */
export const packReaderSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  guestName: z.string(),
  arrival: z.string(),
  /** Whether the pack is released to the booking now (deposit paid, or released early). */
  released: z.boolean(),
  /** Whether the email that carries the pack has gone (or is going). */
  emailed: z.boolean(),
});
export type PackReader = z.infer<typeof packReaderSchema>;

/** How many days before arrival the pack's email goes: the worker sends it, the editor says so. */
export const packEmailDays = 7;

/** The most readers the editor lists for a home, soonest first. */
export const packReadersListed = 10;

/**
 * `GET /api/admin-arrival-packs`: every property of the catalogue, with its pack or null, and the guests
 * of its stays not yet over who read it (soonest first, at most `packReadersListed`).
 */
export const arrivalPacksAnswerSchema = z.object({
  properties: z.array(
    z.object({
      property: z.string(),
      name: z.string(),
      pack: arrivalPackSchema.nullable(),
      readers: z.array(packReaderSchema),
    }),
  ),
});
export type ArrivalPacksAnswer = z.infer<typeof arrivalPacksAnswerSchema>;

/**
 * `GET`, `POST /api/admin/booking-requests/:id/arrival-pack`: whether the guest can read the pack now
 * (`released`), whether the office released it early (and when), and whether the property has one.
 */
export const arrivalPackReleaseSchema = z.object({
  released: z.boolean(),
  releasedEarlyAt: z.string().nullable(),
  propertyHasPack: z.boolean(),
});
export type ArrivalPackRelease = z.infer<typeof arrivalPackReleaseSchema>;

/** The map pin as a link anyone can open, on OpenStreetMap. */
export const mapPinUrl = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
