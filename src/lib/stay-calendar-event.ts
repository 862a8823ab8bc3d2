/**
 * A confirmed stay as an iCalendar file (RFC 5545) the guest's calendar can add: one all-day VEVENT
 * from the arrival day to the departure day (DTEND exclusive, so the departure day is the stay's last,
 * as a calendar shows it), its UID made from the booking reference so a second copy of the email
 * updates the same event instead of adding another. Written here by hand, as it is a few lines of
 * text that the browser and the server could both make; ical.js reads it back in its test.
 */

/** What the event says: the reference, the property's name, the stay's days and the area it is in. */
export type StayEvent = {
  reference: string;
  propertyName: string;
  /** `YYYY-MM-DD`, the first night. */
  arrival: string;
  /** `YYYY-MM-DD`, the day the guest leaves. */
  departure: string;
  /** Where the property is, never its exact address (the arrival pack gives that later). */
  area?: string | undefined;
  /** Free text for the event's notes: check-in and check-out times, the account page. */
  description?: string | undefined;
};

const productId = '-//Kayal Villas//Stay//EN';

/** The domain a stay's UID is made unique in (RFC 5545 §3.8.4.7 suggests a domain on the right). */
const uidDomain = 'stays.kayalvillas.example';

/** TEXT as RFC 5545 §3.3.11 escapes it: backslash, semicolon, comma, and a line break as `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, ' ');
}

const encoder = new TextEncoder();

/**
 * A content line folded after 75 octets (RFC 5545 §3.1): each further line begins with a space. Cut
 * between characters, never inside one, so a name in Malayalam stays whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `2027-03-14` as a DATE value: `20270314`. */
const dateValue = (isoDate: string) => isoDate.replaceAll('-', '');

/** A moment as a UTC DATE-TIME value: `20261128T023900Z`. */
export const stampValue = (moment: Date) => `${moment.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The UID of a stay's event: the same for every email about the booking. */
export const stayEventUid = (reference: string) => `${reference.toLowerCase()}@${uidDomain}`;

/** The stay's `.ics` text, lines ending in CRLF as RFC 5545 requires; `now` is its DTSTAMP. */
export function buildStayCalendar(stay: StayEvent, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${stayEventUid(stay.reference)}`,
    `DTSTAMP:${stampValue(now)}`,
    `DTSTART;VALUE=DATE:${dateValue(stay.arrival)}`,
    `DTEND;VALUE=DATE:${dateValue(stay.departure)}`,
    `SUMMARY:${escapeText(`Stay at ${stay.propertyName} (${stay.reference})`)}`,
    ...(stay.area ? [`LOCATION:${escapeText(stay.area)}`] : []),
    ...(stay.description ? [`DESCRIPTION:${escapeText(stay.description)}`] : []),
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The attachment's file name: the reference, which names the booking for people. */
export const stayCalendarFileName = (reference: string) => `${reference}.ics`;
