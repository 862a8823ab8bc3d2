import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';

/**
 * Another platform's calendar, as Airbnb publishes it: a local HTTP server answering one iCal feed with
 * one all-day reservation from `start` to `end` (DTEND exclusive, as platforms write it), and, given
 * `endlessFrom`, a block from that day to the last day of year 9999.
 */
export async function serveOtherPlatformFeed(
  nights: { start: string; end: string },
  { endlessFrom }: { endlessFrom?: string } = {},
) {
  const calendar = new ICAL.Component('vcalendar');
  calendar.updatePropertyWithValue('prodid', '-//Airbnb Stand-in//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', `${crypto.randomUUID()}@airbnb.example`);
  event.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(nights.start));
  event.updatePropertyWithValue('dtend', ICAL.Time.fromDateString(nights.end));
  event.updatePropertyWithValue('summary', 'Reserved');
  calendar.addSubcomponent(event);
  if (endlessFrom) {
    const endless = new ICAL.Component('vevent');
    endless.updatePropertyWithValue('uid', `${crypto.randomUUID()}@airbnb.example`);
    endless.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(endlessFrom));
    endless.updatePropertyWithValue('dtend', ICAL.Time.fromDateString('9999-12-31'));
    endless.updatePropertyWithValue('summary', 'Airbnb (Not available)');
    calendar.addSubcomponent(endless);
  }
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(calendar.toString());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
