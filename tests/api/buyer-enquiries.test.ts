import { describe, expect, it } from 'vitest';
import sendBuyerEnquiry from '../../netlify/functions/buyer-enquiries.mts';
import listViewingSlots from '../../netlify/functions/viewing-slots.mts';
import { buyerEnquiryForm } from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
import { listOfficeSlots } from '../../src/lib/viewing-slots.ts';
import { readViewingHours } from '../../src/server/buyer-enquiries/viewing-slots-service.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import {
  caller,
  describePublicFormContract,
  itRefusesInvalidInput,
} from '../support/public-form-contract.ts';
import { formPost, jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const { endpoint } = buyerEnquiryForm;

/**
 * A slot of the office's viewing hours from now on. Each test that asks for a viewing takes one of
 * its own (a slot is taken once), from the far end of the horizon, which no other file uses.
 */
const officeSlot = (fromTheEnd: number) => {
  const slots = listOfficeSlots(readViewingHours(), new Date());
  return slots[slots.length - 1 - fromTheEnd] as Date;
};

/** A first question about the Kovalam cliff villa from Dubai: the three things it needs, and the rest. */
function validEnquiry(overrides: Record<string, string> = {}) {
  return {
    property: 'kovalam-cliff-villa',
    propertyKind: 'villas',
    intent: 'buying',
    name: 'Fathima Rahman',
    email: `fathima+${crypto.randomUUID()}@example.com`,
    phone: '+971 50 123 4567',
    country: 'United Arab Emirates',
    budget: '₹70 lakh',
    homeLoan: 'no',
    payingFromAbroad: 'yes',
    viewingMode: '',
    slot: '',
    timeZone: 'Asia/Dubai',
    message: 'Is the pool terrace shaded at sunset?',
    ...overrides,
  };
}

/** A video viewing at one of the office's slots, asked from Dubai. */
const validViewing = (slot: Date, overrides: Record<string, string> = {}) =>
  validEnquiry({
    intent: 'viewing',
    viewingMode: 'video',
    slot: slot.toISOString(),
    message: '',
    ...overrides,
  });

type Row = {
  id: string;
  reference: string;
  property: string;
  intent: string;
  home_loan: boolean | null;
  paying_from_abroad: boolean | null;
  viewing_mode: string | null;
  viewing_slot: Date | null;
  time_zone: string;
};

const rowsFor = (email: string) =>
  ownerQuery<Row>(
    `select id, reference, property, intent, home_loan, paying_from_abroad, viewing_mode, viewing_slot, time_zone
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
    fields: { email: 'not-an-email', message: '' },
    expectHtml: [
      'Enter a valid email address',
      'Write your question',
      'value="not-an-email"',
      'value="Fathima Rahman"',
      'value="+971 50 123 4567"',
    ],
  },
};
const call = caller(form);

describe('POST /api/buyer-enquiries', () => {
  it('stores a viewing at the slot the buyer chose, with their zone, and answers its id and reference', async () => {
    const slot = officeSlot(0);
    const enquiry = validViewing(slot);
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
        viewing_slot: slot,
        time_zone: 'Asia/Dubai',
      },
    ]);
  });

  it('takes a first question with only a name, a phone number with its country code and the question', async () => {
    const phone = `+971 50 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const enquiry = {
      property: 'kovalam-cliff-villa',
      propertyKind: 'villas',
      intent: 'buying',
      name: 'Anil Menon',
      phone,
      message: 'Can the villa be bought by an NRI living in Dubai?',
    };
    expect((await call(jsonPost(endpoint, enquiry))).status).toBe(201);
    const [row] = await ownerQuery<{ email: string; country: string; home_loan: boolean | null }>(
      'select email, country, home_loan from buyer_enquiries where phone = $1',
      [phone],
    );
    expect(row).toEqual({ email: '', country: '', home_loan: null });
  });

  it('refuses a one-letter country beside its field, never as the table’s 500', async () => {
    const enquiry = {
      property: 'kovalam-cliff-villa',
      propertyKind: 'villas',
      intent: 'buying',
      name: 'Anil Menon',
      phone: '+971 50 123 4567',
      country: '!',
      message: 'Can the villa be bought by an NRI living in Dubai?',
    };
    const answer = await call(jsonPost(endpoint, enquiry));
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({
      error: { fields: { country: expect.stringMatching(/country/) } },
    });
  });

  it('gives the slot once: a second viewing at the same time is refused on the time, and the slot is no longer offered', async () => {
    const slot = officeSlot(1);
    expect((await call(jsonPost(endpoint, validViewing(slot)))).status).toBe(201);
    const second = validViewing(slot);
    const response = await call(jsonPost(endpoint, second));
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields.slot).toBe('This time is no longer free: choose another from the list');
    expect(await rowsFor(second.email)).toEqual([]);
    const offered = await listViewingSlots(
      new Request('http://localhost/api/viewing-slots?propertyKind=villas&property=kovalam-cliff-villa'),
      {} as never,
    );
    const { slots } = (await offered.json()) as { slots: string[] };
    expect(slots).not.toContain(slot.toISOString());
    expect(slots).toContain(officeSlot(2).toISOString());
  });

  it('the database gives a slot once even when the service’s check is raced past', async () => {
    const slot = officeSlot(3);
    const insert = (email: string) =>
      ownerQuery(
        `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget,
           viewing_mode, viewing_slot, time_zone)
         values ('kovalam-cliff-villa', 'villas', 'viewing', 'Race', $1, '', '', '', 'video', $2, 'Asia/Dubai')`,
        [email, slot],
      );
    await insert(`race+${crypto.randomUUID()}@example.com`);
    await expect(insert(`race+${crypto.randomUUID()}@example.com`)).rejects.toMatchObject({
      code: '23505',
      constraint: 'buyer_enquiries_one_viewing_a_slot',
    });
  });

  it('sends the buyer a receipt with the reference, the time on their clock and India’s, an .ics invitation and the brochure’s link, and alerts the office with both times', async () => {
    const slot = officeSlot(4);
    const enquiry = validViewing(slot);
    const response = await call(jsonPost(endpoint, enquiry));
    const { reference } = (await response.json()) as { reference: string };
    const outbox = await readOutbox();
    const receipt = outbox.find((message) => message.to === enquiry.email);
    expect(receipt?.subject).toBe(`Your viewing request about Kovalam Cliff Villa: ${reference}`);
    expect(receipt?.text).toContain(`Your reference: ${reference}`);
    const both =
      /Time asked for: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Dubai time \(\d{2}:\d{2} India time\)/;
    expect(receipt?.text).toMatch(both);
    expect(receipt?.text).toContain('NRE or NRO');
    expect(receipt?.text).toMatch(
      /^Its brochure \(PDF\): http\S+\/brochures\/villas\/kovalam-cliff-villa\.pdf$/m,
    );
    const invitation = receipt?.attachments.find((file) => file.filename === `${reference}.ics`);
    expect(invitation?.contentType).toBe('text/calendar');
    expect(invitation?.content).toContain(`DTSTART:${slot.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
    const alert = outbox.find((message) => message.replyTo === enquiry.email);
    expect(alert?.subject).toBe('Viewing request from Fathima Rahman: Kovalam Cliff Villa');
    expect(alert?.text).toMatch(both);
    expect(alert?.text).toContain('Paying from abroad (NRI): Yes');
  });

  it('stores a question about buying without the viewing’s mode and time, whatever was sent for them', async () => {
    const enquiry = validEnquiry({
      propertyKind: 'projects',
      property: 'kozhikode-studio-apartments',
      viewingMode: 'video',
      slot: officeSlot(5).toISOString(),
    });
    expect((await call(jsonPost(endpoint, enquiry))).status).toBe(201);
    expect(await rowsFor(enquiry.email)).toEqual([
      expect.objectContaining({ intent: 'buying', viewing_mode: null, viewing_slot: null }),
    ]);
  });

  it('reads the zone as India’s when the form said none (the no-JavaScript form before a city is chosen)', async () => {
    const enquiry = validEnquiry({ timeZone: '' });
    const response = await call(formPost(endpoint, enquiry));
    expect(response.status).toBe(303);
    const [row] = await rowsFor(enquiry.email);
    expect(row?.time_zone).toBe('Asia/Kolkata');
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
    [
      'no way to answer: neither an email address nor a phone number',
      // Left out rather than empty, so the check that nothing was stored is not counting every row
      // sent by phone only (their email is '').
      { email: undefined, phone: '' },
      'email',
      'Give an email address, or a phone number with its country code, so we can answer you',
    ],
    [
      'a phone number without its country code',
      { phone: '050 123 4567' },
      'phone',
      'Start with your country code, for example +971 50 123 4567',
    ],
    ['a question left empty', { message: ' ' }, 'message', 'Write your question'],
    [
      'a viewing without a mode',
      { intent: 'viewing', viewingMode: '', slot: '2030-01-10T04:00:00.000Z' },
      'viewingMode',
      'Choose in person or by video call',
    ],
    [
      'a viewing without a time',
      { intent: 'viewing', viewingMode: 'video' },
      'slot',
      'Choose a time for the viewing',
    ],
    [
      'a time not from the list',
      { intent: 'viewing', viewingMode: 'video', slot: 'tomorrow at ten' },
      'slot',
      'Choose a time from the list',
    ],
    [
      'a time outside the office’s hours (22:00 India time)',
      { intent: 'viewing', viewingMode: 'video', slot: '2026-12-23T16:30:00.000Z' },
      'slot',
      'Choose a time within our viewing hours, from the list',
    ],
    [
      'a made-up time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      'Choose a time zone this browser knows',
    ],
    [
      'an answer on a home loan that is neither yes nor no',
      { homeLoan: 'maybe' },
      'homeLoan',
      'Choose yes or no: will you need a home loan?',
    ],
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
