import content from '../../content/site.json' with { type: 'json' };
import {
  type BuyerEnquiry,
  intentLabels,
  readViewingSlot,
  viewingModeLabels,
} from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { brochurePath, buyerEnquiryPath, paths } from '../../lib/paths.ts';
import { buildViewingCalendar } from '../../lib/viewing-calendar-event.ts';
import { describeViewingSlot, describeZone } from '../../lib/viewing-slots.ts';
import type { Email } from '../email/email.ts';
import type { OfficeAlert } from '../email/office-alert.ts';
import { readViewingHours } from './viewing-slots-service.ts';

const { site } = content;

const yesNo = (answer: 'yes' | 'no' | undefined) =>
  answer === undefined ? '(not asked yet)' : answer === 'yes' ? 'Yes' : 'No';

/**
 * The viewing's lines, the same for the buyer and the office: how, and when on the buyer's clock by
 * city name with India's beside it ("Thu 10 Dec 2026, 10:30 Dubai time (12:00 India time)").
 */
function viewingLines(enquiry: BuyerEnquiry): [string, string][] {
  const slot = readViewingSlot(enquiry);
  if (!slot || !enquiry.viewingMode) return [];
  return [
    ['Viewing', viewingModeLabels[enquiry.viewingMode]],
    ['Time asked for', describeViewingSlot(slot, enquiry.timeZone)],
  ];
}

/** Everything the buyer told us, label and value, in the form's order; what they left out says so. */
export function describeBuyerEnquiry(enquiry: BuyerEnquiry, homeName: string): [string, string][] {
  return [
    ['Home', homeName],
    ['Asked for', intentLabels[enquiry.intent]],
    ['Name', enquiry.name],
    ['Email', enquiry.email ?? '(none: answer by phone)'],
    ['Phone', enquiry.phone ?? '(none)'],
    ['Country', enquiry.country ?? '(not asked yet)'],
    ['Budget', enquiry.budget ?? '(not asked yet)'],
    ['Home loan needed', yesNo(enquiry.homeLoan)],
    ['Paying from abroad (NRI)', yesNo(enquiry.payingFromAbroad)],
    ...viewingLines(enquiry),
    ['Their time', `${describeZone(enquiry.timeZone)} (${enquiry.timeZone})`],
    ['Message', enquiry.message ?? '(none)'],
  ];
}

/** The office's alert: who asks about which home, with every answer, Reply-To the buyer when they gave an address. */
export function buyerEnquiryOfficeAlert(enquiry: BuyerEnquiry, homeName: string): OfficeAlert {
  return {
    what: enquiry.intent === 'viewing' ? 'Viewing request' : 'Buyer’s question',
    about: homeName,
    name: enquiry.name,
    email: enquiry.email ?? '',
    fields: describeBuyerEnquiry(enquiry, homeName),
  };
}

/**
 * The buyer's receipt: their reference, what they asked for with the time on their clock and India's,
 * what happens next, the home's page and its brochure, and for a viewing an `.ics` invitation (held
 * tentative until the office confirms). The brochure is a link to the PDF the build made, not an
 * attachment: every home a buyer may ask about has one, and the email stays small. None for a buyer
 * who gave only a phone number: the office calls them.
 */
export function buyerEnquiryReceipt(
  enquiry: BuyerEnquiry,
  stored: { reference?: string },
  homeName: string,
  siteUrl: string,
  now = new Date(),
): Email | undefined {
  if (!enquiry.email) return undefined;
  const reference = stored.reference ?? '';
  const viewing = enquiry.intent === 'viewing';
  const slot = readViewingSlot(enquiry);
  const homePage = `${siteUrl}${buyerEnquiryPath(enquiry.propertyKind, enquiry.property, enquiry.intent)}`;
  return {
    to: enquiry.email,
    replyTo: site.office.email,
    subject: `${viewing ? 'Your viewing request' : 'Your question'} about ${homeName}: ${reference}`,
    text: [
      `Dear ${enquiry.name},`,
      '',
      viewing && slot
        ? `Thank you for asking to view ${homeName} on ${describeViewingSlot(slot, enquiry.timeZone)}. We will confirm it within one working day; the invitation attached puts it in your calendar meanwhile.`
        : `Thank you for your question about buying ${homeName}. We will answer within one working day.`,
      '',
      `Your reference: ${reference}`,
      'Quote it when you write or call, and we will find your enquiry at once.',
      '',
      ...describeBuyerEnquiry(enquiry, homeName)
        .filter(([label]) => label !== 'Email' && label !== 'Name')
        .map(([label, value]) => `${label}: ${value}`),
      '',
      `Buying from abroad: what NRIs may buy, paying from NRE or NRO accounts, and signing by power of attorney: ${siteUrl}${paths.buyingFromAbroad}`,
      '',
      `The home: ${homePage}`,
      `Its brochure (PDF): ${siteUrl}${brochurePath(enquiry.propertyKind, enquiry.property)}`,
      '',
      site.brand,
      `${site.office.email} · ${site.office.phone}`,
    ].join('\n'),
    ...(viewing && slot && enquiry.viewingMode
      ? {
          attachments: [
            {
              filename: `${reference}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: buildViewingCalendar(
                {
                  reference,
                  homeName,
                  start: slot,
                  minutes: readViewingHours().slotMinutes,
                  location: enquiry.viewingMode === 'video' ? viewingModeLabels.video : homeName,
                  description: `Viewing of ${homeName}, ${viewingModeLabels[enquiry.viewingMode].toLowerCase()}. Your reference: ${reference}. ${homePage}`,
                },
                now,
              ),
            },
          ],
        }
      : {}),
  };
}
