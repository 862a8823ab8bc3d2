import { bookingTerms } from './booking-terms.ts';
import { addDays, daysBetween } from './dates.ts';
import type { Quote, QuoteLine } from './quote.ts';
import { listNightSeasons, type Season } from './seasons.ts';

// Pricing imports no zod at run time: the property page's booking panel prices stays with it, and
// zod would more than double that page's script. The quote's shape is declared in quote.ts.
export type { Quote, QuoteLine };

export type StayToPrice = {
  /** The property's own rate for a week, in pence: the rate of every night outside its seasons. */
  weeklyRatePence: number;
  /** The property's rate seasons (seasons.ts), in date order and not overlapping; none is fine. */
  seasons?: readonly Pick<Season, 'name' | 'from' | 'to' | 'weeklyRatePence'>[] | undefined;
  /** Calendar dates, `YYYY-MM-DD`; the guest leaves on `departure`, so it is not a night stayed. */
  arrival: string;
  departure: string;
  guests: number;
  /** The date the quote is made on, which decides whether the balance can wait. */
  today: string;
};

/**
 * Prices a stay by the company's published terms, with the numbers in `bookingTerms`, in amounts a
 * guest can read:
 * - night by night across seasons: each night takes the rate of the season it falls in (the night of
 *   `to` is the season's last), or the property's own rate outside every season. The nights of each
 *   season (the property's own rate counting as one) are priced together, one line of the quote each,
 *   in the order the stay meets them;
 * - each line is whole weeks at its weekly rate, and each night beyond them at a seventh of it rounded
 *   to whole pounds (a £2,650 week makes a £379 night), so 7 nights cost exactly the week and 10
 *   nights £2,650 + 3 × £379. A stay wholly in one season costs exactly what one rate always cost, and
 *   the subtotal is the sum of the lines;
 * - a 20% discount off the subtotal when exactly two guests stay, rounded to whole pounds;
 * - a 25% deposit of the total confirms the booking, rounded up to whole pounds (never past the
 *   total); the balance is the rest, due 45 days before arrival;
 * - when arrival is 45 days after `today` or sooner (or already past), the whole total is due on
 *   confirmation: the deposit is the total, the balance 0 and its due date null.
 *
 * Halves round up, and every amount is computed in integers, so the browser and the server always
 * agree to the penny, and deposit + balance = total exactly. Rates are whole pounds in the content;
 * a rate with pence still prices (its weeks keep their pence).
 * `weeklyRatePence` of the quote is the rate of the arrival's night; `lines` has every rate.
 * Throws RangeError for a stay that cannot be priced: a malformed date, departure not after arrival,
 * guests not a positive whole number, a rate not a whole number of pence or too large to price exactly.
 * Whether the property takes that many guests or that short a stay is for the caller to check.
 */
export function quoteStay({
  weeklyRatePence,
  seasons,
  arrival,
  departure,
  guests,
  today,
}: StayToPrice): Quote {
  const nights = daysBetween(arrival, departure);
  if (nights < 1) throw new RangeError(`Departure ${departure} is not after arrival ${arrival}`);
  if (!Number.isSafeInteger(guests) || guests < 1) throw new RangeError(`Not a number of guests: ${guests}`);
  for (const rate of [weeklyRatePence, ...(seasons ?? []).map((season) => season.weeklyRatePence)]) {
    if (!Number.isSafeInteger(rate) || rate < 0) throw new RangeError(`Not a weekly rate in pence: ${rate}`);
    // The largest intermediate product below is about 100 × rate × nights; past that, floats lose pence.
    if (!Number.isSafeInteger(200 * rate * nights)) {
      throw new RangeError(`A stay of ${nights} nights at ${rate} pence a week is too large to price`);
    }
  }

  const lines = priceNightBySeason({ arrival, departure }, weeklyRatePence, seasons);
  const subtotalPence = lines.reduce((sum, line) => sum + line.amountPence, 0);
  const discountPence =
    guests === bookingTerms.discountedGuestCount
      ? divideRounded(subtotalPence * bookingTerms.discountPercent, 100 * penceInAPound) * penceInAPound
      : 0;
  const totalPence = subtotalPence - discountPence;

  const { balanceDueDaysBeforeArrival, depositPercent } = bookingTerms;
  const allDueOnConfirmation = daysBetween(today, arrival) <= balanceDueDaysBeforeArrival;
  const depositPence = allDueOnConfirmation
    ? totalPence
    : Math.min(totalPence, divideUp(totalPence * depositPercent, 100 * penceInAPound) * penceInAPound);

  return {
    nights,
    weeklyRatePence: lines[0]?.weeklyRatePence ?? weeklyRatePence,
    lines,
    subtotalPence,
    discountPence,
    totalPence,
    depositPence,
    balancePence: totalPence - depositPence,
    balanceDueDate: allDueOnConfirmation ? null : addDays(arrival, -balanceDueDaysBeforeArrival),
  };
}

const penceInAPound = 100;

/**
 * The quote's lines: the nights of the stay grouped by the season they fall in (null: the property's
 * own rate), in the order the stay meets them, each priced as whole weeks then sevenths.
 */
function priceNightBySeason(
  stay: { arrival: string; departure: string },
  weeklyRatePence: number,
  seasons: StayToPrice['seasons'],
): QuoteLine[] {
  // Keyed by name and rate: two stretches of "High season" at one rate are one line, at two rates two.
  const nightsBySeason = new Map<
    string,
    { season: string | null; nights: number; weeklyRatePence: number }
  >();
  for (const season of listNightSeasons(stay, seasons)) {
    const rate = season?.weeklyRatePence ?? weeklyRatePence;
    const key = season ? `${season.name}\u0000${rate}` : '';
    const run = nightsBySeason.get(key) ?? { season: season?.name ?? null, nights: 0, weeklyRatePence: rate };
    run.nights += 1;
    nightsBySeason.set(key, run);
  }
  return [...nightsBySeason.values()].map((run) => ({
    ...run,
    amountPence: priceNightsAtOneRate(run.nights, run.weeklyRatePence),
  }));
}

/** Whole weeks at the weekly rate, each night beyond them at a seventh of it rounded to whole pounds. */
export function priceNightsAtOneRate(nights: number, weeklyRatePence: number): number {
  return Math.floor(nights / 7) * weeklyRatePence + (nights % 7) * nightlyRatePence(weeklyRatePence);
}

/** A night beyond a stay's whole weeks: a seventh of the weekly rate, rounded to whole pounds. */
export function nightlyRatePence(weeklyRatePence: number): number {
  return divideRounded(weeklyRatePence, 7 * penceInAPound) * penceInAPound;
}

/** numerator / denominator rounded up, for non-negative integers. */
function divideUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + denominator - 1) / denominator);
}

/** numerator / denominator rounded to the nearest whole number, halves up, for non-negative integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
