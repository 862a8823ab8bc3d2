import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, MalformedFeedError, readFeedEvents } from './ical-format.ts';

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
    expect(readFeedEvents(feed(event(...lines)))).toEqual([{ uid: 'a', start, end, summary: null }]);
  });

  it('skips cancelled and free events', () => {
    const text = feed(
      event('UID:c', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270308'),
      event('UID:t', 'TRANSP:TRANSPARENT', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270308'),
    );
    expect(readFeedEvents(text)).toEqual([]);
  });

  it.each([
    ['plain text', 'hello'],
    ['HTML', '<html><body>Not found</body></html>'],
    ['an event without DTSTART', feed(event('UID:x', 'SUMMARY:Reserved'))],
    ['a broken date', feed(event('UID:x', 'DTSTART;VALUE=DATE:2027'))],
    ['another component at the root', 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD'],
  ])('refuses %s whole', (_name, text) => {
    expect(() => readFeedEvents(text)).toThrow(MalformedFeedError);
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
    expect(readFeedEvents(text)).toEqual([
      { uid: 'one@x', start: '2027-03-01', end: '2027-03-08', summary: 'Booked (KV-2027-0001)' },
    ]);
  });
});
