import content from '../../content/site.json' with { type: 'json' };
import type { BookingRequestInput } from '../../features/booking/booking-contract.ts';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatGbp } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import type { Quote } from '../../lib/pricing.ts';
import type { PropertyFacts } from '../catalogue/catalogue.ts';
import type { Email } from '../email/email.ts';

const { site } = content;

/** A new booking request as both emails describe it. */
export type SentBookingRequest = {
  id: string;
  request: BookingRequestInput;
  property: PropertyFacts;
  quote: Quote;
};

const signature = `\n\n${site.brand}\n${site.office.email} · ${site.office.phone}\n`;

const pounds = (pence: number) => formatGbp(pence / 100);

/** "1 March 2027", read in UTC so no server time zone moves the day. */
const readableDate = (isoDate: string) => formatDate(new Date(`${isoDate}T00:00:00Z`));

function describeStay({ request, property, quote }: SentBookingRequest): string[] {
  return [
    `Property: ${property.name}`,
    `Arrival: ${readableDate(request.arrival)} (${request.arrival})`,
    `Departure: ${readableDate(request.departure)} (${request.departure})`,
    `Nights: ${quote.nights}`,
    `Guests: ${request.guests}`,
  ];
}

function describeQuote(quote: Quote): string[] {
  const lines = [
    `Weekly rate: ${pounds(quote.weeklyRatePence)}`,
    `${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}: ${pounds(quote.subtotalPence)}`,
  ];
  if (quote.discountPence > 0) {
    lines.push(`Discount for two guests (${bookingTerms.discountPercent}%): −${pounds(quote.discountPence)}`);
  }
  lines.push(`Total: ${pounds(quote.totalPence)}`);
  if (quote.balanceDueDate === null) {
    lines.push(`Due on confirmation: the full amount, ${pounds(quote.totalPence)}`);
  } else {
    lines.push(
      `Deposit due on confirmation (${bookingTerms.depositPercent}%): ${pounds(quote.depositPence)}`,
      `Balance: ${pounds(quote.balancePence)}, due by ${readableDate(quote.balanceDueDate)}`,
    );
  }
  return lines;
}

/** The office's notice of a new request: every field the guest sent and the quote they were shown. */
export function officeNoticeMessage(sent: SentBookingRequest): Email {
  const { request, property } = sent;
  return {
    to: site.office.email,
    replyTo: request.email,
    subject: `New booking request: ${property.name}, ${request.arrival}–${request.departure}`,
    text: [
      'A guest has sent a booking request. It waits as "new" until you confirm or decline it on the admin dashboard.',
      '',
      ...describeStay(sent),
      '',
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Phone: ${request.phone}`,
      `Town or city: ${request.city}`,
      `Message: ${request.message ?? '(none)'}`,
      '',
      'Quote shown to the guest:',
      ...describeQuote(sent.quote),
      '',
      `Request id: ${sent.id}`,
    ].join('\n'),
  };
}

/** The guest's receipt: what they asked for, what it costs, what is due when, and what happens next. */
export function guestReceiptMessage(sent: SentBookingRequest, to: string, siteUrl: string): Email {
  const { request, property, quote } = sent;
  const payment =
    quote.balanceDueDate === null
      ? `As you arrive within ${bookingTerms.balanceDueDaysBeforeArrival} days, the full amount of ${pounds(quote.totalPence)} is due when we confirm.`
      : `When we confirm, a ${bookingTerms.depositPercent}% deposit of ${pounds(quote.depositPence)} secures the dates; the balance of ${pounds(quote.balancePence)} is due by ${readableDate(quote.balanceDueDate)}.`;
  return {
    to,
    subject: `Your booking request for ${property.name}`,
    text:
      [
        `Hello ${request.name},`,
        '',
        `Thank you for your request to stay at ${property.name}. Our reservations office will check the calendar and write to confirm it, usually within one working day. Nothing is booked or payable until then.`,
        '',
        ...describeStay(sent),
        '',
        ...describeQuote(quote),
        '',
        `${payment} We accept credit cards; the office will tell you how to pay when it confirms.`,
        '',
        `You can follow this request on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}
