import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  buildStayCalendar,
  type StayEvent,
  stayCalendarFileName,
  stayEventUid,
} from './stay-calendar-event.ts';

const stay: StayEvent = {
  reference: 'KV-2027-480213',
  propertyName: 'Villa Kayal',
  arrival: '2027-03-14',
  departure: '2027-03-21',
  area: 'Kumarakom, Kerala',
  description: 'Check-in from 2pm on 14 March 2027.\nCheck-out by 11am on 21 March 2027.',
};
const now = new Date('2026-11-28T02:39:00Z');

/** The one VEVENT of a calendar text, as ical.js reads it. */
function readEvent(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text) as ConstructorParameters<typeof ICAL.Component>[0]);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return events[0] as ICAL.Component;
}

describe('buildStayCalendar', () => {
  it('makes one all-day event from arrival to departure, with its UID, stamp, summary and area', () => {
    const event = readEvent(buildStayCalendar(stay, now));
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
    expect([start.isDate, start.toString()]).toEqual([true, '2027-03-14']);
    expect([end.isDate, end.toString()]).toEqual([true, '2027-03-21']);
    expect(event.getFirstPropertyValue('uid')).toBe('kv-2027-480213@stays.kayalvillas.example');
    expect((event.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(
      '2026-11-28T02:39:00.000Z',
    );
    expect(event.getFirstPropertyValue('summary')).toBe('Stay at Villa Kayal (KV-2027-480213)');
    expect(event.getFirstPropertyValue('location')).toBe('Kumarakom, Kerala');
    expect(event.getFirstPropertyValue('description')).toBe(stay.description);
  });

  it('gives every copy of a booking’s event the same UID, and another booking another', () => {
    const first = readEvent(buildStayCalendar(stay, now)).getFirstPropertyValue('uid');
    const later = readEvent(buildStayCalendar(stay, new Date('2027-01-01T00:00:00Z'))).getFirstPropertyValue(
      'uid',
    );
    expect(later).toBe(first);
    expect(stayEventUid('KV-2027-480214')).not.toBe(first);
  });

  it.each([
    ['commas, semicolons and a backslash', 'Villa Kayal; the lake house, by the water \\ east'],
    ['a line break', 'Villa\nKayal'],
    ['a long Malayalam name', 'കായൽ വില്ല '.repeat(12).trim()],
  ])('keeps a name with %s whole through escaping and folding', (_, propertyName) => {
    const text = buildStayCalendar({ ...stay, propertyName }, now);
    expect(readEvent(text).getFirstPropertyValue('summary')).toBe(
      `Stay at ${propertyName} (${stay.reference})`,
    );
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('ends every line in CRLF and leaves out a location it does not have', () => {
    const text = buildStayCalendar({ ...stay, area: undefined, description: undefined }, now);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(text).not.toContain('LOCATION');
    expect(text).not.toContain('DESCRIPTION');
  });

  it('names the file after the reference', () => {
    expect(stayCalendarFileName('KV-2027-480213')).toBe('KV-2027-480213.ics');
  });
});
