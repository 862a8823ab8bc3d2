import { z } from 'zod';
import { describeBedrooms, describeSleeps } from '../../lib/catalogue.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { quoteSchema } from '../../lib/quote.ts';
import { weekdays } from '../../lib/seasons.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { bookingRequestSchema } from '../booking/booking-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * A search by dates: the question a guest asks from the home page's search bar, and the answer that
 * `GET /api/search` sends as JSON and `GET /search` renders as a page. The server's return type is
 * inferred from these schemas; anything in the browser that reads the answer parses it with them.
 */

/** The fields of the search bar, by the names its form sends them; `instant` is the instant-book filter's box. */
export const searchFields = ['arrival', 'departure', 'guests', 'instant', 'home'] as const;

/** The value the "Instant book only" box sends when ticked. */
export const instantOnlyValue = '1';

/**
 * A search as the guest sends it, each field with the booking form's own schema and messages. The rules
 * across fields (from today, departure after arrival, at most 90 nights, within two years) are
 * `findSearchProblems` in src/lib/stay-search.ts; a property's minimum stay and size are not errors of
 * the search, only reasons that property is not offered.
 */
export const searchQuerySchema = z.object({
  arrival: bookingRequestSchema.shape.arrival,
  departure: bookingRequestSchema.shape.departure,
  guests: bookingRequestSchema.shape.guests,
  /** Ticked: only the homes booked and paid at once (the content's `instantBook`). */
  instant: z
    .enum([instantOnlyValue], 'Tick “Instant book only”, or leave it empty')
    .optional()
    .transform((value) => value === instantOnlyValue),
  /** One home's slug: the price of the stay there alone, as its property page's panel asks without JavaScript. */
  home: bookingRequestSchema.shape.property.optional(),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The party sizes the search bar offers; a larger party asks the office (the API takes up to 50). */
export const searchGuestChoices = Array.from({ length: 20 }, (_, index) => index + 1);

/** The guests a search bar shows chosen before anyone chooses. */
export const defaultSearchGuests = 2;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A picture as the build rendered it: the one SVG file, or a photograph's WebP renditions. */
export const searchPictureSchema = z.object({
  src: z.string().min(1),
  /** Absent for SVG artwork, which is sharp at every width. */
  srcSet: z.string().optional(),
  width: z.int().positive(),
  height: z.int().positive(),
  alt: z.string().min(1),
});

/** What every result says about its villa or apartment, free or not. */
const searchedPropertyFields = {
  slug: bookingRequestSchema.shape.property,
  name: z.string().min(1),
  kind: z.enum(['villas', 'apartments']),
  /** The property's page, without a stay; a free result's link adds the stay (`withStay`). */
  path: z.string().startsWith('/'),
  /** Null only when the server has no build to take pictures from (a test run without `npm run build`). */
  picture: searchPictureSchema.nullable(),
  sleeps: z.int().positive(),
  bedrooms: z.int().nonnegative(),
  /** Booked and paid at once, confirmed with no wait for the office. */
  instantBook: z.boolean(),
};

/** Free for the chosen stay, with the price of exactly that stay (`quoteStay`). */
export const freeResultSchema = z.object({
  status: z.literal('free'),
  ...searchedPropertyFields,
  quote: quoteSchema,
});

/** Not offered for the chosen stay, and why. */
export const unavailableResultSchema = z.discriminatedUnion('status', [
  /** Another stay is confirmed on some of the nights; `freeFrom` is the first later arrival with as many nights free. */
  z.object({ status: z.literal('booked'), ...searchedPropertyFields, freeFrom: isoDate.nullable() }),
  /** The party is larger than `sleeps`. */
  z.object({ status: z.literal('sleeps-fewer'), ...searchedPropertyFields }),
  /** The stay is shorter than the minimum of the strictest season it touches (`season`; null: the property's own). */
  z.object({
    status: z.literal('stay-too-short'),
    ...searchedPropertyFields,
    minNights: z.int().positive(),
    season: z.string().nullable(),
  }),
  /** The stay starts or ends in `season`, whose stays start and end on `day`, on another day. */
  z.object({
    status: z.literal('changeover-day'),
    ...searchedPropertyFields,
    season: z.string().min(1),
    day: z.enum(weekdays),
  }),
]);

/** `GET /api/search?arrival=…&departure=…&guests=…` 200. */
export const searchAnswerSchema = z.object({
  /** The stay searched for, as the server read it. */
  stay: z.object({
    arrival: isoDate,
    departure: isoDate,
    guests: z.int().positive(),
    nights: z.int().positive(),
    /** Only instant-book homes were asked for. */
    instant: z.boolean(),
    /** Only this home was asked for (its property page's panel, without JavaScript). */
    home: z.string().optional(),
  }),
  /** Every villa and apartment free for the stay, cheapest first. */
  free: z.array(freeResultSchema),
  /** Every other one, in the catalogue's order. */
  unavailable: z.array(unavailableResultSchema),
});

export type SearchPicture = z.infer<typeof searchPictureSchema>;
export type FreeResult = z.infer<typeof freeResultSchema>;
export type UnavailableResult = z.infer<typeof unavailableResultSchema>;
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** "8 nights" / "1 night". */
export function describeNights(nights: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** The price line of a free result: "£3,029 for 8 nights". */
export function describeStayPrice(result: FreeResult): string {
  return `${formatPence(result.quote.totalPence)} for ${describeNights(result.quote.nights)}`;
}

/** The facts line of any result: "4 bedrooms · Sleeps 8" as words, without the dot. */
export function describeRoom(result: FreeResult | UnavailableResult): string {
  return `${describeBedrooms(result.bedrooms)}, ${describeSleeps(result.sleeps).toLowerCase()}`;
}

/** Why a result is not offered, in a sentence: "Booked then; free from Sun, 14 March 2027 for 8 nights". */
export function describeUnavailable(result: UnavailableResult, nights: number): string {
  switch (result.status) {
    case 'booked':
      return result.freeFrom
        ? `Not free then; free from ${formatStayDate(result.freeFrom)} for ${describeNights(nights)}`
        : `Not free then, nor for ${describeNights(nights)} within the next two years`;
    case 'sleeps-fewer':
      return `Sleeps at most ${result.sleeps}`;
    case 'stay-too-short':
      return result.season
        ? `Not available for so short a stay: ${result.season} stays are at least ${describeNights(result.minNights)}`
        : `Not available for so short a stay: at least ${describeNights(result.minNights)}`;
    case 'changeover-day':
      return `${result.season} stays here start and end on a ${result.day}`;
  }
}
