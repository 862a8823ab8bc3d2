import { escapeText, foldLine, stampValue } from './stay-calendar-event.ts';

/**
 * A requested viewing as an iCalendar file (RFC 5545) for the buyer's calendar: one timed VEVENT in
 * UTC, which every calendar shows on its owner's own clock, marked tentative until the office confirms;
 * its UID made from the enquiry's reference, so the office's confirmation can update the same event.
 */
export type ViewingEvent = {
  reference: string;
  homeName: string;
  start: Date;
  minutes: number;
  /** "By video call" or the home's area. */
  location: string;
  description: string;
};

export function buildViewingCalendar(viewing: ViewingEvent, now: Date = new Date()): string {
  const end = new Date(viewing.start.getTime() + viewing.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kayal Villas//Viewing//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${viewing.reference.toLowerCase()}@viewings.kayalvillas.example`,
    `DTSTAMP:${stampValue(now)}`,
    `DTSTART:${stampValue(viewing.start)}`,
    `DTEND:${stampValue(end)}`,
    `SUMMARY:${escapeText(`Viewing of ${viewing.homeName} (${viewing.reference})`)}`,
    `LOCATION:${escapeText(viewing.location)}`,
    `DESCRIPTION:${escapeText(viewing.description)}`,
    'STATUS:TENTATIVE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
