import { z } from 'zod';
import { parseWithoutEval } from './zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

const pence = z.int().nonnegative();

/**
 * One line of a quote: the nights of a stay that fall in one season, and what they cost at its rate
 * (whole weeks, then sevenths). `season` is the season's name, or null for the property's own rate.
 */
export const quoteLineSchema = z.object({
  season: z.string().min(1).nullable(),
  nights: z.int().positive(),
  weeklyRatePence: pence,
  amountPence: pence,
});

/**
 * A price quote in whole pence, as `quoteStay` (pricing.ts) makes it, the server stores it and the
 * booking API answers it. The function's return type is inferred from this schema, so the type it
 * returns and the shape the browser checks an answer against are one declaration. It lives apart from
 * the function so that pricing a stay does not bring zod into a page.
 */
export const quoteSchema = z.object({
  nights: z.int().positive(),
  /** The rate of the arrival's night; `lines` has the rate of every night. */
  weeklyRatePence: pence,
  /** How the subtotal is made, season by season: their amounts add up to it, their nights to `nights`. */
  lines: z.array(quoteLineSchema).min(1),
  subtotalPence: pence,
  discountPence: pence,
  totalPence: pence,
  /** Paid to confirm the booking: a share of the total, or all of it when arrival is close. */
  depositPence: pence,
  balancePence: pence,
  /** When the balance is due, `YYYY-MM-DD`; null when everything is due on confirmation. */
  balanceDueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
});

export type Quote = z.infer<typeof quoteSchema>;
export type QuoteLine = z.infer<typeof quoteLineSchema>;
