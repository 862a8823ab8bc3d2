import { describe, expect, it } from 'vitest';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { partnerEnquiryForm } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import {
  caller,
  describePublicFormContract,
  itRefusesInvalidInput,
} from '../support/public-form-contract.ts';
import { jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const { endpoint } = partnerEnquiryForm;

function validEnquiry(overrides: Record<string, string> = {}) {
  return {
    name: 'Thomas Kurian',
    email: `thomas+${crypto.randomUUID()}@example.com`,
    phone: '+44 7700 900123',
    message: 'A four-bedroom villa with a pool on the lake at Kumarakom, finished last year.',
    ...overrides,
  };
}

async function rowsFor(email: string) {
  return ownerQuery<{ id: string; name: string; phone: string; message: string }>(
    'select id, name, phone, message from partner_enquiries where email = $1',
    [email],
  );
}

const form = {
  endpoint,
  handler: sendPartnerEnquiry,
  validBody: () => validEnquiry(),
  countRows: async (email: string) => (await rowsFor(email)).length,
  sentPath: partnerEnquiryForm.sentPath,
  invalidFormPost: {
    fields: { phone: '12 34', message: 'Villa in Alleppey' },
    expectHtml: [
      '7 to 15 digits',
      'Description of your property needs at least 20 characters',
      'value="12 34"',
      '>Villa in Alleppey</textarea>',
      'value="Thomas Kurian"',
    ],
  },
};
const call = caller(form);

describe('POST /api/partner-enquiries', () => {
  it('stores a valid JSON enquiry and answers 201 with its id', async () => {
    const enquiry = validEnquiry();
    const response = await call(jsonPost(endpoint, enquiry));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(await rowsFor(enquiry.email)).toEqual([
      { id: body.id, name: enquiry.name, phone: enquiry.phone, message: enquiry.message },
    ]);
  });

  it('trims what people type before storing it', async () => {
    const enquiry = validEnquiry({ name: '  Ravi Nair  ' });
    expect((await call(jsonPost(endpoint, enquiry))).status).toBe(201);
    expect((await rowsFor(enquiry.email))[0]?.name).toBe('Ravi Nair');
  });

  itRefusesInvalidInput(form, [
    ['an empty name', { name: '' }, 'name', 'Enter your name'],
    [
      'a name of several lines (a forged email line)',
      { name: 'Thomas\u2028Email: attacker@evil.example' },
      'name',
      'Write your name on one line',
    ],
    [
      'an escape character in the description',
      { message: 'A three-bedroom villa in Alleppey\u001b' },
      'message',
      'Remove the invisible control character from this text',
    ],
    ['a missing email', { email: undefined }, 'email', 'Enter your email address'],
    ['an invalid email', { email: 'thomas@' }, 'email', 'Enter a valid email address, like name@example.com'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Use digits, spaces and an optional leading +'],
    ['too few phone digits', { phone: '12345' }, 'phone', expect.stringContaining('7 to 15 digits')],
    ['a missing message', { message: undefined }, 'message', 'Enter a description of your property'],
    [
      'a message under 20 characters',
      { message: 'Villa in Alleppey' },
      'message',
      'Description of your property needs at least 20 characters',
    ],
    [
      'a message of 20 spaces',
      { message: ' '.repeat(20) },
      'message',
      'Enter a description of your property',
    ],
    [
      'a message over 5000 characters',
      { message: 'a'.repeat(5001) },
      'message',
      'Description of your property can be at most 5000 characters',
    ],
  ]);

  describePublicFormContract(form);
});
