import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * `GET /api/admin/numbers`: the owner's numbers for the season and the one before it, month by month
 * and property by property. Occupancy is one query, revenue another; the charts and their tables are
 * sums of these cells.
 */

/** The month a season starts in: October, when the monsoon is over and the guests come. */
export const seasonFirstMonth = 10;

/** A season: twelve months from the 1st of October to the 30th of September. */
export const seasonSchema = z.object({
  /** The first day, `YYYY-10-01`. */
  from: z.string(),
  /** The last day: the 30th of September of the next year. */
  through: z.string(),
  /** "2026–27" */
  label: z.string(),
  /** Its months in order, as `YYYY-MM`. */
  months: z.array(z.string()),
});
export type Season = z.infer<typeof seasonSchema>;

/** One property's month. */
export const numbersCellSchema = z.object({
  property: z.string(),
  /** `YYYY-MM` */
  month: z.string(),
  /** The nights of confirmed stays that fall in the month; a stay across a month's end counts in both. */
  nightsBooked: z.int().nonnegative(),
  /** The nights the month has: every property is open every night. */
  nightsAvailable: z.int().nonnegative(),
  /** The totals of the confirmed stays that arrive in the month. */
  confirmedPence: z.int().nonnegative(),
  /** What the ledger records as received in the month, whatever the stay's month. */
  receivedPence: z.int().nonnegative(),
});
export type NumbersCell = z.infer<typeof numbersCellSchema>;

export const numbersAnswerSchema = z.object({
  /** Kerala's today, which chose the season. */
  today: z.string(),
  /** The season today falls in. */
  season: seasonSchema,
  /** The one before, to compare with. */
  lastSeason: seasonSchema,
  /** Every property, in the catalogue's order. */
  properties: z.array(z.object({ slug: z.string(), name: z.string() })),
  /** One cell per property and month of `season`. */
  thisYear: z.array(numbersCellSchema),
  /** One cell per property and month of `lastSeason`. */
  lastYear: z.array(numbersCellSchema),
});
export type NumbersAnswer = z.infer<typeof numbersAnswerSchema>;

const pad = (value: number) => String(value).padStart(2, '0');

/** The season that starts in October of `year`. */
export function seasonStarting(year: number): Season {
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = seasonFirstMonth - 1 + index;
    return `${year + Math.floor(month / 12)}-${pad((month % 12) + 1)}`;
  });
  const last = months[11] as string;
  return {
    from: `${months[0]}-01`,
    through: `${last}-${pad(nightsInMonth(last))}`,
    label: `${year}–${String(year + 1).slice(2)}`,
    months,
  };
}

/** The season the day `date` (`YYYY-MM-DD`) falls in. */
export function findSeason(date: string): Season {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return seasonStarting(month >= seasonFirstMonth ? year : year - 1);
}

/** The nights a `YYYY-MM` month has. */
export function nightsInMonth(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}
