import { describe, expect, it } from 'vitest';
import type { PackReader } from './arrival-pack-contract.ts';
import { describePackReading } from './pack-readers.ts';

const reader = (fields: Partial<PackReader>): PackReader => ({
  bookingId: 'b',
  reference: 'KV-2027-0001',
  guestName: 'Meera Pillai',
  arrival: '2027-03-20',
  released: true,
  emailed: false,
  ...fields,
});

describe('describePackReading', () => {
  it.each([
    [
      'paid, a fortnight away',
      { arrival: '2027-03-28' },
      'Reads it now on their booking; it is emailed to them on Sun, 21 March 2027.',
    ],
    [
      'unpaid, a fortnight away',
      { arrival: '2027-03-28', released: false },
      'Reads it on their booking once the deposit is paid; it is emailed to them on Sun, 21 March 2027, if the deposit is paid by then.',
    ],
    [
      'paid, within the week, not emailed yet',
      { arrival: '2027-03-20' },
      'Reads it now on their booking; it is emailed to them within the hour.',
    ],
    [
      'unpaid, within the week',
      { arrival: '2027-03-16', released: false },
      'Reads it on their booking once the deposit is paid; it is emailed to them once the deposit is paid.',
    ],
    [
      'emailed already',
      { arrival: '2027-03-15', emailed: true },
      'Reads it now on their booking; it has been emailed to them.',
    ],
    [
      'the email day is today',
      { arrival: '2027-03-21' },
      'Reads it now on their booking; it is emailed to them within the hour.',
    ],
  ])('%s', (_case, fields, words) => {
    expect(describePackReading(reader(fields), '2027-03-14')).toBe(words);
  });
});
