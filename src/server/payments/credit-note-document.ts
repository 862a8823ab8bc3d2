import { daysBetween, formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { type DocumentCompany, startMoneyDocument } from '../documents/document-kit.ts';

/**
 * A refund's credit note as a PDF, printed on the receipts' page (document-kit.ts): the money that went
 * back, to where, on which day, against which receipt, with the stay it was paid for. Driven by the
 * refund's row and its payable alone, so a refund of anything paid for (a stay, a service) gets one.
 * With the company's GSTIN it is a credit note under GST (CGST Rules, r. 53: a serial number, the
 * original invoice's); without one it says it is not a tax document.
 */

/** Everything one credit note prints. */
export type CreditNoteFacts = {
  /** The refund's stored number, `CN/2627/000042` (migration 20261204100000). */
  number: string;
  /** The day (Kerala's) the refund was recorded as back with the guest. */
  refundedOn: string;
  amountPence: number;
  /** card: back through the provider to the card it was paid with; hand: returned by the office. */
  to: 'card' | 'hand';
  providerRefundId: string | null;
  /** The receipt of the payment it came from; null for a payment the ledger never recorded. */
  receiptNumber: string | null;
  reason: 'cancellation' | 'office';
  name: string;
  email: string;
  reference: string;
  propertyName: string;
  arrival: string;
  departure: string;
  /** Set for the refund of a service paid on its own: the service in words. */
  service?: string;
};

/** The file a credit note is sent as: credit-note-CN-2627-000042.pdf. */
export const creditNoteFileName = (number: string) => `credit-note-${number.replaceAll('/', '-')}.pdf`;

/** Where the money went, in the guest's words. */
export const refundDestinationWords = (facts: Pick<CreditNoteFacts, 'to'>) =>
  facts.to === 'card' ? 'to the card you paid with' : 'by the office, the way you paid';

/** The credit note as an A4 PDF; the same facts give the same bytes (it is dated its refund's day). */
export async function makeCreditNote(facts: CreditNoteFacts, company: DocumentCompany): Promise<Uint8Array> {
  const title = 'Credit note';
  const nights = daysBetween(facts.arrival, facts.departure);
  const document = startMoneyDocument(title, company, {
    Title: `${title} ${facts.number}`,
    Subject: `${formatPence(facts.amountPence)} refunded for ${facts.reference}`,
    CreationDate: new Date(`${facts.refundedOn}T00:00:00Z`),
  });
  document.rows([
    ['Credit note number', facts.number],
    ['Date', formatStayDate(facts.refundedOn)],
    ['Refunded to', `${facts.name} (${facts.email})`],
  ]);
  document.heading('Your stay');
  document.rows([
    ['Booking reference', facts.reference],
    ['Property', facts.propertyName],
    [
      'Dates',
      `${formatStayDate(facts.arrival)} to ${formatStayDate(facts.departure)} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
    ],
  ]);
  document.heading('This refund');
  document.rows([
    ['Amount refunded', formatPence(facts.amountPence)],
    ['Refunded on', formatStayDate(facts.refundedOn)],
    ['Refunded', refundDestinationWords(facts)],
    ...(facts.service ? ([['For', facts.service]] as [string, string][]) : []),
    [
      'Why',
      facts.reason === 'cancellation'
        ? facts.service
          ? 'You cancelled the service'
          : 'You cancelled the stay'
        : 'Refunded by our office',
    ],
    ...(facts.receiptNumber ? ([['Against receipt', facts.receiptNumber]] as [string, string][]) : []),
    ...(facts.providerRefundId ? ([['Refund reference', facts.providerRefundId]] as [string, string][]) : []),
  ]);
  document.note([
    facts.to === 'card'
      ? 'A refund to a card usually shows on your statement within 5 to 10 working days, as your bank takes it.'
      : 'The office has sent this money back to you itself.',
    company.gstin
      ? 'This credit note reduces the amount of the receipt and tax invoice named above, GST included.'
      : `This credit note is not a tax document, as our GST registration number (GSTIN) is not printed on it. Write to ${company.office.email} quoting ${facts.number} with any question.`,
  ]);
  return document.finish();
}
