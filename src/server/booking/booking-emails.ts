import content from '../../content/site.json' with { type: 'json' };
import type { BookingRequestInput } from '../../features/booking/booking-contract.ts';
import { bookingTerms, houseRules, howToPay } from '../../lib/booking-terms.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatGbp } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import type { Quote } from '../../lib/pricing.ts';
import { buildStayCalendar, stayCalendarFileName } from '../../lib/stay-calendar-event.ts';
import type { PropertyFacts } from '../catalogue/catalogue.ts';
import type { Email, EmailAttachment } from '../email/email.ts';

const { site } = content;

/** A new booking request as both emails describe it. */
export type SentBookingRequest = {
  id: string;
  reference: string;
  request: BookingRequestInput;
  property: PropertyFacts;
  quote: Quote;
};

/** The close of every booking email: the office's name and how to reach it. */
export const signature = `\n\n${site.brand}\n${site.office.email} · ${site.office.phone}\n`;

/**
 * How a guest pays the office, as every email that asks for money says it; `summary` is the account
 * page's words unless the email has its own for its moment (the confirmation's).
 */
export const howToPayLines = (
  pay?: { label: string; url: string },
  summary: string = howToPay.summary,
): string[] => [
  'How to pay',
  ...(pay ? [`${pay.label}: ${pay.url}`] : []),
  summary,
  `Phone: ${site.office.phone} (${site.office.hours})`,
  `Email: ${site.office.email}`,
  howToPay.safety,
  howToPay.cancelling,
];

const pounds = (pence: number) => formatGbp(pence / 100);

/** "1 March 2027", read in UTC so no server time zone moves the day. */
export const readableDate = (isoDate: string) => formatDate(new Date(`${isoDate}T00:00:00Z`));

/** The stay as every booking email lists it, under its reference. */
type StayFacts = {
  reference: string;
  propertyName: string;
  arrival: string;
  departure: string;
  guests: number;
  quote: Quote;
};

function describeStay({ reference, propertyName, arrival, departure, guests, quote }: StayFacts): string[] {
  return [
    `Reference: ${reference}`,
    `Property: ${propertyName}`,
    `Arrival: ${readableDate(arrival)} (${arrival})`,
    `Departure: ${readableDate(departure)} (${departure})`,
    `Nights: ${quote.nights}`,
    `Guests: ${guests}`,
  ];
}

const stayOf = ({ reference, request, property, quote }: SentBookingRequest): StayFacts => ({
  reference,
  propertyName: property.name,
  arrival: request.arrival,
  departure: request.departure,
  guests: request.guests,
  quote,
});

/** The price of a stay, line by line, as every booking email gives it. */
export function describeQuote(quote: Quote): string[] {
  const nights = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`;
  const [only] = quote.lines;
  const lines =
    quote.lines.length === 1 && only?.season === null
      ? [
          `Weekly rate: ${pounds(quote.weeklyRatePence)}`,
          `${nights(quote.nights)}: ${pounds(quote.subtotalPence)}`,
        ]
      : [
          // Priced across seasons: each season's nights at its rate, then what they come to together.
          ...quote.lines.map(
            (line) =>
              `${line.season ?? 'Standard rate'}: ${nights(line.nights)} at ${pounds(line.weeklyRatePence)} a week: ${pounds(line.amountPence)}`,
          ),
          `${nights(quote.nights)}: ${pounds(quote.subtotalPence)}`,
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
    subject: `New booking request ${sent.reference}: ${property.name}, ${request.arrival}–${request.departure}`,
    text: [
      'A guest has sent a booking request. It waits as "new" until you confirm or decline it on the admin dashboard.',
      '',
      ...describeStay(stayOf(sent)),
      '',
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Phone: ${request.phone}`,
      `Town or city: ${request.city}`,
      `Message: ${request.message ?? '(none)'}`,
      '',
      'Quote shown to the guest:',
      ...describeQuote(sent.quote),
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
    subject: `Your booking request for ${property.name} (${sent.reference})`,
    text:
      [
        `Hello ${request.name},`,
        '',
        `Thank you for your request to stay at ${property.name}. Our reservations office will check the calendar and write to confirm it, usually within one working day. Nothing is booked or payable until then.`,
        '',
        `Your reference is ${sent.reference}; quote it when you pay or call.`,
        '',
        ...describeStay(stayOf(sent)),
        '',
        ...describeQuote(quote),
        '',
        `${payment} We accept credit cards; the office will tell you how to pay when it confirms.`,
        '',
        `You can follow this request on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}

/**
 * A stored request as the status emails describe it; `to` is where its receipt went, `area` where the
 * property is (its content's `location`; absent for a property taken off the site).
 */
export type BookingForGuest = StayFacts & { name: string; to: string; area?: string | undefined };

/**
 * What is due now that the office confirms: the deposit and the balance by its date, or everything at
 * once when the stay is near. A balance whose due date has passed by the time the office confirms is
 * due now too.
 */
function describePaymentDue(quote: Quote, today: string): string[] {
  if (quote.balanceDueDate === null || quote.balanceDueDate <= today) {
    return [`Due now: the full amount, ${pounds(quote.totalPence)}.`];
  }
  return [
    `Due now: the ${bookingTerms.depositPercent}% deposit, ${pounds(quote.depositPence)}, which secures the dates.`,
    `Balance: ${pounds(quote.balancePence)}, due by ${readableDate(quote.balanceDueDate)}.`,
  ];
}

const referenceLine = (reference: string) => `Your reference is ${reference}; quote it when you pay or call.`;

/**
 * The confirmed stay as an `.ics` file for the guest's calendar: the stay's days, the area (never the
 * address), and the check-in and check-out times in its notes.
 */
function stayCalendarAttachment(booking: BookingForGuest, siteUrl: string, now: Date): EmailAttachment {
  const content = buildStayCalendar(
    {
      reference: booking.reference,
      propertyName: booking.propertyName,
      arrival: booking.arrival,
      departure: booking.departure,
      area: booking.area,
      description: [
        `Check-in from ${houseRules.checkInFrom} on ${readableDate(booking.arrival)}.`,
        `Check-out by ${houseRules.checkOutBy} on ${readableDate(booking.departure)}.`,
        `Your booking: ${siteUrl}${paths.account}`,
      ].join('\n'),
    },
    now,
  );
  return {
    filename: stayCalendarFileName(booking.reference),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content,
  };
}

/**
 * The guest's confirmation: the stay under its reference, its check-in and check-out times and area,
 * the total, what to pay now and later, the signed link that pays it (`pay`), how to pay (the account
 * page's own words), links to the account page and the cancellation policy, and the stay as an `.ics`
 * to add to a calendar (stamped `now`).
 */
export function confirmationMessage(
  booking: BookingForGuest,
  siteUrl: string,
  today: string,
  pay?: { label: string; url: string },
  now: Date = new Date(),
): Email {
  const { quote } = booking;
  return {
    to: booking.to,
    subject: `Confirmed: your stay at ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `Good news: your stay at ${booking.propertyName} is confirmed. ${referenceLine(booking.reference)}`,
        '',
        ...describeStay(booking),
        `Check-in: from ${houseRules.checkInFrom} on ${readableDate(booking.arrival)}`,
        `Check-out: by ${houseRules.checkOutBy} on ${readableDate(booking.departure)}`,
        ...(booking.area
          ? [`Where: ${booking.area} (we send the address and directions before you arrive)`]
          : []),
        '',
        `Total: ${pounds(quote.totalPence)}`,
        ...describePaymentDue(quote, today),
        '',
        ...howToPayLines(pay, howToPay.onceConfirmed),
        '',
        `Your booking on your account page: ${siteUrl}${paths.account}`,
        `Our cancellation policy: ${siteUrl}${paths.cancellationPolicy}`,
        '',
        `To add the stay to your calendar, open the attached ${stayCalendarFileName(booking.reference)}.`,
      ].join('\n') + signature,
    attachments: [stayCalendarAttachment(booking, siteUrl, now)],
  };
}

