import { describe, expect, it } from 'vitest';
import { findCodes, leftOutOfEmail, redactForEmail } from './email-redaction.ts';

const out = leftOutOfEmail;

describe('redactForEmail', () => {
  it.each([
    ['Your driver meets you at COK arrivals at 14:30 on 12 March 2027.', []],
    ['Call us on +91 484 123 4567 if the flight is late.', []],
    ['Your booking KV-2027-480213 is confirmed; the balance of £1,760 is due by 1 March.', []],
    ['Sure, we can add a cot for the baby.', ['monsoon2027']],
  ])('sends %j as written', (text, secrets) => {
    expect(redactForEmail(text, secrets)).toEqual({ text, redacted: false });
  });

  it.each([
    ['The Wi-Fi password is Monsoon-Rain-27.', ['monsoon-rain-27'], `The Wi-Fi password is ${out}.`],
    ['The key safe code is 4821.', ['4821'], `The key safe code is ${out}.`],
    ['Ring Suresh on +91 98470 55555.', ['+91 98470 55555'], `Ring Suresh on ${out}.`],
    ['Card 4242 4242 4242 4242 was declined.', [], `Card ${out} was declined.`],
    ['Pay to GB29 NWBK 6016 1331 9268 19 please.', [], `Pay to ${out} please.`],
    ['Account 123456789012, IFSC below.', [], `Account ${out}, IFSC below.`],
    [
      'We have passport K4817263 and visa ETA9K2L7Q on file.',
      [],
      `We have passport ${out} and visa ${out} on file.`,
    ],
  ])('leaves the detail out of %j', (text, secrets, safe) => {
    expect(redactForEmail(text, secrets)).toEqual({ text: safe, redacted: true });
  });

  it('keeps a card-shaped number that is no card (it fails the Luhn check)', () => {
    expect(redactForEmail('Ref 1234 5678 9012 3456', []).redacted).toBe(false);
  });
});

describe('findCodes', () => {
  it('finds the codes of an arrival pack’s steps, not its years or short numbers', () => {
    expect(
      findCodes('Open the gate with code 7731#, the key safe is 4821. Built in 2019; 2 bedrooms upstairs.'),
    ).toEqual(['7731#', '4821']);
  });
});
