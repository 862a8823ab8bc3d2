import { officeTimeZone } from './dates.ts';

/**
 * A buyer's preferred viewing times, read both ways: what they typed on a clock in their own time
 * zone (a `datetime-local` value, `2026-12-10T14:30`) becomes one instant, and an instant is written
 * for them and for the office in Kerala. Pure and isomorphic: the form shows the times with these and
 * the server stores the instants they give.
 */

const wallTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether `name` is a time zone this runtime knows (IANA, e.g. Asia/Dubai). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Minutes `timeZone` is ahead of UTC at `instant` (330 for India). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a clock in `timeZone` shows `wallTime` (`YYYY-MM-DDTHH:MM`), or undefined when the text
 * is no such time. A time skipped by a daylight-saving change is read with the offset before it.
 */
export function toInstant(wallTime: string, timeZone: string): Date | undefined {
  const match = wallTimePattern.exec(wallTime);
  if (!match || !isTimeZone(timeZone)) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return undefined;
  // Two passes find the offset in force at the instant itself, across a daylight-saving change.
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  return new Date(asUtc - offsetMinutes(first, timeZone) * 60_000);
}

/** "Thu 10 Dec 2026, 14:30 GST": an instant on the clock of `timeZone`, with the zone's short name. */
export function formatInstant(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
    .format(instant)
    .replace(/^(\w+),/, '$1');
}

/** The same instant in India and, when it differs, in the buyer's zone: "Thu 10 Dec 2026, 16:00 IST (14:30 GST your time)". */
export function describeViewingTime(instant: Date, buyerTimeZone: string): string {
  const inIndia = formatInstant(instant, officeTimeZone).replace('GMT+5:30', 'IST');
  if (offsetMinutes(instant.getTime(), buyerTimeZone) === 330) return inIndia;
  return `${inIndia} (${formatInstant(instant, buyerTimeZone)} your time)`;
}

/**
 * A moment as its reader reads it: on their own clock first, IST beside it when they are elsewhere
 * ("Wed 3 Mar 2027, 09:35 GMT (15:05 IST)"), IST alone in India or for a zone the runtime does not
 * know. The conversation on a booking shows each message's time so, for a guest in Bristol and the
 * office in Kochi alike.
 */
export function describeMomentForReader(iso: string, readerTimeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const inIndia = formatInstant(instant, officeTimeZone).replace('GMT+5:30', 'IST');
  if (!isTimeZone(readerTimeZone) || offsetMinutes(instant.getTime(), readerTimeZone) === 330) return inIndia;
  const day = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' })
      .format(instant)
      .replace(',', '');
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: officeTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  // Past midnight in one place and not the other: the Indian day is named too.
  const indianDay = day(officeTimeZone) === day(readerTimeZone) ? '' : `${day(officeTimeZone)}, `;
  return `${formatInstant(instant, readerTimeZone)} (${indianDay}${time} IST)`;
}
