import content from '../../content/site.json' with { type: 'json' };
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import type { Email } from '../email/email.ts';
import { type BookingForGuest, signature } from './booking-emails.ts';

const { site } = content;

/** The emails of an instant booking: confirmed by its deposit, or refunded when its nights were lost. */

/** An instant booking as its emails tell it: the stay, and what its deposit came to. */
export type PaidHold = BookingForGuest & {
  receivedPence: number;
  /** What is still due and when, in a sentence ("Balance: £1,988 by 24 February 2027."). */
  next: string;
};

const stayLines = (booking: BookingForGuest) => [
  `Reference: ${booking.reference}`,
  `Property: ${booking.propertyName}`,
  `Arrival: ${formatStayDate(booking.arrival)} (${booking.arrival})`,
  `Departure: ${formatStayDate(booking.departure)} (${booking.departure})`,
  `Nights: ${booking.quote.nights}`,
  `Guests: ${booking.guests}`,
];

/** The guest's confirmation of a stay they booked and paid for at once: no office step to wait for. */
export function instantConfirmationMessage(booking: PaidHold, siteUrl: string): Email {
  return {
    to: booking.to,
    subject: `Confirmed: your stay at ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `Your stay at ${booking.propertyName} is booked and confirmed: we received ${formatPence(booking.receivedPence)}. Your reference is ${booking.reference}; quote it when you call.`,
        '',
        ...stayLines(booking),
        ...(booking.area
          ? [`Where: ${booking.area} (we send the address and directions before you arrive)`]
          : []),
        `Total: ${formatPence(booking.quote.totalPence)}`,
        booking.next,
        '',
        `Your booking on your account page: ${siteUrl}${paths.account}`,
        `Our cancellation policy: ${siteUrl}${paths.cancellationPolicy}`,
      ].join('\n') + signature,
  };
}

/** The office's word that a guest booked and paid instantly: the stay is confirmed, nothing to answer. */
export function instantBookingOfficeAlertMessage(booking: PaidHold, siteUrl: string): Email {
  return {
    to: site.office.email,
    replyTo: booking.to,
    subject: `Booked instantly: ${booking.reference}, ${booking.propertyName}, ${booking.arrival}–${booking.departure}`,
    text: [
      `${booking.name} booked ${booking.propertyName} instantly and paid ${formatPence(booking.receivedPence)} online. The stay is confirmed; there is nothing to confirm or decline.`,
      '',
      ...stayLines(booking),
      `Total: ${formatPence(booking.quote.totalPence)}`,
      booking.next,
      '',
      `It is on the admin dashboard: ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}

/** The guest's word that their hold ran out, someone else booked the nights, and the money goes back. */
export function lostHoldRefundMessage(booking: BookingForGuest, amountPence: number, siteUrl: string): Email {
  return {
    to: booking.to,
    subject: `Not booked: ${booking.propertyName} (${booking.reference}), ${formatPence(amountPence)} refunded`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `Your payment of ${formatPence(amountPence)} for ${booking.propertyName} from ${formatStayDate(booking.arrival)} to ${formatStayDate(booking.departure)} came after the 30 minutes we held the nights for you, and by then they had been booked. We are sorry: the stay is not booked, and the whole payment is refunded to your card.`,
        '',
        `If you would like other dates, see which villas and apartments are free: ${siteUrl}${paths.search}`,
      ].join('\n') + signature,
  };
}

/** The office's word that a late payment for lost nights was refunded automatically, or is owed. */
export function lostHoldOfficeAlertMessage(
  booking: BookingForGuest,
  amountPence: number,
  siteUrl: string,
): Email {
  return {
    to: site.office.email,
    replyTo: booking.to,
    subject: `Refunded: ${booking.reference} paid after its hold ran out, ${formatPence(amountPence)}`,
    text: [
      `${booking.name} paid ${formatPence(amountPence)} for instant booking ${booking.reference} after its 30-minute hold ran out, and another stay or a block had taken the nights by then. The booking stays unconfirmed and the payment is refunded through the payment provider; if the provider refuses, it shows as owed in the booking's Payments.`,
      '',
      ...stayLines(booking),
      '',
      `It is on the admin dashboard: ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}
