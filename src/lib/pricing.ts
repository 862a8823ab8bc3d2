import { bookingTerms } from './booking-terms.ts';
import { addDays, daysBetween } from './dates.ts';
import type { Quote } from './quote.ts';

// Pricing imports no zod at run time: the property page's booking panel prices stays with it, and
// zod would more than double that page's script. The quote's shape is declared in quote.ts.
export type { Quote };

export type StayToPrice = {
  /** The property's rate for a week, in pence. */
  weeklyRatePence: number;
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
 * - whole weeks at the weekly rate, and each night beyond them at a seventh of it rounded to whole
 *   pounds (a £2,650 week makes a £379 night), so 7 nights cost exactly the week and 10 nights
 *   £2,650 + 3 × £379;
 * - a 20% discount off the subtotal when exactly two guests stay, rounded to whole pounds;
 * - a 25% deposit of the total confirms the booking, rounded up to whole pounds (never past the
 *   total); the balance is the rest, due 45 days before arrival;
 * - when arrival is 45 days after `today` or sooner (or already past), the whole total is due on
 *   confirmation: the deposit is the total, the balance 0 and its due date null.
 *
 * Halves round up, and every amount is computed in integers, so the browser and the server always
 * agree to the penny, and deposit + balance = total exactly. Rates are whole pounds in the content;
 * a rate with pence still prices (its weeks keep their pence).
 * Throws RangeError for a stay that cannot be priced: a malformed date, departure not after arrival,
 * guests not a positive whole number, a rate not a whole number of pence or too large to price exactly.
 * Whether the property takes that many guests or that short a stay is for the caller to check.
 */
export function quoteStay({ weeklyRatePence, arrival, departure, guests, today }: StayToPrice): Quote {
  const nights = daysBetween(arrival, departure);
  if (nights < 1) throw new RangeError(`Departure ${departure} is not after arrival ${arrival}`);
  if (!Number.isSafeInteger(guests) || guests < 1) throw new RangeError(`Not a number of guests: ${guests}`);
  if (!Number.isSafeInteger(weeklyRatePence) || weeklyRatePence < 0) {
    throw new RangeError(`Not a weekly rate in pence: ${weeklyRatePence}`);
  }
  // The largest intermediate product below is about 100 × rate × nights; past that, floats lose pence.
  if (!Number.isSafeInteger(200 * weeklyRatePence * nights)) {
    throw new RangeError(
      `A stay of ${nights} nights at ${weeklyRatePence} pence a week is too large to price`,
    );
  }

  const wholeWeeks = Math.floor(nights / 7);
  const extraNights = nights % 7;
  const subtotalPence = wholeWeeks * weeklyRatePence + extraNights * nightlyRatePence(weeklyRatePence);
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
    weeklyRatePence,
    subtotalPence,
    discountPence,
    totalPence,
    depositPence,
    balancePence: totalPence - depositPence,
    balanceDueDate: allDueOnConfirmation ? null : addDays(arrival, -balanceDueDaysBeforeArrival),
  };
}

const penceInAPound = 100;

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
