import content from '../../content/site.json' with { type: 'json' };
import {
  type BuyerEnquiry,
  intentLabels,
  listViewingSlots,
  viewingModeLabels,
} from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { brochurePath, buyerEnquiryPath } from '../../lib/paths.ts';
import { describeViewingTime } from '../../lib/viewing-times.ts';
import type { Email } from '../email/email.ts';
import type { OfficeAlert } from '../email/office-alert.ts';

const { site } = content;

const yesNo = (answer: 'yes' | 'no') => (answer === 'yes' ? 'Yes' : 'No');

/** The viewing's lines, the same for the buyer and the office: how, and each time in both zones. */
function viewingLines(enquiry: BuyerEnquiry): [string, string][] {
  if (enquiry.intent !== 'viewing' || !enquiry.viewingMode) return [];
  return [
    ['Viewing', viewingModeLabels[enquiry.viewingMode]],
    ...listViewingSlots(enquiry).map((slot, index): [string, string] => [
      `Preferred time ${index + 1}`,
      describeViewingTime(slot, enquiry.timeZone),
    ]),
  ];
}

/** Everything the buyer told us, label and value, in the form's order. */
export function describeBuyerEnquiry(enquiry: BuyerEnquiry, homeName: string): [string, string][] {
  return [
    ['Home', homeName],
    ['Asked for', intentLabels[enquiry.intent]],
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Phone', enquiry.phone],
    ['Country', enquiry.country],
    ['Budget', enquiry.budget],
    ['Home loan needed', yesNo(enquiry.homeLoan)],
    ['Paying from abroad (NRI)', yesNo(enquiry.payingFromAbroad)],
    ...viewingLines(enquiry),
    ['Their time zone', enquiry.timeZone],
    ['Message', enquiry.message ?? '(none)'],
  ];
}

/** The office's alert: who asks about which home, with every answer, Reply-To the buyer. */
export function buyerEnquiryOfficeAlert(enquiry: BuyerEnquiry, homeName: string): OfficeAlert {
  return {
    what: enquiry.intent === 'viewing' ? 'Viewing request' : 'Buyer’s question',
    about: homeName,
    name: enquiry.name,
    email: enquiry.email,
    fields: describeBuyerEnquiry(enquiry, homeName),
  };
}

/**
 * The buyer's receipt: their reference, what they asked for with the times in India and their own
 * zone, what happens next, the home's page and its brochure. The brochure is a link to the PDF the
 * build made, not an attachment: every home a buyer may ask about has one, and the email stays small. Paying from abroad gets a word on how, since most
 * buyers of Kerala homes live in the Gulf.
 */
export function buyerEnquiryReceipt(
  enquiry: BuyerEnquiry,
  stored: { reference?: string },
  homeName: string,
  siteUrl: string,
): Email {
  const reference = stored.reference ?? '';
  const viewing = enquiry.intent === 'viewing';
  return {
    to: enquiry.email,
    replyTo: site.office.email,
    subject: `${viewing ? 'Your viewing request' : 'Your question'} about ${homeName}: ${reference}`,
    text: [
      `Dear ${enquiry.name},`,
      '',
      viewing
        ? `Thank you for asking to view ${homeName}. We will confirm one of your times, or offer others, within one working day.`
        : `Thank you for your question about buying ${homeName}. We will answer within one working day.`,
      '',
      `Your reference: ${reference}`,
      'Quote it when you write or call, and we will find your enquiry at once.',
      '',
      ...describeBuyerEnquiry(enquiry, homeName)
        .filter(([label]) => label !== 'Email' && label !== 'Name')
        .map(([label, value]) => `${label}: ${value}`),
      '',
      ...(enquiry.payingFromAbroad === 'yes'
        ? [
            'Paying from abroad: buyers living outside India usually pay from an NRE or NRO account in rupees; we will send you what the bank and the registrar need, including on TDS and a power of attorney if you cannot be here to sign.',
            '',
          ]
        : []),
      `The home: ${siteUrl}${buyerEnquiryPath(enquiry.propertyKind, enquiry.property, enquiry.intent)}`,
      `Its brochure (PDF): ${siteUrl}${brochurePath(enquiry.propertyKind, enquiry.property)}`,
      '',
      site.brand,
      `${site.office.email} · ${site.office.phone}`,
    ].join('\n'),
  };
}
