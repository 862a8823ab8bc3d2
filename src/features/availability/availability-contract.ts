import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The availability API's answer, which the calendars read. The server's return type is inferred from
 * it; the calendar island checks answers by hand against the same shape (`readConfirmedStays`), since
 * importing zod would more than double the script of every property page, and a test holds the two
 * equal.
 */

/** A stay the office has confirmed: the guest arrives on `arrival` and leaves on `departure`. */
export const confirmedStaySchema = z.object({
  arrival: z.string().refine(isIsoDate),
  departure: z.string().refine(isIsoDate),
});

/**
 * `GET /api/availability?property={slug}` 200: the property's taken nights, by arrival: its confirmed
 * stays and the blocks imported from other platforms' calendars, alike (a guest needs only "taken").
 */
export const availabilityAnswerSchema = z.object({
  property: z.string(),
  confirmed: z.array(confirmedStaySchema),
});

export type ConfirmedStay = z.infer<typeof confirmedStaySchema>;
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;