/** The guest's answer when the office cannot take a request: kind, the reference, and where to look next. */
export function declineMessage(booking: BookingForGuest, siteUrl: string): Email {
  return {
    to: booking.to,
    subject: `Your booking request for ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `Thank you for asking to stay at ${booking.propertyName} from ${readableDate(booking.arrival)} to ${readableDate(booking.departure)}. We are sorry: we cannot offer you those dates. Nothing is booked and nothing is due.`,
        '',
        `Your reference was ${booking.reference}.`,
        '',
        `We would love to welcome you another time. See which villas and apartments are free for other dates: ${siteUrl}${paths.search}`,
      ].join('\n') + signature,
  };
}

/** The guest's notice that a confirmed stay is cancelled, with the reference and the cancellation policy. */
export function cancellationMessage(booking: BookingForGuest, siteUrl: string): Email {
  return {
    to: booking.to,
    subject: `Cancelled: your stay at ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `Your stay at ${booking.propertyName} from ${readableDate(booking.arrival)} to ${readableDate(booking.departure)} is cancelled. ${referenceLine(booking.reference)}`,
        '',
        `What is refunded follows our cancellation policy: ${siteUrl}${paths.cancellationPolicy}`,
        '',
        `If you did not expect this, please call the office on ${site.office.phone} (${site.office.hours}).`,
      ].join('\n') + signature,
  };
}

/** The guest's word that the request they withdrew is withdrawn: nothing is booked and nothing is due. */
export function withdrawalMessage(booking: BookingForGuest, siteUrl: string): Email {
  return {
    to: booking.to,
    subject: `Withdrawn: your booking request for ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `As you asked, we have withdrawn your request to stay at ${booking.propertyName} from ${readableDate(booking.arrival)} to ${readableDate(booking.departure)}. Nothing is booked and nothing is due.`,
        '',
        `Your reference was ${booking.reference}.`,
        '',
        `If you would like other dates, see which villas and apartments are free: ${siteUrl}${paths.search}`,
        '',
        `If you did not withdraw it, please call the office on ${site.office.phone} (${site.office.hours}).`,
      ].join('\n') + signature,
  };
}

/** The office's word that a guest withdrew a request it had not answered: nothing is left to do. */
export function withdrawalOfficeAlertMessage(booking: BookingForGuest, siteUrl: string): Email {
  return {
    to: site.office.email,
    replyTo: booking.to,
    subject: `Withdrawn by the guest: ${booking.reference}, ${booking.propertyName}, ${booking.arrival}–${booking.departure}`,
    text: [
      `${booking.name} withdrew booking request ${booking.reference} from their account page before it was answered. It no longer waits for an answer; there is nothing to confirm or decline.`,
      '',
      ...describeStay(booking),
      '',
      `It is on the admin dashboard: ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}
