import { addDays, daysBetween } from './dates.ts';

/**
 * Rate seasons: dated stretches of nights in which a property has its own weekly rate, its own
 * minimum stay and, in peak weeks, a fixed changeover day. Outside every season the property's own
 * `weeklyRateGbp` and `minNights` apply, so a property needs no seasons at all, and a season list
 * that stops short of the booking horizon still prices every stay. Pure and free of zod, since the
 * property page's booking panel uses it (the content schema that checks seasons is in
 * content-schemas.ts).
 */

/** Weekday names as `Date.getUTCDay` numbers them, and as an editor writes them in the content. */
export const weekdays = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type Weekday = (typeof weekdays)[number];

/** A season as the pricing and the stay rules use it, with its rate in pence. */
export type Season = {
  /** Shown in the season table and the quote, e.g. "Peak season". */
  name: string;
  /** The first night of the season, `YYYY-MM-DD`. */
  from: string;
  /** The last night of the season, `YYYY-MM-DD`, inclusive: a guest leaving the next morning stayed wholly in it. */
  to: string;
  weeklyRatePence: number;
  minNights: number;
  /** When set, a stay that starts in the season arrives on this day, and one that ends in it leaves on it. */
  changeoverDay?: Weekday | undefined;
};

/** What the stay rules need of a season: its dates, minimum stay and changeover day, not its rate. */
export type SeasonRule = Omit<Season, 'weeklyRatePence'>;

/** A season as the content writes it: the rate in whole pounds. */
export type ContentSeason = Omit<Season, 'weeklyRatePence'> & { weeklyRateGbp: number };

/** What a property's seasons are judged by: its own rate and minimum, and its seasons (none is fine). */
export type SeasonalTerms = {
  weeklyRatePence: number;
  minNights: number;
  /** In date order, none overlapping another (the content schema refuses anything else). */
  seasons?: readonly Season[] | undefined;
};

/** The content's seasons with their rates in pence, as the pricing takes them. */
export function seasonsInPence(seasons: readonly ContentSeason[] | undefined): Season[] {
  return (seasons ?? []).map(({ weeklyRateGbp, ...season }) => ({
    ...season,
    weeklyRatePence: weeklyRateGbp * 100,
  }));
}

/**
 * The seasons a page built on `today` hands its booking island: those not yet over, in pence. Past
 * seasons price no stay a guest can still ask for, and every one left out is bytes the page saves.
 */
export function listSeasonsStillAhead(
  seasons: readonly ContentSeason[] | undefined,
  today: string,
): Season[] {
  return seasonsInPence(seasons).filter((season) => season.to >= today);
}

/** "19 Dec 2026 – 15 Jan 2027": a season's first and last nights, for its row in the season table. */
export function describeSeasonDates(season: { from: string; to: string }): string {
  // Made on call, not at load: the booking island imports this module and never shows the table.
  const format = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = (date: string) => format.format(new Date(`${date}T00:00:00Z`));
  return `${day(season.from)} – ${day(season.to)}`;
}

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): Weekday {
  // A date at UTC midnight has the calendar's weekday whatever the browser's time zone.
  return weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
}

/** The season the night of `date` falls in, or undefined when the property's own terms apply. */
export function findSeasonOfNight<Dated extends { from: string; to: string }>(
  seasons: readonly Dated[] | undefined,
  date: string,
): Dated | undefined {
  return seasons?.find((season) => season.from <= date && date <= season.to);
}

/** The nights of a stay, in order, each with the season it falls in (undefined: the property's own terms). */
export function listNightSeasons<Dated extends { from: string; to: string }>(
  { arrival, departure }: { arrival: string; departure: string },
  seasons: readonly Dated[] | undefined,
): (Dated | undefined)[] {
  const nights = daysBetween(arrival, departure);
  return Array.from({ length: Math.max(0, nights) }, (_, index) =>
    findSeasonOfNight(seasons, addDays(arrival, index)),
  );
}

/** The shortest stay for some dates, and the season it comes from (null: the property's own minimum). */
export type MinimumStay = { minNights: number; season: SeasonRule | null };

/**
 * The shortest stay allowed for these dates: the strictest minimum among the seasons its nights fall
 * in (the property's own minimum for nights outside every season), and the season it comes from (null
 * for the property's own). The strictest, not the arrival's, so a stay cannot slip a one-night hop into
 * peak weeks by arriving the day before they start.
 */
