import { addDays, daysBetween, isIsoDate } from './dates.ts';
import type { FieldErrors } from './form-fields.ts';
import {
  describeChangeover,
  describeMinimumStay,
  findMinimumStay,
  findMissedChangeovers,
  type SeasonRule,
} from './seasons.ts';

/** What a property allows, from its content file: its own minimum stay, and its seasons' (seasons.ts). */
export type StayLimits = {
  name: string;
  minNights: number;
  sleeps: number;
  seasons?: readonly SeasonRule[] | undefined;
};

export type Stay = { arrival: string; departure: string; guests: number };

/** The furthest ahead a request may start: the office does not take bookings beyond two years. */
export const bookingHorizonDays = 730;

/** The longest stay a request may ask for; longer ones are arranged with the office. */
export const longestStayNights = 90;

/**
 * The rules of a stay that need more than one field: arrival not in the past (in Kerala's calendar),
 * departure after arrival, at least the minimum nights (the strictest of the seasons the stay's nights
 * fall in, `findMinimumStay`), arrival and departure on a season's changeover day where it has one
 * (`findMissedChangeovers`), no more guests than the property sleeps.
 * The form shows these as the guest types; the API refuses the same with the same messages.
 */
export function findStayProblems(stay: Stay, property: StayLimits, today: string): FieldErrors {
  const problems: FieldErrors = {};
  const { arrival, departure, guests } = stay;
  if (isIsoDate(arrival)) {
    if (daysBetween(today, arrival) < 0) problems.arrival = 'Choose an arrival date from today on';
    else if (daysBetween(today, arrival) > bookingHorizonDays) {
      problems.arrival = `We take requests up to two years ahead, until ${addDays(today, bookingHorizonDays)}`;
    }
  }
  if (isIsoDate(arrival) && isIsoDate(departure)) {
    const nights = daysBetween(arrival, departure);
    const minimum = nights >= 1 ? findMinimumStay(stay, property) : null;
    if (nights < 1 || !minimum) problems.departure = 'Choose a departure date after the arrival date';
    else if (nights > longestStayNights) {
      problems.departure = `For stays longer than ${longestStayNights} nights, please contact us`;
    } else {
      const missed = findMissedChangeovers(stay, property.seasons);
      if (missed.arrival && !problems.arrival)
        problems.arrival = describeChangeover(missed.arrival, property.name);
      if (nights < minimum.minNights) problems.departure = describeMinimumStay(minimum, property.name);
      else if (missed.departure) problems.departure = describeChangeover(missed.departure, property.name);
    }
  }
  if (Number.isInteger(guests) && guests > property.sleeps) {
    problems.guests = `${property.name} sleeps at most ${property.sleeps}`;
  }
  return problems;
}
