import content from '../../content/site.json' with { type: 'json' };
import type { CancellationOffer, RefundsSummary } from '../../features/payment/refund-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import type { Email } from '../email/email.ts';

const { site } = content;
const signature = `\n\n${site.brand}\n${site.office.email} · ${site.office.phone}\n`;

/** A booking the guest cancelled, as both emails describe it. */
export type CancelledBooking = {
  to: string;
  name: string;
  reference: string;
  propertyName: string;
  arrival: string;
  departure: string;
  cancelledOn: string;
  offer: CancellationOffer;
  refunds: RefundsSummary;
  /** Why each refund still owed is owed: paid by phone or bank, or the provider's refusal. */
  problems: string[];
};

/** What went back and what is still to, in the guest's words. */
function describeRefundsToGuest({ offer, refunds }: CancelledBooking): string[] {
  if (offer.refundPence === 0) return ['Nothing is refunded.'];
  return [
    ...(refunds.refundedPence > 0
      ? [
          `Refunded to your card: ${formatPence(refunds.refundedPence)}. It reaches your account within 5 to 10 working days, as your bank takes it.`,
        ]
      : []),
    ...(refunds.pendingPence > 0
      ? [`Being refunded to your card: ${formatPence(refunds.pendingPence)}.`]
      : []),
    ...(refunds.owedPence > 0
      ? [
          `Still to come back: ${formatPence(refunds.owedPence)}. The office returns it the way you paid it, within 14 days, and will be in touch if it needs your details.`,
        ]
      : []),
  ];
}

/** The guest's email of their own cancellation: what the policy keeps and what went back. */
export function cancellationRefundMessage(booking: CancelledBooking, siteUrl: string): Email {
  const { offer } = booking;
  return {
    to: booking.to,
    subject: `Cancelled: ${booking.propertyName} (${booking.reference}), refund ${formatPence(offer.refundPence)}`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `As you asked on ${formatStayDate(booking.cancelledOn)}, your stay at ${booking.propertyName} from ${formatStayDate(booking.arrival)} to ${formatStayDate(booking.departure)} is cancelled.`,
        '',
        `Reference: ${booking.reference}`,
        `Paid: ${formatPence(offer.paidPence)}`,
        `Kept by our cancellation policy (${offer.rule}): ${formatPence(offer.keptPence)}`,
        `Refund: ${formatPence(offer.refundPence)}`,
        '',
        ...describeRefundsToGuest(booking),
        '',
        `Our cancellation policy: ${siteUrl}${paths.cancellationPolicy}`,
        `Your bookings on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}

/** The office's alert of a guest's cancellation: what went back online and what it must return itself. */
export function refundOfficeAlertMessage(booking: CancelledBooking): Email {
  const { offer, refunds } = booking;
  const toDo = refunds.owedPence > 0;
  return {
    to: site.office.email,
    replyTo: booking.to,
    subject: `${toDo ? 'Refund to make: ' : ''}${booking.reference} cancelled by the guest, refund ${formatPence(offer.refundPence)}`,
    text: [
      `${booking.name} cancelled ${booking.reference} from their account page on ${formatStayDate(booking.cancelledOn)}: ${booking.propertyName}, ${formatStayDate(booking.arrival)} to ${formatStayDate(booking.departure)}. The nights are free again.`,
      '',
      `Paid: ${formatPence(offer.paidPence)}`,
      `Kept (${offer.rule}): ${formatPence(offer.keptPence)}`,
      `Refund: ${formatPence(offer.refundPence)}`,
      `Refunded online: ${formatPence(refunds.refundedPence)}`,
      ...(refunds.pendingPence > 0 ? [`Still with the provider: ${formatPence(refunds.pendingPence)}`] : []),
      ...(toDo
        ? [
            `To return yourself: ${formatPence(refunds.owedPence)}`,
            ...booking.problems.map((problem) => `- ${problem}`),
            '',
            "Return it and mark it refunded in the booking's Payments on the dashboard.",
          ]
        : []),
    ].join('\n'),
  };
}

/**
 * The office's alert of a refund the provider made and then failed: the money did not reach the guest,
 * so it is owed now, for the office to return by hand (the guest was told only that it was on its way).
 */
export function failedRefundOfficeAlertMessage(refund: {
  reference: string;
  amountPence: number;
  problem: string;
}): Email {
  return {
    to: site.office.email,
    subject: `Refund failed: ${formatPence(refund.amountPence)} of ${refund.reference} to return by hand`,
    text: [
      `A refund of ${formatPence(refund.amountPence)} on ${refund.reference} failed after it was asked for: ${refund.problem}`,
      '',
      "The guest has not been told it reached them. Return it the way they paid, tell them, and mark it refunded in the booking's Payments on the dashboard.",
    ].join('\n'),
  };
}

/** A refund back with the guest, as its email tells them. */
export type CreditedRefundEmail = {
  to: string;
  name: string;
  reference: string;
  propertyName: string;
  amountPence: number;
  destination: 'card' | 'hand';
  refundedOn: string;
  creditNoteFile: string;
  /** Set for the refund of a service paid on its own: the service in words. */
  service?: string;
};

/**
 * The guest's email of a refund that reached them (never one pending or failed), with its credit note:
 * how much, to where, on which day, and when a card refund shows on their statement. Dates are the
 * day in Kerala, where the office recorded it, written out so no reader mistakes the day.
 */
export function refundCreditNoteMessage(refund: CreditedRefundEmail, siteUrl: string): Email {
  const where =
    refund.destination === 'card'
      ? 'it went back to the card you paid with'
      : 'our office sent it back the way you paid';
  return {
    to: refund.to,
    subject: `Refunded: ${formatPence(refund.amountPence)} for ${refund.service ?? refund.propertyName} (${refund.reference})`,
    text:
      [
        `Hello ${refund.name},`,
        '',
        refund.service
          ? `We refunded ${formatPence(refund.amountPence)} for ${refund.service}, which you cancelled, booked on your stay ${refund.reference} at ${refund.propertyName}, on ${formatStayDate(refund.refundedOn)}: ${where}.`
          : `We refunded ${formatPence(refund.amountPence)} of your booking ${refund.reference} at ${refund.propertyName} on ${formatStayDate(refund.refundedOn)}: ${where}.`,
        '',
        refund.destination === 'card'
          ? 'A refund to a card usually shows on your statement within 5 to 10 working days, as your bank takes it.'
          : 'If it has not reached you within 5 working days, reply to this email and we will look into it.',
        '',
        `The credit note is attached (${refund.creditNoteFile}).`,
        `Your bookings on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}
