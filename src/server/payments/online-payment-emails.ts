import content from '../../content/site.json' with { type: 'json' };
import type { InRupees } from '../../features/payment/payment-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatMoney, formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import type { PaymentDue } from '../../lib/payment-due.ts';
import { describeAmountPaid } from '../../lib/rupee-payment.ts';
import type { Email } from '../email/email.ts';

const { site } = content;
const signature = `\n\n${site.brand}\n${site.office.email} · ${site.office.phone}\n`;

/** A payment received online, as its receipt describes it. */
export type ReceivedPayment = {
  to: string;
  name: string;
  reference: string;
  propertyName: string;
  arrival: string;
  departure: string;
  kind: 'deposit' | 'balance';
  amountPence: number;
  /** How it was paid: by card, or by UPI in rupees, online; or any way the office records. */
  method: 'card' | 'upi' | 'bank_transfer' | 'cash';
  /** Recorded by the office (a bank transfer, cash at the villa) rather than paid through the site. */
  recordedByOffice?: boolean;
  /** Set for a payment in rupees: the paise paid, at the dated rate `amountPence` was worked out by. */
  inRupees?: InRupees | undefined;
  receivedOn: string;
  totalPence: number;
  receivedPence: number;
  /** What is due next, or null when the stay is paid in full. */
  next: PaymentDue | null;
  /** Where the guest pays what is due next (a signed link). */
  payUrl: string;
  /** Set when it paid a service on its own: the service in words ("Airport transfers on Thu 12 Mar, 23:45"). */
  service?: string;
};

/** What the guest reads next: the balance and its day, or that nothing more is owed. */
export function describeNextPayment(next: PaymentDue | null, service?: string): string {
  if (!next && service) return `${service} is paid in full: nothing more is due for it.`;
  if (!next) return 'Your stay is paid in full: nothing more is due.';
  return next.dueBy
    ? `Next: the balance of ${formatPence(next.amountPence)} is due by ${formatStayDate(next.dueBy)}. We will remind you a week before.`
    : `Still due now: ${formatPence(next.amountPence)}.`;
}

const methodWords: Record<ReceivedPayment['method'], string> = {
  card: 'by card',
  upi: 'by UPI',
  bank_transfer: 'by bank transfer',
  cash: 'in cash',
};

/** "paid online by card", or for what the office recorded "paid by bank transfer". */
function describeHowPaid(payment: Pick<ReceivedPayment, 'method' | 'recordedByOffice'>): string {
  return `paid ${payment.recordedByOffice ? '' : 'online '}${methodWords[payment.method]}`;
}

/**
 * The guest's receipt of a payment, online or recorded by the office: what was received, for which stay, and what is next. The
 * receipt's PDF, named `receiptFile`, is attached as it is sent (`receipt-service.ts`).
 */
export function paymentReceiptMessage(payment: ReceivedPayment, siteUrl: string, receiptFile: string): Email {
  const what = payment.service
    ? `payment for ${payment.service}`
    : payment.kind === 'deposit'
      ? 'deposit'
      : 'payment';
  const paid = payment.inRupees
    ? formatMoney({ minor: payment.inRupees.paise, currency: 'INR' })
    : formatPence(payment.amountPence);
  return {
    to: payment.to,
    subject: `Payment received: ${paid} for ${payment.service ?? payment.propertyName} (${payment.reference})`,
    text:
      [
        `Hello ${payment.name},`,
        '',
        `Thank you: we received your ${what} of ${describeAmountPaid({ pence: payment.amountPence, inRupees: payment.inRupees })} on ${formatStayDate(payment.receivedOn)}, ${describeHowPaid(payment)}.`,
        '',
        `Reference: ${payment.reference}`,
        `Property: ${payment.propertyName}`,
        `Stay: ${formatStayDate(payment.arrival)} to ${formatStayDate(payment.departure)}`,
        ...(payment.service
          ? [
              `Service: ${payment.service}, paid on its own, apart from the stay`,
              `Its price: ${formatPence(payment.totalPence)}`,
            ]
          : [`Total: ${formatPence(payment.totalPence)}`]),
        `Received so far: ${formatPence(payment.receivedPence)}`,
        '',
        describeNextPayment(payment.next, payment.service),
        ...(payment.next ? [`${payment.next.label}: ${payment.payUrl}`] : []),
        '',
        `Your receipt is attached (${receiptFile}); your account page keeps a copy.`,
        `Your booking on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}
