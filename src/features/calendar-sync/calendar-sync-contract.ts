import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { requiredText } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * Calendar sync's vocabulary, shared by the dashboard's calendar page, its API and the tests: the
 * other platforms' iCal feeds the office adds per property, the blocks they import, and the secret
 * link of each property's own feed.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a villa or apartment from the list')
  .max(100);

/** `POST /api/admin-calendars/:property/feeds`: another platform's feed for one property. */
export const calendarFeedInputSchema = z.object({
  /** What the office calls the platform; the dashboard says "Blocked by {label}". */
  label: requiredText('the platform’s name', { max: 60 }),
  /** The feed's address as the platform gives it ("Export calendar"); checked again on the server (SSRF). */
  url: z
    .string('Paste the calendar link from the platform')
    .trim()
    .min(1, 'Paste the calendar link from the platform')
    .max(2000, 'That link is too long')
    .refine((text) => URL.canParse(text), 'Paste a full link starting with https://'),
});
export type CalendarFeedInput = z.infer<typeof calendarFeedInputSchema>;

export const propertySlugSchema = slug;

const isoDate = z.string().refine(isIsoDate);

/** A feed as the dashboard lists it. */
export const calendarFeedSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  url: z.string(),
  lastTriedAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** What the last import cut or left out to keep the blocks within the calendar (an event to 9999). */
  lastWarning: z.string().nullable(),
  blockCount: z.number().int(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A block as the dashboard lists it: nights `start`–`end` (exclusive), from the feed `label`. */
export const calendarBlockSchema = z.object({
  id: z.uuid(),
  start: isoDate,
  end: isoDate,
  label: z.string(),
  summary: z.string().nullable(),
  /** References of stays confirmed here that share a night with it: a double booking to resolve. */
  conflicts: z.array(z.string()),
});
export type CalendarBlock = z.infer<typeof calendarBlockSchema>;

/** `GET /api/admin-calendars`: every property's feeds, coming blocks and whether its own link exists. */
export const calendarOverviewSchema = z.object({
  properties: z.array(
    z.object({
      property: z.string(),
      name: z.string(),
      linkCreatedAt: z.string().nullable(),
      feeds: z.array(calendarFeedSchema),
      blocks: z.array(calendarBlockSchema),
    }),
  ),
});
export type CalendarOverview = z.infer<typeof calendarOverviewSchema>;

/** `POST /api/admin-calendars/:property/link`: the new secret address; shown once, the old one stops. */
export const calendarLinkSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

/** One feed's import: how many blocks it holds now, or why it failed (the old blocks stay). */
export const feedImportSchema = z.object({
  feedId: z.uuid(),
  label: z.string(),
  ok: z.boolean(),
  blocks: z.number().int(),
  error: z.string().nullable(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

/** `POST /api/admin-calendars/:property/import`. */
export const propertyImportSchema = z.object({ imports: z.array(feedImportSchema) });

/** The answer of a change whose body the page does not read (a feed added or removed). */
export const calendarChangeAnswerSchema = z.object({}).loose();
