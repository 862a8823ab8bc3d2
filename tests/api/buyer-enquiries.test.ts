import { describe, expect, it } from 'vitest';
import sendBuyerEnquiry from '../../netlify/functions/buyer-enquiries.mts';
import { buyerEnquiryForm } from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import {
  caller,
  describePublicFormContract,
  itRefusesInvalidInput,
} from '../support/public-form-contract.ts';
import { formPost, jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const { endpoint } = buyerEnquiryForm;

/** A viewing by video of the Kovalam cliff villa, asked from Dubai, at two times in 2030. */
function validEnquiry(overrides: Record<string, string> = {}) {
  return {
    property: 'kovalam-cliff-villa',
    propertyKind: 'villas',
    intent: 'viewing',
    name: 'Fathima Rahman',
    email: `fathima+${crypto.randomUUID()}@example.com`,
    phone: '+971 50 123 4567',
    country: 'United Arab Emirates',
    budget: '₹70 lakh',
    homeLoan: 'no',
    payingFromAbroad: 'yes',
    viewingMode: 'video',
    slot1: '2030-01-10T18:00',
    slot2: '2030-01-11T09:30',
    timeZone: 'Asia/Dubai',
    message: 'We would like to see the pool terrace at sunset.',
    ...overrides,
  };
}

type Row = {
  id: string;
  reference: string;
  property: string;
  intent: string;
  home_loan: boolean;
  paying_from_abroad: boolean;
  viewing_mode: string | null;
  viewing_slots: Date[] | null;
  time_zone: string;
};

const rowsFor = (email: string) =>
  ownerQuery<Row>(
    `select id, reference, property, intent, home_loan, paying_from_abroad, viewing_mode, viewing_slots, time_zone
     from buyer_enquiries where email = $1`,
    [email],
  );

const form = {
  endpoint,
  handler: sendBuyerEnquiry,
  validBody: () => validEnquiry(),
  countRows: async (email: string) => (await rowsFor(email)).length,
  sentPath: buyerEnquiryForm.sentPath,
  invalidFormPost: {
    fields: { email: 'not-an-email', slot2: '' },
    expectHtml: [
      'Enter a valid email address',
      'Give at least two times that suit you',
      'value="not-an-email"',
      'value="Fathima Rahman"',
      'value="2030-01-10T18:00"',
    ],
  },
};
const call = caller(form);

describe('POST /api/buyer-enquiries', () => {
  it('stores a viewing with its times as instants of the buyer’s zone, and answers its id and reference', async () => {
    const enquiry = validEnquiry();
    const response = await call(jsonPost(endpoint, enquiry));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; reference: string };
    expect(body.reference).toMatch(/^KB-\d{4}-\d{6}$/);
    expect(await rowsFor(enquiry.email)).toEqual([
      {
        id: body.id,
        reference: body.reference,
        property: 'kovalam-cliff-villa',
        intent: 'viewing',
        home_loan: false,
        paying_from_abroad: true,
        viewing_mode: 'video',
        // 18:00 in Dubai (UTC+4) is 14:00 UTC, 19:30 in India.
        viewing_slots: [new Date('2030-01-10T14:00:00Z'), new Date('2030-01-11T05:30:00Z')],
        time_zone: 'Asia/Dubai',
      },
    ]);
  });

  it('sends the buyer a receipt with the reference, both times in India and Dubai and the brochure’s link, and alerts the office', async () => {
    const enquiry = validEnquiry();
    const response = await call(jsonPost(endpoint, enquiry));
    const { reference } = (await response.json()) as { reference: string };
    const outbox = await readOutbox();
    const receipt = outbox.find((message) => message.to === enquiry.email);
    expect(receipt?.subject).toBe(`Your viewing request about Kovalam Cliff Villa: ${reference}`);
    expect(receipt?.text).toContain(`Your reference: ${reference}`);
    expect(receipt?.text).toContain(
      'Preferred time 1: Thu 10 Jan 2030, 19:30 IST (Thu 10 Jan 2030, 18:00 GST your time)',
    );
    expect(receipt?.text).toContain('NRE or NRO account');
    // A link to the brochure the build made, not an attachment.
    expect(receipt?.text).toMatch(
      /^Its brochure \(PDF\): http\S+\/brochures\/villas\/kovalam-cliff-villa\.pdf$/m,
    );
    const alert = outbox.find((message) => message.replyTo === enquiry.email);
    expect(alert?.subject).toBe('Viewing request from Fathima Rahman: Kovalam Cliff Villa');
    expect(alert?.text).toContain('Paying from abroad (NRI): Yes');
  });

  it('stores a question about buying without the viewing’s mode and times, whatever was sent for them', async () => {
    const enquiry = validEnquiry({
      intent: 'buying',
      propertyKind: 'projects',
      property: 'kozhikode-studio-apartments',
    });
    expect((await call(jsonPost(endpoint, enquiry))).status).toBe(201);
    expect(await rowsFor(enquiry.email)).toEqual([
      expect.objectContaining({ intent: 'buying', viewing_mode: null, viewing_slots: null }),
    ]);
  });

  it('reads the times as India time when the browser said no zone (the no-JavaScript form)', async () => {
    const enquiry = validEnquiry({ timeZone: '' });
    const response = await call(formPost(endpoint, enquiry));
    expect(response.status).toBe(303);
    const [row] = await rowsFor(enquiry.email);
    expect(row?.time_zone).toBe('Asia/Kolkata');
    expect(row?.viewing_slots?.[0]).toEqual(new Date('2030-01-10T12:30:00Z'));
  });

  itRefusesInvalidInput(form, [
    [
      'a home not for sale',
      { propertyKind: 'projects', property: 'kakkanad-four-bedroom-villa' },
      'property',
      '4-Bedroom Villa at Kakkanad is not for sale now',
    ],
    [
      'a home that does not exist',
      { property: 'no-such-villa' },
      'property',
      'Choose a home that is for sale',
    ],
    ['a path for a home', { property: '../../etc/passwd' }, 'property', 'Choose a home'],
    ['another kind of home', { propertyKind: 'castles' }, 'propertyKind', 'Choose a home'],
    ['a viewing without a mode', { viewingMode: '' }, 'viewingMode', 'Choose in person or by video call'],
    ['a viewing with one time', { slot2: '' }, 'slot2', 'Give at least two times that suit you'],
    ['a time in the past', { slot1: '2020-01-10T10:00' }, 'slot1', 'Choose a time in the future'],
    [
      'the same time twice',
      { slot2: '2030-01-10T18:00' },
      'slot2',
      'Choose a different time from the one above',
    ],
    ['a date that does not exist', { slot1: '2030-02-30T10:00' }, 'slot1', 'Enter a real date and time'],
    ['a time not in the form’s format', { slot1: 'tomorrow at ten' }, 'slot1', 'Enter a date and time'],
    [
      'a made-up time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      'Choose a time zone this browser knows',
    ],
    [
      'no answer on a home loan',
      { homeLoan: '' },
      'homeLoan',
      'Choose yes or no: will you need a home loan?',
    ],
    ['no country', { country: ' ' }, 'country', 'Enter the country you live in'],
    ['no budget', { budget: '' }, 'budget', 'Enter your budget'],
    ['an unknown intent', { intent: 'rent' }, 'intent', 'Choose a viewing or a question about buying'],
    [
      'a name of several lines',
      { name: 'Fathima\nEmail: x@evil.example' },
      'name',
      'Write your name on one line',
    ],
  ]);

  describePublicFormContract(form);
});
