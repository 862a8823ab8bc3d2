import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/dates.ts';
import { buildCalendar, FeedRefusal, feedWindow, readFeedEvents } from './ical-format.ts';

const feed = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

describe('readFeedEvents', () => {
  it.each([
    [
      'an all-day event, DTEND exclusive',
      ['UID:a', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270308'],
      ['2027-03-01', '2027-03-08'],
    ],
    [
      'an all-day event with no end takes one night',
      ['UID:a', 'DTSTART;VALUE=DATE:20270301'],
      ['2027-03-01', '2027-03-02'],
    ],
    [
      'a timed event takes every day it touches',
      ['UID:a', 'DTSTART:20270301T150000Z', 'DTEND:20270305T110000Z'],
      ['2027-03-01', '2027-03-06'],
    ],
    [
      'a timed event ending at midnight ends that day',
      ['UID:a', 'DTSTART:20270301T000000', 'DTEND:20270303T000000'],
      ['2027-03-01', '2027-03-03'],
    ],
  ])('reads %s', (_name, lines, [start, end]) => {
    expect(readFeedEvents(feed(event(...lines)), today).events).toEqual([
      { uid: 'a', start, end, summary: null },
    ]);
  });

  it('skips cancelled and free events', () => {
    const text = feed(
      event('UID:c', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270308'),
      event('UID:t', 'TRANSP:TRANSPARENT', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270308'),
    );
    expect(readFeedEvents(text, today)).toEqual({ events: [], note: null });
  });

  it.each([
    ['plain text', 'hello'],
    ['HTML', '<html><body>Not found</body></html>'],
    ['an event without DTSTART', feed(event('UID:x', 'SUMMARY:Reserved'))],
    ['a broken date', feed(event('UID:x', 'DTSTART;VALUE=DATE:2027'))],
    ['another component at the root', 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD'],
    // Over the budget checked before ical.js reads a byte: see feed-budget.test.ts.
    [
      'a line with 30 parameters',
      feed(event('UID:x', 'DTSTART;VALUE=DATE:20270301', `SUMMARY${';X-P=1'.repeat(30)}:Reserved`)),
    ],
    [
      'components nested 6 deep',
      feed(
        event(
          'BEGIN:VALARM',
          'BEGIN:X-A',
          'BEGIN:X-B',
          'BEGIN:X-C',
          'END:X-C',
          'END:X-B',
          'END:X-A',
          'END:VALARM',
        ),
      ),
    ],
  ])('refuses %s whole', (_name, text) => {
    expect(() => readFeedEvents(text, today)).toThrow(FeedRefusal);
  });

  it('says why in its own words, never quoting the feed', () => {
    for (const text of [
      'BEGIN:VCALENDAR\r\n<script>alert(1)</script>\r\nEND:VCALENDAR',
      feed(event('UID:x', 'DTSTART;VALUE=DATE:<b>2027</b>')),
    ]) {
      expect(() => readFeedEvents(text, today)).toThrow(FeedRefusal);
      try {
        readFeedEvents(text, today);
      } catch (error) {
        expect((error as Error).message).not.toMatch(/<|script|alert/);
      }
    }
  });
});

// A fixed today, so the calendar's window is known: a year back, and forward to the last night a stay
// can take (two years of arrivals, then the longest stay).
const today = '2026-11-25';
const { from, until } = feedWindow(today);
const next = (days: number) => addDays(today, days).replaceAll('-', '');

describe('readFeedEvents keeps a feed within our calendar', () => {
  it('knows the window', () => {
    expect({ from, until }).toEqual({ from: '2025-11-24', until: addDays(today, 730 + 90) });
  });

  it.each([
    [
      'a duration of 9,999,999,999 weeks (106 s of ical.js before)',
      ['UID:a', `DTSTART;VALUE=DATE:${next(30)}`, 'DURATION:P9999999999W'],
      [addDays(today, 30), until],
      /1 event ran past .* and was cut there/,
    ],
    [
      'a duration in days',
      ['UID:a', `DTSTART;VALUE=DATE:${next(30)}`, 'DURATION:P5D'],
      [addDays(today, 30), addDays(today, 35)],
      null,
    ],
    [
      'a timed duration, every day it touches',
      ['UID:a', `DTSTART:${next(30)}T150000`, 'DURATION:PT36H'],
      [addDays(today, 30), addDays(today, 33)],
      null,
    ],
    [
      'a timed duration of many seconds',
      ['UID:a', `DTSTART:${next(30)}T150000Z`, 'DURATION:PT99999999999999S'],
      [addDays(today, 30), until],
      /cut there/,
    ],
    [
      'a negative duration, one night',
      ['UID:a', `DTSTART;VALUE=DATE:${next(30)}`, 'DURATION:-P5D'],
      [addDays(today, 30), addDays(today, 31)],
      null,
    ],
    [
      'an event from year 1 to year 9999',
      ['UID:a', 'DTSTART;VALUE=DATE:00010101', 'DTEND;VALUE=DATE:99991231'],
      [from, until],
      /1 event began before .* and was cut there; 1 event ran past .* and was cut there/,
    ],
    [
      'a timed event ending in year 9999 in a zone of its own',
      ['UID:a', `DTSTART;TZID=Hostile/Zone:${next(30)}T100000`, 'DTEND;TZID=Hostile/Zone:99991231T100000'],
      [addDays(today, 30), until],
      /ran past/,
    ],
  ])('reads %s', (_name, lines, [start, end], note) => {
    const zone = [
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
    const reading = readFeedEvents(feed(zone, event(...lines)), today);
    expect(reading.events).toEqual([{ uid: 'a', start, end, summary: null }]);
    if (note === null) expect(reading.note).toBeNull();
    else expect(reading.note).toMatch(note);
  });

  it('leaves out events wholly after the window, and says so; past ones go quietly', () => {
    const reading = readFeedEvents(
      feed(
        event('UID:late', `DTSTART;VALUE=DATE:${next(900)}`, `DTEND;VALUE=DATE:${next(907)}`),
        event('UID:later', `DTSTART;VALUE=DATE:${next(1000)}`, `DTEND;VALUE=DATE:${next(1001)}`),
        event('UID:old', 'DTSTART;VALUE=DATE:20200101', 'DTEND;VALUE=DATE:20200108'),
        event('UID:kept', `DTSTART;VALUE=DATE:${next(3)}`, `DTEND;VALUE=DATE:${next(5)}`),
      ),
      today,
    );
    expect(reading.events.map((one) => one.uid)).toEqual(['kept']);
    expect(reading.note).toMatch(/^2 events after .* were left out\.$/);
  });

  it('reads a summary and a UID as one plain line: no line breaks, controls or direction overrides', () => {
    const reading = readFeedEvents(
      feed(
        event(
          'UID:one\\nline\u0007',
          `DTSTART;VALUE=DATE:${next(3)}`,
          `DTEND;VALUE=DATE:${next(5)}`,
          'SUMMARY:Reserved\\nDear office\\, please pay at http://scam.example\r \u202eevil\u0000 <b>bold</b>',
        ),
      ),
      today,
    );
    expect(reading.events).toEqual([
      {
        uid: 'one line',
        start: addDays(today, 3),
        end: addDays(today, 5),
        summary: 'Reserved Dear office, please pay at http://scam.example evil <b>bold</b>',
      },
    ]);
  });
});

describe('buildCalendar', () => {
  it('writes all-day events that ical.js reads back as written', () => {
    const text = buildCalendar('Villa · Kayal Villas', [
      { uid: 'one@x', start: '2027-03-01', end: '2027-03-08', summary: 'Booked (KV-2027-0001)' },
    ]);
    const calendar = new ICAL.Component(ICAL.parse(text) as never);
    const [read] = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(read?.startDate.toString()).toBe('2027-03-01');
    expect(read?.endDate.toString()).toBe('2027-03-08');
    expect(read?.startDate.isDate).toBe(true);
    expect(read?.summary).toBe('Booked (KV-2027-0001)');
    expect(readFeedEvents(text, today).events).toEqual([
      { uid: 'one@x', start: '2027-03-01', end: '2027-03-08', summary: 'Booked (KV-2027-0001)' },
    ]);
  });
});