export function findMinimumStay(
  stay: { arrival: string; departure: string },
  terms: { minNights: number; seasons?: readonly SeasonRule[] | undefined },
): MinimumStay {
  let strictest: MinimumStay = { minNights: 0, season: null };
  for (const season of new Set(listNightSeasons(stay, terms.seasons))) {
    const minNights = season ? season.minNights : terms.minNights;
    if (minNights > strictest.minNights) strictest = { minNights, season: season ?? null };
  }
  return strictest.minNights > 0 ? strictest : { minNights: terms.minNights, season: null };
}

/**
 * The changeover days a stay misses: a stay whose first night is in a season with a changeover day
 * must arrive on that day, and one whose last night is in such a season must leave on it. A stay that
 * spans a whole changeover season, arriving before it and leaving after, is free of it.
 */
export function findMissedChangeovers(
  stay: { arrival: string; departure: string },
  seasons: readonly SeasonRule[] | undefined,
): { arrival?: SeasonRule; departure?: SeasonRule } {
  const missed: { arrival?: SeasonRule; departure?: SeasonRule } = {};
  if (daysBetween(stay.arrival, stay.departure) < 1) return missed;
  const first = findSeasonOfNight(seasons, stay.arrival);
  if (first?.changeoverDay && weekdayOf(stay.arrival) !== first.changeoverDay) missed.arrival = first;
  const last = findSeasonOfNight(seasons, addDays(stay.departure, -1));
  if (last?.changeoverDay && weekdayOf(stay.departure) !== last.changeoverDay) missed.departure = last;
  return missed;
}

/** "Peak season stays at Varkala Clifftop Villa start and end on a Saturday" (without the name: "…stays here…"). */
export function describeChangeover(season: SeasonRule, propertyName: string): string {
  return `${season.name} stays ${propertyName ? `at ${propertyName}` : 'here'} start and end on a ${season.changeoverDay}`;
}

/** "Peak season stays at Varkala Clifftop Villa are at least 7 nights", or the property's own rule. */
export function describeMinimumStay(minimum: MinimumStay, propertyName: string): string {
  const where = propertyName || 'This property';
  return minimum.season
    ? `${minimum.season.name} stays at ${where} are at least ${minimum.minNights} nights`
    : `${where} takes stays of at least ${minimum.minNights} nights`;
}

/**
 * The lowest weekly rate the property is let at, for "from £X a week": its own rate and every
 * season's. Its own rate counts even when the seasons happen to cover the whole horizon; the content
 * keeps its own rate for the quiet months (April and May), so it is a rate a guest can book.
 */
export function findLowestWeeklyRatePence(terms: SeasonalTerms): number {
  return Math.min(terms.weeklyRatePence, ...(terms.seasons ?? []).map((season) => season.weeklyRatePence));
}

/** "7 nights", or "3 to 7 nights by season" when the seasons ask different minimum stays. */
export function describeMinimumStays(terms: {
  minNights: number;
  seasons?: readonly SeasonRule[] | undefined;
}): string {
  const all = [terms.minNights, ...(terms.seasons ?? []).map((season) => season.minNights)];
  const [lowest, highest] = [Math.min(...all), Math.max(...all)];
  const nights = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`;
  return lowest === highest ? nights(lowest) : `${lowest} to ${nights(highest)} by season`;
}

/**
 * The minimum stay in words once dates are chosen: "This stay needs at least 7 nights: High season."
 * for the strictest season its nights touch, "This stay needs at least 3 nights." outside every
 * season. With only the arrival chosen (`departure` empty), the rule of the arrival's night.
 */
export function describeMinimumStayFor(
  stay: { arrival: string; departure: string },
  terms: { minNights: number; seasons?: readonly SeasonRule[] | undefined },
): string {
  const departure = stay.departure > stay.arrival ? stay.departure : addDays(stay.arrival, 1);
  const { minNights, season } = findMinimumStay({ arrival: stay.arrival, departure }, terms);
  const nights = `${minNights} ${minNights === 1 ? 'night' : 'nights'}`;
  return season
    ? `This stay needs at least ${nights}: ${season.name}.`
    : `This stay needs at least ${nights}.`;
}

/** Whether a property has more than one rate, so its teaser says "from". */
export function hasSeasonalRates(terms: SeasonalTerms): boolean {
  return (terms.seasons ?? []).some((season) => season.weeklyRatePence !== terms.weeklyRatePence);
}
