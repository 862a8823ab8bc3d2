import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../lib/dates.ts';
import { FeedRefusal, feedWindow, readFeedEvents } from './ical-format.ts';

/**
 * Hostile feeds, generated: nested components, durations of billions of weeks, dates from year 1 to
 * 9999, time zones whose rules never end, hundreds of parameters, lines of tens of thousands of
 * characters, CR/LF and controls in a summary. Whatever comes, the reader answers blocks inside our
 * calendar with one-line summaries, or refuses with a FeedRefusal in its own words; nothing else.
 *
 * One timing is checked: each read finishes well within the import's deadline (the stalls it guards
 * against took 8–106 s; the ceiling is about a hundred times what a read takes here). It is a guard
 * against a stall, not a measurement; `npm run bench:hostile-feed` measures.
 */

const today = '2026-11-25';
const { from, until } = feedWindow(today);
const stallCeilingMs = 3000;

const digits = (max: number) => fc.integer({ min: 0, max }).map(String);
const pad = (text: string, width: number) => text.padStart(width, '0').slice(-width);

/** A date as a feed may write it: any year 0001–9999, sometimes impossible (month 13, day 45). */
const dateText = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 9999 }), {
      weight: 3,
      arbitrary: fc.integer({ min: 2025, max: 2029 }),
    }),
    fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 12 }) }, fc.constant(13)),
    fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 28 }) }, fc.integer({ min: 29, max: 45 })),
  )
  .map(([year, month, day]) => `${pad(String(year), 4)}${pad(String(month), 2)}${pad(String(day), 2)}`);

const timeText = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())
  .map(([hour, minute, utc]) => `T${pad(String(hour), 2)}${pad(String(minute), 2)}00${utc ? 'Z' : ''}`);

const dateProperty = (name: string) =>
  fc
    .tuple(dateText, fc.option(timeText), fc.constantFrom('', ';TZID=Hostile/Zone', ';TZID=Nowhere/At-All'))
    .map(([date, time, zone]) =>
      time === null ? `${name};VALUE=DATE:${date}` : `${name}${zone}:${date}${time}`,
    );

/** Durations from nothing to 10^15 weeks, negative ones, and the odd malformed one. */
const duration = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.oneof(
      digits(999_999_999_999_999).map((n) => `P${n}W`),
      fc
        .tuple(digits(99_999_999_999), fc.option(digits(99_999_999_999)))
        .map(([days, seconds]) => `P${days}D${seconds === null ? '' : `T${seconds}S`}`),
      fc
        .tuple(digits(9_999_999_999), digits(9_999_999_999))
        .map(([hours, minutes]) => `PT${hours}H${minutes}M`),
      fc.constantFrom('P', 'PT', 'P1Y', 'PW', 'P1WT'),
    ),
  )
  .map(([sign, value]) => `DURATION:${sign}${value}`);

