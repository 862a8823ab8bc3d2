import ICAL from 'ical.js';
import { addDays, daysBetween, formatStayDate, isIsoDate, todayInKerala } from '../../lib/dates.ts';
import { bookingHorizonDays, longestStayNights } from '../../lib/stay-rules.ts';
import { findBudgetProblem } from './feed-budget.ts';

/**
 * iCalendar (RFC 5545) both ways, through ical.js: the feed a property publishes, and the events of
 * another platform's feed read as blocks. No string concatenation: the library folds, escapes and
 * parses. What another platform sends is hostile until read: its size and shape are checked before
 * ical.js sees it (feed-budget.ts), and its dates are worked out here, on calendar days, never by the
 * library's date arithmetic (which walks a duration month by month: 106 s for `DURATION:P9999999999W`)
 * nor its time zones (whose rules a feed writes itself).
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

/** What a feed says, within our calendar. */
export type FeedReading = {
  events: FeedEvent[];
  /** What was cut or left out to keep the blocks inside the calendar, in the office's words; or null. */
  note: string | null;
};

/** Why a feed is not read, in our own words: never a word of the feed's text. */
export class FeedRefusal extends Error {
  override name = 'FeedRefusal';
}

/**
 * The nights a block may take: from a year back (the dashboard's calendar shows past months) to the
 * last night a stay may take (an arrival two years ahead, then the longest stay). `until` is
 * exclusive, like DTEND.
 */
export function feedWindow(today: string): { from: string; until: string } {
  return { from: addDays(today, -366), until: addDays(today, bookingHorizonDays + longestStayNights) };
}

/** Characters that never belong in a line of text we keep: controls, line breaks, direction overrides. */
const unsafeRun = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * Text from a feed as one plain line of at most `max` characters: every run of controls, line or
 * paragraph separators and direction overrides becomes one space. A summary goes into the office's
 * email and the dashboard, where a line break could forge a line of our own.
 */
