import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The requests a calendar shows: those that hold or ask for the dates, never declined or cancelled;
 * `held` is an instant booking's hold while the guest pays, shown only until its time runs out.
 */
export const occupancyStatuses = ['new', 'held', 'confirmed'] as const;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `GET /api/admin/occupancy?month=YYYY-MM`: the month a calendar shows. */
export const occupancyQuerySchema = z.object({
  month: z
    .string({ error: 'Choose a month, like 2027-03' })
    .regex(monthPattern, 'Choose a month as year and month, like 2027-03')
    // The years a booking can exist in; past them a month is a typo, not a question.
    .refine((month) => {
      const year = Number(month.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, 'Choose a month between 2000 and 2100'),
});
export type OccupancyQuery = z.infer<typeof occupancyQuerySchema>;

/** One booking request on the calendar: its nights run from `arrival` to the night before `departure`. */
export const occupancyStaySchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(occupancyStatuses),
  /** The guest's name, so the office knows the stay without opening it. */
  name: z.string(),
  guests: z.number(),
  arrival: z.string(),
  departure: z.string(),
});
export type OccupancyStay = z.infer<typeof occupancyStaySchema>;

/** Nights another platform has taken (imported from its iCal feed): `label` names it, e.g. "Airbnb". */
export const occupancyBlockSchema = z.object({
  id: z.string(),
  label: z.string(),
  arrival: z.string(),
  departure: z.string(),
});
export type OccupancyBlock = z.infer<typeof occupancyBlockSchema>;

/**
 * `GET /api/admin/occupancy`: every property of the catalogue (and any other a stay names), in the
 * catalogue's order, with the stays and the blocks that hold at least one night of the month, even
 * those that start before it or end after it. Each kind of bar has its own array, so a new kind adds a
 * field and changes no old one.
 */
export const occupancyAnswerSchema = z.object({
  month: z.string(),
  properties: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      stays: z.array(occupancyStaySchema),
      blocks: z.array(occupancyBlockSchema),
    }),
  ),
});
export type OccupancyAnswer = z.infer<typeof occupancyAnswerSchema>;
