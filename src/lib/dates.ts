import { madeOnFirstUse } from './made-on-first-use.ts';

/**
 * Calendar dates written `YYYY-MM-DD`, as a guest picks them: days, not instants. Arithmetic runs on
 * UTC day numbers so neither the browser's nor the server's time zone (or a daylight-saving change)
 * can move a date by one.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

/** The days since 1970-01-01 of a real calendar date, or null for anything else ('2027-02-30'). */
function toDayNumber(text: string): number | null {
  const match = isoDatePattern.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Year 0000 is ISO's 1 BC, which PostgreSQL's `date` cannot take as written (a 500, not a 422).
  if (year === 0) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.getTime() / dayMs;
}

function dayNumberOf(text: string): number {
  const day = toDayNumber(text);
  if (day === null) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${text}`);
  return day;
}

/** The office's time zone: India has one, with no daylight saving. Office times and "today" use it. */
export const officeTimeZone = 'Asia/Kolkata';

/** Today's date in Kerala, as `YYYY-MM-DD`. */
export function todayInKerala(now: Date = new Date()): string {
  return isoDateInKerala().format(now);
}

// en-CA writes dates as YYYY-MM-DD.
const isoDateInKerala = madeOnFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: officeTimeZone }));

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (so '2027-02-29' is not, '2028-02-29' is). */
export function isIsoDate(text: string): boolean {
  return toDayNumber(text) !== null;
}

/** The date `days` days after `date` (before it when negative). Throws RangeError on a malformed date. */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const shifted = new Date((dayNumberOf(date) + days) * dayMs).toISOString().slice(0, 10);
  if (!isIsoDate(shifted)) throw new RangeError(`${date} plus ${days} days is outside years 0001–9999`);
  return shifted;
}

/**
 * Whole days from `from` to `to`: negative when `to` comes first. Between an arrival and a departure
 * this is the number of nights. Throws RangeError on a malformed date.
 */
export function daysBetween(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/*
 * Dates in words, for people. Each formatter reads its date in UTC: a calendar date is a day, not an
 * instant, so neither the build machine's nor the browser's zone may move it.
 */

const weekdayDayMonthYear = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const monthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const dayMonthYear = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** A `YYYY-MM` month as "March 2028". */
export function formatMonth(yearMonth: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(yearMonth);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${yearMonth}`);
  return monthYear().format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A date as "20 August 2026". */
export function formatDate(date: Date): string {
  return dayMonthYear().format(date);
}

/** A date as `YYYY-MM-DD`, for `<time datetime>` and structured data. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const weekdayDayMonth = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

/** A `YYYY-MM-DD` date as "Sun 14 Mar", where room is short (a phone's booking bar); throws RangeError for anything else. */
export function formatShortDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  return weekdayDayMonth()
    .format(new Date(`${date}T00:00:00Z`))
    .replace(',', '');
}

/** A `YYYY-MM-DD` date as "Sun, 14 March 2027"; throws RangeError for anything else. */
export function formatStayDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  return weekdayDayMonthYear().format(new Date(`${date}T00:00:00Z`));
}

// Made on first use like the others: built as the module loaded, it cost each page that imports this
// module (the booking form's, the account's) 15 ms of a phone's main thread before it could hydrate.
const keralaTime = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: officeTimeZone,
    }),
);

/** A moment as it was in Kerala, for guest and office alike: "3 Mar 2027, 14:05 IST". */
export function formatKeralaTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${keralaTime().format(date)} IST`;
}