export function toPlainLine(text: string, max: number): string {
  const flat = text.replace(unsafeRun, ' ').replace(/ {2,}/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Never half of a surrogate pair at the cut.
  const cut = /[\uD800-\uDBFF]$/.test(flat.slice(0, max)) ? max - 1 : max;
  return flat.slice(0, cut).trimEnd();
}

/** The date a time falls on, as written (a DATE-TIME's own wall clock; no zone is consulted). */
const dayOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

const secondsOfDay = (time: ICAL.Time) =>
  time.isDate ? 0 : time.hour * 3600 + time.minute * 60 + time.second;

/** A date property's value, or undefined; a value that is not a date or date-time is a refusal. */
function timeOf(component: ICAL.Component, name: string): ICAL.Time | undefined {
  const value = component.getFirstPropertyValue(name);
  if (value === null || value === undefined) return undefined;
  if (!(value instanceof ICAL.Time)) throw new FeedRefusal(`An event’s ${name.toUpperCase()} is not a date`);
  return value;
}

/**
 * The nights an event takes, as far as `until` at most: an all-day event from DTSTART to DTEND
 * (exclusive), or DTSTART plus DURATION; a timed one every day it touches. An event with no end, or
 * one that ends before it starts, takes one night (RFC 5545 §3.6.1 says a day for a DATE start).
 * `cut` says the end was moved back to `until`; an event that starts at `until` or later answers
 * `start` alone, for the caller to leave out.
 */
function nightsOf(component: ICAL.Component, until: string): { start: string; end: string; cut: boolean } {
  const startTime = timeOf(component, 'dtstart');
  if (!startTime) throw new FeedRefusal('An event has no start date (DTSTART)');
  const start = dayOf(startTime);
  if (!isIsoDate(start)) throw new FeedRefusal('An event starts on a date that does not exist');
  if (start >= until) return { start, end: start, cut: false };
  // Whole days from the start's midnight to the first day the event no longer takes; at most the room
  // left before `until` matters, so no date past year 9999 is ever made.
  const room = daysBetween(start, until);
  let days = 1;
  const endTime = timeOf(component, 'dtend');
  if (endTime) {
    const endDay = dayOf(endTime);
    if (!isIsoDate(endDay)) throw new FeedRefusal('An event ends on a date that does not exist');
    // A timed end after midnight still takes that night's day.
    days = daysBetween(start, endDay) + (secondsOfDay(endTime) > 0 ? 1 : 0);
  } else {
    const duration = component.getFirstPropertyValue('duration');
    if (duration instanceof ICAL.Duration && !duration.isNegative) {
      // Plain numbers, however large: seconds past the start's midnight, rounded up to whole days.
      const seconds = secondsOfDay(startTime) + duration.toSeconds();
      days = Math.ceil(seconds / 86_400);
    }
  }
  if (!(days >= 1)) days = 1;
  if (days > room) return { start, end: until, cut: true };
  return { start, end: addDays(start, days), cut: false };
}

/** "1 event" or "3 events". */
const events = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

/**
 * Every event of a feed that takes nights within `feedWindow(today)`, or a FeedRefusal: the feed is
 * read whole or not at all, so a half-read feed never replaces good blocks. Cancelled and transparent
 * (free) events take none. Recurring events are read as their first occurrence: booking platforms
 * export each booking as its own event. Events are cut to the window, and the reading's note says how
 * many were cut or left out; events that ended before it are history and pass unremarked.
 */
export function readFeedEvents(text: string, today: string = todayInKerala()): FeedReading {
  const overBudget = findBudgetProblem(text);
  if (overBudget) throw new FeedRefusal(overBudget);
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    // A text of several calendars parses to a list; a feed is one.
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw new Error('not one calendar');
    root = new ICAL.Component(parsed as unknown as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch {
    // ical.js quotes the line it stopped at; the office gets our words, not the feed's.
    throw new FeedRefusal('This is not an iCalendar file: the link may lead to a web page instead');
  }
  if (root.name !== 'vcalendar') throw new FeedRefusal('This is not an iCalendar file: it has no VCALENDAR');
  const { from, until } = feedWindow(today);
  const read: FeedEvent[] = [];
  const tally = { cutBefore: 0, cutAfter: 0, leftOut: 0 };
  for (const component of root.getAllSubcomponents('vevent')) {
    let event: FeedEvent;
    let cutAfter = false;
    try {
      const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue;
      const nights = nightsOf(component, until);
      cutAfter = nights.cut;
      const uid = toPlainLine(String(component.getFirstPropertyValue('uid') ?? ''), 1000);
      const summary = toPlainLine(String(component.getFirstPropertyValue('summary') ?? ''), 500);
      event = {
        uid: uid || `${nights.start}/${nights.end}`,
        start: nights.start,
        end: nights.end,
        summary: summary || null,
      };
    } catch (error) {
      if (error instanceof FeedRefusal) throw error;
      throw new FeedRefusal('An event of the calendar cannot be read');
    }
    if (event.end <= from) continue;
    if (event.start >= until) {
      tally.leftOut += 1;
      continue;
    }
    if (event.start < from) {
      event.start = from;
      tally.cutBefore += 1;
    }
    if (cutAfter) tally.cutAfter += 1;
    read.push(event);
  }
  const notes = [
    tally.cutBefore > 0 &&
      `${events(tally.cutBefore)} began before ${formatStayDate(from)} and ${tally.cutBefore === 1 ? 'was' : 'were'} cut there`,
    tally.cutAfter > 0 &&
      `${events(tally.cutAfter)} ran past ${formatStayDate(until)}, the last night a stay can take, and ${tally.cutAfter === 1 ? 'was' : 'were'} cut there`,
    tally.leftOut > 0 &&
      `${events(tally.leftOut)} after ${formatStayDate(until)} ${tally.leftOut === 1 ? 'was' : 'were'} left out`,
  ].filter((note): note is string => typeof note === 'string');
  return { events: read, note: notes.length > 0 ? `${notes.join('; ')}.` : null };
}
