import {
  type InRupees,
  type PaymentKind,
  paymentKindLabels,
} from '../../features/payment/payment-contract.ts';
import { type PaymentMethod, paymentMethodLabels } from '../../features/payment/payment-ledger-contract.ts';
import { daysBetween, formatStayDate } from '../../lib/dates.ts';
import { formatRate, splitIncludedGst } from '../../lib/gst.ts';
import { summariseLedger } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { choosePaymentDue } from '../../lib/payment-due.ts';
import { describeAmountPaid } from '../../lib/rupee-payment.ts';
import { type DocumentCompany, startMoneyDocument } from '../documents/document-kit.ts';
import type { PaymentProviderName } from './providers/payment-provider.ts';

/**
 * A payment's receipt as a PDF: what was paid, for which stay, what remains and by when, and the GST
 * the amount includes at the site settings' rate. With the company's GSTIN it carries what a tax
 * invoice must (CGST Rules, r. 46: the supplier's GSTIN, a serial number, the service's SAC, the place
 * of supply, the tax by rate and amount); without one it says it is a receipt, not a tax invoice.
 */

/** The company as the site settings give it (src/content/site.json), with its GST rate. */
export type ReceiptCompany = DocumentCompany & { gstRatePercent: number };

/** One payment of a booking, as the ledger holds it. */
export type ReceiptPayment = {
  id: string;
  kind: PaymentKind;
  amountPence: number;
  receivedOn: string;
  method: PaymentMethod;
  provider: PaymentProviderName | null;
  providerReference: string | null;
  /** Its receipt's number, given once when it was recorded: `KVR/2627/000042` (migration 20261202000600). */
  receiptNumber: string;
  /** Set for a payment in rupees: the paise paid, at the dated rate `amountPence` was worked out by. */
  inRupees?: InRupees | null;
};

/** The booking a receipt is about, with every payment of its ledger in the ledger's order (oldest first). */
export type ReceiptBooking = {
  reference: string;
  name: string;
  email: string;
  propertyName: string;
  arrival: string;
  departure: string;
  totalPence: number;
  depositPence: number;
  balanceDueDate: string | null;
  confirmedOn: string | null;
  payments: ReceiptPayment[];
  /**
   * Set for a service paid on its own (a concierge service on the stay): the service in words; the
   * totals are then the service's price and what it received, never the stay's.
   */
  service?: string;
};

/** Everything one receipt prints, as of the payment it is for. */
export type ReceiptFacts = Omit<ReceiptBooking, 'payments'> & {
  /** The payment's stored receipt number, `KVR/2627/000042` (16 characters at most). */
  number: string;
  payment: ReceiptPayment;
  /** Received on the booking up to and including this payment. */
  receivedPence: number;
  /** What is still to pay after it, and the last day to pay it (null: due now); null when paid in full. */
  remaining: { amountPence: number; dueBy: string | null } | null;
};

/** Services Accounting Code heading of accommodation services (GST tariff, chapter 99). */
const accommodationSac = '9963';
/** Kerala in GST's state codes, the place of supply of a stay in Kerala (IGST Act s. 12(3)). */
const keralaStateCode = '32';

/**
 * The facts of `paymentId`'s receipt: its stored number, what the
 * booking had received by then, and what was left to pay and by when, judged on the day it came.
 * Undefined when the booking has no such payment.
 */
export function describeReceipt(booking: ReceiptBooking, paymentId: string): ReceiptFacts | undefined {
  const ledger = booking.payments;
  const index = ledger.findIndex((payment) => payment.id === paymentId);
  const payment = ledger[index];
  if (!payment) return undefined;
  const receivedPence = ledger.slice(0, index + 1).reduce((sum, entry) => sum + entry.amountPence, 0);
  const summary = summariseLedger(booking, receivedPence, payment.receivedOn);
  const next = choosePaymentDue({ ...booking, ...summary });
  const { payments: _all, ...stay } = booking;
  return {
    ...stay,
    number: payment.receiptNumber,
    payment,
    receivedPence,
    remaining: next ? { amountPence: summary.outstandingPence, dueBy: next.dueBy } : null,
  };
}

/** The file a receipt is saved as: receipt-KVR-2627-000042.pdf (a file name has no slashes). */
export const receiptFileName = (number: string) => `receipt-${number.replaceAll('/', '-')}.pdf`;

/** How the money came, in a receipt's words: "Card, online (Stripe)". */
function describeMethod(payment: ReceiptPayment): string {
  const method = paymentMethodLabels[payment.method];
  if (!payment.provider) return method;
  const provider = { 'stand-in': 'the payment stand-in', stripe: 'Stripe', razorpay: 'Razorpay' }[
    payment.provider
  ];
  return `${method}, online (${provider})`;
}

