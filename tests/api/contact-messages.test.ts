import { describe, expect, it } from 'vitest';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import {
  caller,
  describePublicFormContract,
  itRefusesInvalidInput,
} from '../support/public-form-contract.ts';
import { jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const { endpoint } = contactMessageForm;

function validMessage(overrides: Record<string, string> = {}) {
  return {
    name: 'Asha Menon',
    email: `asha+${crypto.randomUUID()}@example.com`,
    phone: '+91 98470 12345',
    message: 'Is the Kovalam cliff villa free for the first week of March?',
    ...overrides,
  };
}

async function rowsFor(email: string) {
  return ownerQuery<{ id: string; name: string; phone: string; message: string }>(
    'select id, name, phone, message from contact_messages where email = $1',
    [email],
  );
}

const form = {
  endpoint,
  handler: sendContactMessage,
  validBody: () => validMessage(),
  countRows: async (email: string) => (await rowsFor(email)).length,
  sentPath: contactMessageForm.sentPath,
  invalidFormPost: {
    fields: { email: 'not-an-email', message: 'short' },
    expectHtml: [
      'Enter a valid email address',
      'value="not-an-email"',
      '>short</textarea>',
      'value="Asha Menon"',
    ],
  },
};
const call = caller(form);

describe('POST /api/contact-messages', () => {
  it('stores a valid JSON message and answers 201 with its id', async () => {
    const message = validMessage();
    const response = await call(jsonPost(endpoint, message));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    const rows = await rowsFor(message.email);
    expect(rows).toEqual([
      { id: body.id, name: message.name, phone: message.phone, message: message.message },
    ]);
  });

  it('trims what people type before storing it', async () => {
    const message = validMessage({ name: '  Ravi Nair  ' });
    expect((await call(jsonPost(endpoint, message))).status).toBe(201);
    expect((await rowsFor(message.email))[0]?.name).toBe('Ravi Nair');
  });

  it('keeps the line breaks and tabs of a message, which may run over several lines', async () => {
    const message = validMessage({ message: 'Dear office,\r\n\tIs the villa free\nin March?' });
    expect((await call(jsonPost(endpoint, message))).status).toBe(201);
    expect((await rowsFor(message.email))[0]?.message).toBe(message.message);
  });

  itRefusesInvalidInput(form, [
    ['an empty name', { name: '' }, 'name', 'Enter your name'],
    [
      'a name of several lines (a forged email line)',
      { name: 'Asha\nEmail: attacker@evil.example' },
      'name',
      'Write your name on one line',
    ],
    [
      'a carriage return in the email',
      { email: 'asha@example.com\rBcc: x@evil.example' },
      'email',
      'Write your email address on one line',
    ],
    [
      'an escape character in the name',
      { name: 'Asha\u001b[31m' },
      'name',
      'Remove the invisible control character from this text',
    ],
    [
      'a tab in the phone',
      { phone: '+91\t98470 12345' },
      'phone',
      'Remove the invisible control character from this text',
    ],
    [
      'a bell character in the message',
      { message: 'Is the villa free in March?\u0007' },
      'message',
      'Remove the invisible control character from this text',
    ],
    ['a missing email', { email: undefined }, 'email', 'Enter your email address'],
    ['an invalid email', { email: 'asha@' }, 'email', 'Enter a valid email address, like name@example.com'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Use digits, spaces and an optional leading +'],
    ['too few phone digits', { phone: '12345' }, 'phone', expect.stringContaining('7 to 15 digits')],
    ['a short message', { message: 'Hi' }, 'message', 'Message needs at least 10 characters'],
    [
      'a message over 5000 characters',
      { message: 'a'.repeat(5001) },
      'message',
      expect.stringContaining('at most 5000'),
    ],
    ['a number for the name', { name: 42 }, 'name', 'Enter your name'],
  ]);

  describePublicFormContract(form);
});
