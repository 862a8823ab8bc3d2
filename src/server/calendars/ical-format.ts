import ICAL from 'ical.js';
import { addDays, isIsoDate } from '../../lib/dates.ts';

/**
 * iCalendar (RFC 5545) both ways, through ical.js: the feed a property publishes, and the events of
 * another platform's feed read as blocks. No string concatenation: the library folds, escapes and
 * parses.
 */

/** A night range to publish: `start` is the first night, `end` the departure (exclusive, like DTEND). */
export type PublishedEvent = { uid: string; start: string; end: string; summary: string };

const productId = '-//Kayal Villas//Calendar//EN';

const dateValue = (isoDate: string) => ICAL.Time.fromDateString(isoDate);

/**
 * A property's feed: one all-day VEVENT per stay or block, DTEND exclusive, marked busy. What a
 * summary says is the caller's choice; it must never carry a guest's name or address.
 */
export function buildCalendar(name: string, events: PublishedEvent[], now: Date = new Date()): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', productId);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  calendar.updatePropertyWithValue('x-wr-calname', name);
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const published of events) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', published.uid);
    event.updatePropertyWithValue('dtstamp', stamp);
    event.updatePropertyWithValue('dtstart', dateValue(published.start));
    event.updatePropertyWithValue('dtend', dateValue(published.end));
    event.updatePropertyWithValue('summary', published.summary);
    event.updatePropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}

/** An event of another platform's feed, as the nights it takes. */
export type FeedEvent = { uid: string; start: string; end: string; summary: string | null };

export class MalformedFeedError extends Error {
  override name = 'MalformedFeedError';
}

/** A feed with more events than this is refused whole: no platform exports that many for one home. */
export const maxFeedEvents = 5000;

/** The date a time falls on, as written (a DATE-TIME's own wall clock; no zone database needed). */
const dayOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

/**
 * The nights an event takes: an all-day event from DTSTART to DTEND (exclusive); a timed one every day
 * it touches. An event with no end takes one night (RFC 5545 §3.6.1 says a day for a DATE start).
 */
function nightsOf(event: ICAL.Event): { start: string; end: string } {
  const startTime = event.startDate;
  if (!startTime) throw new MalformedFeedError('An event has no DTSTART');
  const start = dayOf(startTime);
  let end: string;
  const endTime = event.endDate;
  if (!endTime || endTime.compare(startTime) <= 0) {
    end = addDays(start, 1);
  } else {
    end = dayOf(endTime);
    // A timed end after midnight still takes that night's day.
    if (!endTime.isDate && (endTime.hour > 0 || endTime.minute > 0 || endTime.second > 0))
      end = addDays(end, 1);
    if (end <= start) end = addDays(start, 1);
  }
  if (!isIsoDate(start) || !isIsoDate(end))
    throw new MalformedFeedError(`An event has impossible dates ${start}–${end}`);
  return { start, end };
}

/**
 * Every event of a feed that takes nights, or a MalformedFeedError: the feed is read whole or not at
 * all, so a half-read feed never replaces good blocks. Cancelled and transparent (free) events take
 * none. Recurring events are read as their first occurrence: booking platforms export each booking as
 * its own event.
 */
export function readFeedEvents(text: string): FeedEvent[] {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    // A text of several calendars parses to a list; a feed is one.
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw new Error('not one calendar');
    root = new ICAL.Component(parsed as unknown as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch (error) {
    throw new MalformedFeedError(`Not an iCalendar file: ${(error as Error).message}`);
  }
  if (root.name !== 'vcalendar') throw new MalformedFeedError('Not an iCalendar file: no VCALENDAR');
  const components = root.getAllSubcomponents('vevent');
  if (components.length > maxFeedEvents) {
    throw new MalformedFeedError(`The feed has ${components.length} events, more than ${maxFeedEvents}`);
  }
  const events: FeedEvent[] = [];
  for (const component of components) {
    const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
    const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
    if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue;
    let event: ICAL.Event;
    let nights: { start: string; end: string };
    try {
      event = new ICAL.Event(component);
      nights = nightsOf(event);
    } catch (error) {
      if (error instanceof MalformedFeedError) throw error;
      throw new MalformedFeedError(`An event cannot be read: ${(error as Error).message}`);
    }
    const uid = event.uid ? String(event.uid).slice(0, 1000) : `${nights.start}/${nights.end}`;
    const summary = event.summary ? String(event.summary).slice(0, 500) : null;
    events.push({ uid, ...nights, summary });
  }
  return events;
}