/**
 * The receipt of one payment as an A4 PDF. The same facts and company give the same bytes: the
 * document is dated the day the money was received.
 */
export async function makeReceipt(facts: ReceiptFacts, company: ReceiptCompany): Promise<Uint8Array> {
  // A concierge service is a supply apart from the accommodation, its GST rate and SAC the service's own
  // (a transfer is not taxed as a massage is): no rate is known here for it, so its receipt prints none
  // rather than the stay's, and is never a tax invoice; the office issues that on request.
  const taxInvoice = Boolean(company.gstin) && !facts.service;
  const title = taxInvoice ? 'Receipt and tax invoice' : 'Receipt';
  const gst = splitIncludedGst(facts.payment.amountPence, company.gstRatePercent);
  const halfRate = formatRate(company.gstRatePercent / 2);
  const nights = daysBetween(facts.arrival, facts.departure);

  const document = startMoneyDocument(title, company, {
    Title: `${title} ${facts.number}`,
    Subject: `${describeAmountPaid({ pence: facts.payment.amountPence, inRupees: facts.payment.inRupees })} received for ${facts.reference}`,
    CreationDate: new Date(`${facts.payment.receivedOn}T00:00:00Z`),
  });
  const { rows, heading } = document;
  const { office } = company;

  rows([
    [taxInvoice ? 'Invoice number' : 'Receipt number', facts.number],
    ['Date', formatStayDate(facts.payment.receivedOn)],
    ['Received from', `${facts.name} (${facts.email})`],
  ]);

  heading('Your stay');
  rows([
    ['Booking reference', facts.reference],
    ['Property', facts.propertyName],
    [
      'Dates',
      `${formatStayDate(facts.arrival)} to ${formatStayDate(facts.departure)} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
    ],
  ]);

  heading('This payment');
  rows([
    [
      'For',
      facts.service
        ? `${facts.service}: a concierge service booked on the stay, paid on its own`
        : `${paymentKindLabels[facts.payment.kind]} of the stay: accommodation, SAC ${accommodationSac}`,
    ],
    ['Received on', formatStayDate(facts.payment.receivedOn)],
    ['Paid by', describeMethod(facts.payment)],
    ...(facts.payment.providerReference
      ? ([['Payment reference', facts.payment.providerReference]] as [string, string][])
      : []),
    [
      'Amount received',
      describeAmountPaid({ pence: facts.payment.amountPence, inRupees: facts.payment.inRupees }),
    ],
  ]);

  if (!facts.service) {
    heading(`GST included: ${formatRate(gst.ratePercent)}`);
    rows([
      ['Taxable value', formatPence(gst.taxablePence)],
      [`CGST at ${halfRate}`, formatPence(gst.cgstPence)],
      [`SGST (Kerala) at ${halfRate}`, formatPence(gst.sgstPence)],
      ['GST in this payment', formatPence(gst.gstPence)],
      ['Total with GST', formatPence(facts.payment.amountPence)],
    ]);
  }

  heading(facts.service ? 'This service' : 'Your booking');
  rows([
    [facts.service ? 'Price of the service' : 'Total of the stay', formatPence(facts.totalPence)],
    ['Received so far', formatPence(facts.receivedPence)],
    [
      'Still to pay',
      facts.remaining
        ? `${formatPence(facts.remaining.amountPence)} ${facts.remaining.dueBy ? `by ${formatStayDate(facts.remaining.dueBy)}` : 'now'}`
        : facts.service
          ? 'Nothing: this service is paid in full'
          : 'Nothing: your stay is paid in full',
    ],
  ]);

  const inPounds = `Amounts are in pounds sterling${facts.payment.inRupees ? '; the rupees of this payment settle the pounds beside them, at the rate and date printed there' : ''}.`;
  document.note([
    facts.service
      ? `The price of this service includes the GST due on it in Kerala, at the rate of its kind of service. ${inPounds}`
      : `Our rates include GST at ${formatRate(gst.ratePercent)}, charged in Kerala, where the home is. ${inPounds}`,
    facts.service
      ? `This receipt is not a tax invoice. For a GST tax invoice of this service, write to ${office.email} quoting ${facts.number}.`
      : taxInvoice
        ? `Place of supply: Kerala (${keralaStateCode}). Tax payable on reverse charge: no.`
        : `This receipt is not a tax invoice, as our GST registration number (GSTIN) is not printed on it. For a GST tax invoice, write to ${office.email} quoting ${facts.number}.`,
  ]);
  return document.finish();
}
