import { addDays, daysBetween, formatStayDate } from '../../lib/dates.ts';
import {
  findMinimumStay,
  findMissedChangeovers,
  findSeasonOfNight,
  type SeasonRule,
} from '../../lib/seasons.ts';
import { bookingHorizonDays, longestStayNights } from '../../lib/stay-rules.ts';
import { type BookedStay, isNightBooked } from '../availability/calendar.ts';
import { describeNights } from './stay-words.ts';

/**
 * Choosing a stay on the calendar: the first day pressed is the arrival, the next one the departure.
 * Pure, so the rules a guest meets by pointer, keyboard or screen reader are one set, tested alone.
 * Nights are half-open as everywhere else: a stay occupies arrival up to, not including, departure, so
 * a booked stay's arrival day can still be a departure.
 */

/** The stay chosen so far; '' for a date not chosen yet. */
export type PickedStay = { arrival: string; departure: string };

export type PickingRules = {
  /** Kerala's date: nothing before it can be chosen. */
  today: string;
  /** The property's own minimum stay, for nights outside its seasons. */
  minNights: number;
  /** The property's seasons, whose minimum stays and changeover days the picker holds to as well. */
  seasons?: readonly SeasonRule[] | undefined;
};

/** Why a day cannot be the next one pressed. */
export type DayRefusal =
  | 'past'
  | 'beyond-horizon'
  | 'booked'
  | 'too-short'
  | 'too-long'
  | 'past-a-booking'
  /** Arriving or leaving in a season with a changeover day, on another day. */
  | 'changeover';

export const noStay: PickedStay = { arrival: '', departure: '' };

/** Whether the next day pressed is the departure: an arrival is chosen and a departure is not. */
export const isChoosingDeparture = (picked: PickedStay) => picked.arrival !== '' && picked.departure === '';

/** The first booked night on or after `date`, or null when none follows. */
export function firstBookedNightFrom(date: string, stays: readonly BookedStay[]): string | null {
  let first: string | null = null;
  for (const stay of stays) {
    const night = stay.arrival >= date ? stay.arrival : stay.departure > date ? date : null;
    if (night && (first === null || night < first)) first = night;
  }
  return first;
}

/** Why `date` cannot be pressed next, or null when it can. */
export function judgeDay(
  date: string,
  picked: PickedStay,
  stays: readonly BookedStay[],
  rules: PickingRules,
): DayRefusal | null {
  if (isChoosingDeparture(picked) && date > picked.arrival) {
    const nights = daysBetween(picked.arrival, date);
    const nextBooked = firstBookedNightFrom(picked.arrival, stays);
    if (nextBooked !== null && date > nextBooked) return 'past-a-booking';
    const stay = { arrival: picked.arrival, departure: date };
    if (nights < findMinimumStay(stay, rules).minNights) return 'too-short';
    if (nights > longestStayNights) return 'too-long';
    const missed = findMissedChangeovers(stay, rules.seasons);
    if (missed.departure) return 'changeover';
    return null;
  }
  // Otherwise the day pressed starts a stay (pressing the chosen arrival again clears it).
  if (isChoosingDeparture(picked) && date === picked.arrival) return null;
  if (date < rules.today) return 'past';
  if (daysBetween(rules.today, date) > bookingHorizonDays) return 'beyond-horizon';
  if (isNightBooked(date, stays)) return 'booked';
  if (findMissedChangeovers({ arrival: date, departure: addDays(date, 1) }, rules.seasons).arrival) {
    return 'changeover';
  }
  return null;
}

/** The stay after `date` is pressed; unchanged when the day cannot be pressed. */
export function pickDay(
  date: string,
  picked: PickedStay,
  stays: readonly BookedStay[],
  rules: PickingRules,
): PickedStay {
  if (judgeDay(date, picked, stays, rules) !== null) return picked;
  if (!isChoosingDeparture(picked)) return { arrival: date, departure: '' };
  if (date === picked.arrival) return noStay;
  if (date < picked.arrival) return { arrival: date, departure: '' };
  return { arrival: picked.arrival, departure: date };
}

/** Where `date` sits in the chosen stay, for drawing it. */
export function placeInStay(date: string, picked: PickedStay): 'arrival' | 'departure' | 'night' | null {
  if (date === picked.arrival) return 'arrival';
  if (date === picked.departure) return 'departure';
  if (picked.arrival && picked.departure && picked.arrival < date && date < picked.departure) return 'night';
  return null;
}

/**
 * A refusal in words, read after the day's date ("Fri, 15 January 2027, booked"). `date` and `picked`
 * say which stay it would make, so a season's minimum or changeover day is named.
 */
export function describeRefusal(
  refusal: DayRefusal,
  rules: PickingRules,
  date = '',
  picked: PickedStay = noStay,
): string {
  const choosingDeparture = isChoosingDeparture(picked) && date > picked.arrival;
  switch (refusal) {
    case 'past':
      return 'in the past';
    case 'beyond-horizon':
      return 'too far ahead to request';
    case 'booked':
      return 'booked';
    case 'too-short': {
      const minimum = choosingDeparture
        ? findMinimumStay({ arrival: picked.arrival, departure: date }, rules)
        : { minNights: rules.minNights, season: null };
      return minimum.season
        ? `too short a stay, ${minimum.season.name} stays are at least ${describeNights(minimum.minNights)}`
        : `too short a stay, at least ${describeNights(minimum.minNights)}`;
    }
    case 'too-long':
      return `longer than ${longestStayNights} nights`;
    case 'past-a-booking':
      return 'a booked night comes before it';
    case 'changeover': {
      const season = findSeasonOfNight(rules.seasons, choosingDeparture ? addDays(date, -1) : date);
      return season?.changeoverDay
        ? `${season.name} stays start and end on a ${season.changeoverDay}`
        : 'not a changeover day';
    }
  }
}

/**
 * The first day a stay from `arrival` may end by the property's rules (minimum stays and changeover
 * days), booked nights aside; null when none within the longest stay.
 */
export function findEarliestDeparture(arrival: string, rules: PickingRules): string | null {
  for (let nights = 1; nights <= longestStayNights; nights += 1) {
    const departure = addDays(arrival, nights);
    const stay = { arrival, departure };
    if (
      nights >= findMinimumStay(stay, rules).minNights &&
      !findMissedChangeovers(stay, rules.seasons).departure
    ) {
      return departure;
    }
  }
  return null;
}

/** What a screen reader hears after a day is pressed, and what the panel says next. */
export function describePicking(picked: PickedStay, rules: PickingRules): string {
  if (!picked.arrival)
    return `Choose your arrival day. The shortest stay is ${describeNights(rules.minNights)}.`;
  if (!picked.departure) {
    const earliest = findEarliestDeparture(picked.arrival, rules);
    const after = earliest ? `, ${formatStayDate(earliest)} or later` : '';
    return `Arrival ${formatStayDate(picked.arrival)}. Now choose your departure day${after}.`;
  }
  const nights = daysBetween(picked.arrival, picked.departure);
  return `${formatStayDate(picked.arrival)} to ${formatStayDate(picked.departure)}: ${describeNights(nights)}.`;
}
