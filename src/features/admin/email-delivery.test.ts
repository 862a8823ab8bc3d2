import { describe, expect, it } from 'vitest';
import { describeDelivery, type EmailDelivery, nameEmail } from './email-delivery.ts';

const receipt: EmailDelivery = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'booking_guest_receipt',
  recipient: 'meera@example.com',
  subject: 'Your booking request for Kovalam Cliff Villa',
  status: 'pending',
  attempts: 0,
  lastError: null,
  nextAttemptAt: '2027-03-14T08:35:00.000Z',
  sentAt: null,
  createdAt: '2027-03-14T08:35:00.000Z',
};

describe('describeDelivery', () => {
  it.each<[Partial<EmailDelivery>, string]>([
    [{}, 'Pending: waiting to be sent'],
    [
      {
        attempts: 2,
        lastError: 'connect ECONNREFUSED 127.0.0.1:465',
        nextAttemptAt: '2027-03-14T08:36:00.000Z',
      },
      'Pending: tried 2 times; next try 14 Mar 2027, 14:06 IST. Last error: connect ECONNREFUSED 127.0.0.1:465',
    ],
    [{ status: 'sent', attempts: 1, sentAt: '2027-03-14T08:35:02.000Z' }, 'Sent 14 Mar 2027, 14:05 IST'],
    [
      { status: 'failed', attempts: 10, lastError: '550 No such user', nextAttemptAt: null },
      'Failed: tried 10 times, never sent. Last error: 550 No such user',
    ],
    [
      { status: 'failed', attempts: 1, lastError: '550 No such user' },
      'Failed: tried once, never sent. Last error: 550 No such user',
    ],
  ])('%j', (change, expected) => {
    expect(describeDelivery({ ...receipt, ...change })).toBe(expected);
  });
});

describe('nameEmail', () => {
  it('names the booking emails and falls back to the subject', () => {
    expect(nameEmail(receipt)).toBe('Receipt to the guest');
    expect(nameEmail({ ...receipt, kind: 'something_new' })).toBe(
      'Your booking request for Kovalam Cliff Villa',
    );
  });
});
