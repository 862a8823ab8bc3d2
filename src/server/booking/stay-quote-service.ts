import content from '../../content/site.json' with { type: 'json' };
import type { StayQuoteRequest } from '../../features/booking/booking-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import type { Quote } from '../../lib/pricing.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails } from '../email/delivery.ts';
import type { Email } from '../email/email.ts';
import { queueCappedEmail } from '../email/recipient-caps.ts';
import { describeQuote, readableDate } from './booking-emails.ts';
import { priceRequest } from './request-service.ts';

/**
 * "Email me this quote" (issue 48): a stay priced by the server and emailed once to the address typed,
 * with a link that reopens the booking form with it; the form prices it again when opened and says
 * what changed (the link carries the total quoted). No account, no list: nothing is sent again unless
 * the guest asks again, and the mailbox caps bound what anyone can have sent to an address.
 */

const { site } = content;

/** The booking form with the stay, and the total it was quoted at, to compare with when it opens. */
export function quotedStayLink(stay: StayQuoteRequest, quote: Quote, base: string): string {
  const { property, arrival, departure, guests } = stay;
  const query = new URLSearchParams({
    property,
    arrival,
    departure,
    guests: String(guests),
    quoted: String(quote.totalPence),
  });
  return `${base}${paths.booking}?${query}`;
}

/**
 * The quote's email. It goes to an address nobody has confirmed, so it carries only what the server
 * made: the home's name, the dates and the price, never words the sender typed.
 */
export function stayQuoteMessage(
  stay: StayQuoteRequest,
  propertyName: string,
  quote: Quote,
  base: string,
): Email {
  return {
    to: stay.email,
    subject: `Your quote for ${propertyName}, ${readableDate(stay.arrival)}`,
    text: [
      'Hello,',
      '',
      `Here is the quote you asked for at ${site.brand}:`,
      '',
      `Property: ${propertyName}`,
      `Arrival: ${readableDate(stay.arrival)} (${stay.arrival})`,
      `Departure: ${readableDate(stay.departure)} (${stay.departure})`,
      `Guests: ${stay.guests}`,
      '',
      ...describeQuote(quote),
      '',
      'To book, open this link: the form opens with this stay, checks the dates are still free and prices it again, and tells you if anything has changed.',
      '',
      quotedStayLink(stay, quote, base),
      '',
      'Nothing is held or booked until you send the form. We will not email you again about this quote: you asked for this one email only. If it was not you, ignore it.',
      '',
      site.brand,
      `${site.office.email} · ${site.office.phone}`,
    ].join('\n'),
  };
}

/** Prices the stay (refusing what a request would refuse, field by field) and emails the quote. */
export async function emailStayQuote(stay: StayQuoteRequest): Promise<void> {
  const { property, quote } = await priceRequest(stay, todayInKerala());
  const queued = await withCaller(serviceRole, (tx) =>
    queueCappedEmail(tx, 'stay_quote', stayQuoteMessage(stay, property.name, quote, siteUrl())),
  );
  if (queued) await deliverQueuedEmails([queued]);
}
