import { addDays, daysBetween } from './dates.ts';
import type { FieldErrors } from './form-fields.ts';
import { findMinimumStay, findMissedChangeovers, type SeasonRule, type Weekday } from './seasons.ts';
import { bookingHorizonDays, findStayProblems, type Stay } from './stay-rules.ts';

/**
 * The rule behind a search by dates: for one villa or apartment and one chosen stay, whether it is
 * free, and if not, why and from when. Pure, so the same answer is reached in a test, on the server
 * and (should an island ever need it) in the browser.
 */

/** A night range already taken, half-open like the database's: the guest leaves on `departure`. */
export type TakenStay = { arrival: string; departure: string };

/** What a search needs of a property: who it sleeps, its shortest stay and its seasons' rules. */
export type SearchLimits = { sleeps: number; minNights: number; seasons?: readonly SeasonRule[] | undefined };

/**
 * Why a property is or is not offered for a stay. Each property gets one verdict, the most lasting
 * reason first: a property too small for the party stays too small on any date, then its minimum stay
 * and changeover day for those dates (the booking form's rules, `findStayProblems`), and only then do
 * the booked dates matter.
 */
export type StayVerdict =
  | { status: 'free' }
  | { status: 'sleeps-fewer'; sleeps: number }
  /** `season`: the season whose minimum it is, null for the property's own. */
  | { status: 'stay-too-short'; minNights: number; season: string | null }
  /** The stay starts or ends in a season with a changeover day, on another day. */
  | { status: 'changeover-day'; season: string; day: Weekday }
  /** `freeFrom`: the first later arrival with the same number of nights free, or null within the horizon. */
  | { status: 'booked'; freeFrom: string | null };

/**
 * The problems of a search as a whole, with the booking form's messages: arrival from today and within
 * the horizon, departure after arrival, at most 90 nights. A property's minimum stay and size are
 * not among them: they only take that property out of the results (`judgeStay`).
 */
export function findSearchProblems(stay: Stay, today: string): FieldErrors {
  return findStayProblems(stay, { name: '', minNights: 1, sleeps: Number.POSITIVE_INFINITY }, today);
}

/** Whether two half-open night ranges share a night. */
export function overlaps(a: TakenStay, b: TakenStay): boolean {
  return a.arrival < b.departure && b.arrival < a.departure;
}

/**
 * The earliest arrival after `stay.arrival` from which the same number of nights is free, no later
 * than `latestArrival`; null when there is none. `taken` may come in any order and may overlap (the
 * database forbids overlaps among confirmed stays, but the rule does not rely on it).
 */
export function findNextFreeArrival(
  taken: readonly TakenStay[],
  stay: TakenStay,
  latestArrival: string,
): string | null {
  const nights = daysBetween(stay.arrival, stay.departure);
  const byArrival = [...taken].sort((a, b) => (a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : 0));
  // The first candidate is the day after the chosen arrival; each taken stay that still overlaps the
  // candidate pushes it to that stay's departure. Sorted by arrival, one pass finds the first gap.
  let candidate = addDays(stay.arrival, 1);
  for (const other of byArrival) {
    if (other.departure <= candidate) continue;
    if (other.arrival >= addDays(candidate, nights)) break;
    candidate = other.departure;
  }
  return candidate <= latestArrival ? candidate : null;
}

/**
 * The verdict on one property for a stay that has passed `findSearchProblems`. `taken` holds the
 * property's confirmed stays from the chosen arrival on (earlier ones are ignored).
 */
export function judgeStay(
  stay: Stay,
  property: SearchLimits,
  taken: readonly TakenStay[],
  today: string,
): StayVerdict {
  if (stay.guests > property.sleeps) return { status: 'sleeps-fewer', sleeps: property.sleeps };
  const minimum = findMinimumStay(stay, property);
  if (daysBetween(stay.arrival, stay.departure) < minimum.minNights) {
    return { status: 'stay-too-short', minNights: minimum.minNights, season: minimum.season?.name ?? null };
  }
  const missed = findMissedChangeovers(stay, property.seasons);
  const changeover = missed.arrival ?? missed.departure;
  if (changeover?.changeoverDay) {
    return { status: 'changeover-day', season: changeover.name, day: changeover.changeoverDay };
  }
  if (!taken.some((other) => overlaps(other, stay))) return { status: 'free' };
  return {
    status: 'booked',
    freeFrom: findNextAllowedArrival(taken, stay, property, latestArrivalFrom(today)),
  };
}

/**
 * The first later arrival with the same nights free that the property's seasons also allow (its
 * minimum stay and changeover day for those dates), so "free from" never offers a Sunday in peak weeks.
 */
function findNextAllowedArrival(
  taken: readonly TakenStay[],
  stay: TakenStay,
  property: SearchLimits,
  latestArrival: string,
): string | null {
  const nights = daysBetween(stay.arrival, stay.departure);
  let from = stay;
  for (;;) {
    const next = findNextFreeArrival(taken, from, latestArrival);
    if (next === null) return null;
    const candidate = { arrival: next, departure: addDays(next, nights) };
    const missed = findMissedChangeovers(candidate, property.seasons);
    if (nights >= findMinimumStay(candidate, property).minNights && !missed.arrival && !missed.departure)
      return next;
    from = candidate;
  }
}

/** The last arrival the office takes a request for, seen from `today`. */
export function latestArrivalFrom(today: string): string {
  return addDays(today, bookingHorizonDays);
}
