import { z } from 'zod';
import { weekdays } from './seasons.ts';
import { isTimeZone } from './viewing-times.ts';

/**
 * The viewings the office can keep: slots within its viewing hours (site.json's `sales.viewingHours`,
 * in India time, with its days off), from a notice period ahead to a horizon, each written for the
 * buyer on their own clock by city name ("10:30 Dubai time") with India's beside it. Pure and
 * isomorphic: the island shows them, the functions offer and check them, the emails write them.
 */

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'write the time as HH:MM on a 24-hour clock, e.g. 09:30');

/** The office's viewing hours, India time. */
export const viewingHoursSchema = z
  .object({
    /** The weekdays the office shows homes on. */
    days: z.array(z.enum(weekdays)).min(1, 'give at least one day the office shows homes'),
    /** When the first viewing of a day may start, India time. */
    opens: clockTime,
    /** When the last viewing of a day must have ended, India time. */
    closes: clockTime,
    /** How long a viewing takes; slots start this far apart. */
    slotMinutes: z.int().min(15).max(240),
    /** Dates the office is closed though they fall on a viewing day (festivals, holidays), YYYY-MM-DD. */
    closedOn: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'write a date as YYYY-MM-DD')).default([]),
    /** How many hours ahead the first slot offered must start, so the office can prepare. */
    noticeHours: z.int().min(0).max(168),
    /** How many days ahead slots are offered. */
    daysAhead: z.int().min(1).max(90),
  })
  .refine((hours) => hours.opens < hours.closes, { message: 'closes must be after opens', path: ['closes'] });
export type ViewingHours = z.output<typeof viewingHoursSchema>;

/** India keeps one offset all year (no daylight saving): +5:30. */
const indiaOffsetMs = 330 * 60_000;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Every slot the office keeps from `now` (plus the notice) through the horizon, earliest first. */
export function listOfficeSlots(hours: ViewingHours, now: Date): Date[] {
  const earliest = now.getTime() + hours.noticeHours * 3_600_000;
  // Day by day on India's calendar, from today's date there.
  const todayInIndia = new Date(now.getTime() + indiaOffsetMs);
  const slots: Date[] = [];
  for (let day = 0; day <= hours.daysAhead; day += 1) {
    const date = new Date(
      Date.UTC(todayInIndia.getUTCFullYear(), todayInIndia.getUTCMonth(), todayInIndia.getUTCDate() + day),
    );
    const weekday = weekdays[date.getUTCDay()];
    if (!weekday || !hours.days.includes(weekday)) continue;
    if (hours.closedOn.includes(date.toISOString().slice(0, 10))) continue;
    for (
      let start = minutesOf(hours.opens);
      start + hours.slotMinutes <= minutesOf(hours.closes);
      start += hours.slotMinutes
    ) {
      const instant = date.getTime() + start * 60_000 - indiaOffsetMs;
      if (instant >= earliest) slots.push(new Date(instant));
    }
  }
  return slots;
}

/** Whether `instant` is a slot the office keeps and still offers at `now`. */
export function isOfficeSlot(hours: ViewingHours, instant: Date, now: Date): boolean {
  return listOfficeSlots(hours, now).some((slot) => slot.getTime() === instant.getTime());
}

/** The office's slots that no viewing has taken, as a buyer may choose them. */
export function listFreeSlots(hours: ViewingHours, now: Date, taken: readonly Date[]): Date[] {
  const takenTimes = new Set(taken.map((slot) => slot.getTime()));
  return listOfficeSlots(hours, now).filter((slot) => !takenTimes.has(slot.getTime()));
}

/**
 * The zones a buyer without JavaScript chooses from, by the cities most of our buyers live in (about
 * 80% of Keralites abroad are in the Gulf), India's first. One zone a line: cities sharing a zone
 * share its line.
 */
export const buyerZones = [
  { zone: 'Asia/Kolkata', cities: 'India' },
  { zone: 'Asia/Dubai', cities: 'Dubai, Abu Dhabi (UAE)' },
  { zone: 'Asia/Qatar', cities: 'Doha (Qatar)' },
  { zone: 'Asia/Riyadh', cities: 'Riyadh, Jeddah (Saudi Arabia)' },
  { zone: 'Asia/Kuwait', cities: 'Kuwait City' },
  { zone: 'Asia/Muscat', cities: 'Muscat (Oman)' },
  { zone: 'Asia/Bahrain', cities: 'Manama (Bahrain)' },
  { zone: 'Asia/Singapore', cities: 'Singapore' },
  { zone: 'Europe/London', cities: 'London (UK)' },
  { zone: 'Europe/Berlin', cities: 'Berlin, Paris, Rome' },
  { zone: 'America/New_York', cities: 'New York, Toronto' },
  { zone: 'America/Los_Angeles', cities: 'Los Angeles, Vancouver' },
  { zone: 'Australia/Sydney', cities: 'Sydney, Melbourne' },
] as const;

const zoneCities: Record<string, string> = {
  'Asia/Kolkata': 'India',
  'Asia/Calcutta': 'India',
  'Asia/Qatar': 'Doha',
  'Asia/Kuwait': 'Kuwait',
  'Asia/Bahrain': 'Bahrain',
};

/**
 * A zone as a buyer names it, by its city: "Dubai time", "New York time", "India time". A zone the
 * list does not name is called by the city in its IANA name, which is how people know it.
 */
export function describeZone(zone: string): string {
  const city = zoneCities[zone] ?? zone.split('/').at(-1)?.replaceAll('_', ' ') ?? zone;
  return `${city} time`;
}

const india = 'Asia/Kolkata';

/** Whether the zone keeps India's clock at `instant` (then one time is enough). */
function keepsIndiaTime(instant: Date, zone: string): boolean {
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(instant);
  return clock(zone) === clock(india);
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Thu 10 Dec 2026": the slot's day on the buyer's clock, for grouping the slots by day. */
export const describeSlotDay = (instant: Date, zone: string) =>
  dayFormat(zone).format(instant).replace(',', '');

/** "08:00 Dubai time (09:30 India time)", or "09:30 India time" for a buyer on India's clock. */
export function describeSlotTime(instant: Date, zone: string): string {
  const inIndia = `${timeFormat(india).format(instant)} India time`;
  if (keepsIndiaTime(instant, zone)) return inIndia;
  const theirs = `${timeFormat(zone).format(instant)} ${describeZone(zone)}`;
  // Near midnight the two clocks are on different days: India's then names its own.
  const sameDay = describeSlotDay(instant, zone) === describeSlotDay(instant, india);
  return `${theirs} (${inIndia}${sameDay ? '' : `, ${describeSlotDay(instant, india)}`})`;
}

/** "Thu 10 Dec 2026, 08:00 Dubai time (09:30 India time)": a slot in full, for emails and receipts. */
export const describeViewingSlot = (instant: Date, zone: string) =>
  `${describeSlotDay(instant, zone)}, ${describeSlotTime(instant, zone)}`;

/** The zone a form names, or India's when it names none this runtime knows. */
export const readBuyerZone = (zone: string | null | undefined) => (zone && isTimeZone(zone) ? zone : india);