/** Text with what a summary must never carry on: line breaks (raw, escaped, Unicode), controls, HTML. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '\\n',
        '\\N',
        '\r',
        '\u2028',
        '\u2029',
        '\u0000',
        '\u0007',
        '\u001b[31m',
        '\u202e',
        '\\,',
        '\\;',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        'Dear office, pay at http://scam.example',
        '😀',
      ),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

// Mostly within the budget (20), sometimes far past it.
const parameters = fc
  .oneof({ weight: 20, arbitrary: fc.nat({ max: 20 }) }, fc.integer({ min: 21, max: 400 }))
  .map((count) => ';X-P=1'.repeat(count));

const hostileZone = [
  'BEGIN:VTIMEZONE',
  'TZID:Hostile/Zone',
  'BEGIN:STANDARD',
  'DTSTART:00010101T000000',
  'RRULE:FREQ=SECONDLY',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const anEvent = fc
  .record({
    uid: fc.option(hostileText),
    start: fc.option(dateProperty('DTSTART'), { freq: 10 }),
    end: fc.oneof(dateProperty('DTEND'), duration, fc.constant('')),
    summary: fc.option(hostileText),
    summaryParameters: parameters,
    status: fc.constantFrom('', '', '', 'STATUS:CANCELLED', 'TRANSP:TRANSPARENT', 'STATUS:CONFIRMED'),
    rule: fc.constantFrom('', 'RRULE:FREQ=SECONDLY;COUNT=999999999', 'RRULE:FREQ=YEARLY;UNTIL=99991231'),
    alarm: fc.option(duration.map((value) => value.replace('DURATION', 'TRIGGER'))),
    depth: fc.oneof({ weight: 20, arbitrary: fc.constant(0) }, fc.nat({ max: 6 })),
  })
  .map((event) =>
    [
      'BEGIN:VEVENT',
      event.uid === null ? '' : `UID:${event.uid}`,
      event.start ?? '',
      event.end,
      event.summary === null ? '' : `SUMMARY${event.summaryParameters}:${event.summary}`,
      event.status,
      event.rule,
      event.alarm === null ? '' : `BEGIN:VALARM\r\n${event.alarm}\r\nACTION:DISPLAY\r\nEND:VALARM`,
      ...Array.from({ length: event.depth }, (_, level) => `BEGIN:X-LEVEL-${level}`),
      ...Array.from({ length: event.depth }, (_, level) => `END:X-LEVEL-${event.depth - 1 - level}`),
      'END:VEVENT',
    ]
      .filter(Boolean)
      .join('\r\n'),
  );

/** A huge line: folded or not, up to 60,000 characters. */
const hugeLine = fc.tuple(fc.integer({ min: 1, max: 60_000 }), fc.boolean()).map(([length, folded]) => {
  const line = `DESCRIPTION:${'x'.repeat(length)}`;
  return folded ? line.replace(/(.{74})/g, '$1\r\n ') : line;
});

/** A whole feed, sometimes with a huge line, some nesting, its lines LF-only, or cut short. */
const hostileFeed = fc
  .record({
    zone: fc.boolean(),
    events: fc.array(anEvent, { maxLength: 6 }),
    huge: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, hugeLine),
    wrapped: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, fc.nat({ max: 8 })),
    lineEnd: fc.constantFrom('\r\n', '\n'),
    cutAt: fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, fc.nat()),
  })
  .map(({ zone, events, huge, wrapped, lineEnd, cutAt }) => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Hostile//EN',
      zone ? hostileZone : '',
      huge ?? '',
      ...Array.from({ length: wrapped }, () => 'BEGIN:X-WRAP'),
      ...events,
      ...Array.from({ length: wrapped }, () => 'END:X-WRAP'),
      'END:VCALENDAR',
    ]
      .filter(Boolean)
      .join('\r\n')
      .replaceAll('\r\n', lineEnd);
    return cutAt === null ? text : text.slice(0, cutAt % (text.length + 1));
  });

const oneLine = /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/u;

describe('readFeedEvents on hostile feeds (property-based)', () => {
  it('answers blocks inside the calendar with plain one-line text, or refuses in its own words', () => {
    fc.assert(
      fc.property(hostileFeed, (text) => {
        const started = performance.now();
        let outcome: ReturnType<typeof readFeedEvents> | FeedRefusal;
        try {
          outcome = readFeedEvents(text, today);
        } catch (error) {
          expect(error, String(error)).toBeInstanceOf(FeedRefusal);
          outcome = error as FeedRefusal;
        }
        expect(performance.now() - started).toBeLessThan(stallCeilingMs);
        if (outcome instanceof FeedRefusal) {
          expect(outcome.message).toMatch(oneLine);
          expect(outcome.message).not.toMatch(/<|script|scam/);
          expect(outcome.message.length).toBeLessThanOrEqual(300);
          return;
        }
        for (const event of outcome.events) {
          expect(isIsoDate(event.start) && isIsoDate(event.end)).toBe(true);
          expect(event.start < event.end).toBe(true);
          expect(event.start >= from && event.end <= until).toBe(true);
          expect(event.uid).toMatch(oneLine);
          expect(event.uid.length).toBeGreaterThan(0);
          expect(event.uid.length).toBeLessThanOrEqual(1000);
          if (event.summary !== null) {
            expect(event.summary).toMatch(oneLine);
            expect(event.summary.length).toBeLessThanOrEqual(500);
          }
        }
        if (outcome.note !== null) expect(outcome.note).toMatch(oneLine);
      }),
      { numRuns: 300 },
    );
  });
});
