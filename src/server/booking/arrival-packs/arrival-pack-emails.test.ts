import { describe, expect, it } from 'vitest';
import { describeServiceLine } from '../services/booked-service-service.ts';
import { arrivalPackMessage } from './arrival-pack-emails.ts';

const booking = {
  reference: 'KV-2093-0001',
  name: 'Meera Pillai',
  to: 'meera@example.com',
  propertyName: 'Kovalam Cliff Villa',
  arrival: '2093-03-10',
};
const pack = {
  address: '12 Lighthouse Road, Kovalam',
  latitude: 8.4,
  longitude: 76.98,
  directionsFromCok: 'Four hours south.',
  directionsFromTrv: 'Twenty minutes south.',
  checkInSteps: 'The caretaker meets you.',
  caretakerPhone: '+91 98470 00000',
  wifiName: 'Cliff',
  wifiPassword: 'monsoon',
  houseManual: 'The pool is unfenced.',
};
const transfer = {
  id: 'a',
  bookingId: 'b',
  service: 'airport-transfers',
  name: 'Airport transfers',
  date: '2093-03-10',
  time: '14:30',
  quantity: 1,
  options: { airport: 'cok', car: 'suv' },
  chosen: ['Airport: Kochi (COK)', 'Car: SUV (up to 6, 5 cases)'],
  flight: 'EK 532',
  note: null,
  pricePence: 5_500,
  status: 'confirmed' as const,
  freeCancellationUntil: '2093-03-09T09:00:00Z',
  lateRefundPercent: 0,
  paymentId: null,
  refundPence: null,
};

describe('the arrival pack email', () => {
  it('lists what is booked with the concierge, each in one line', () => {
    const lines = [
      describeServiceLine(transfer),
      describeServiceLine({
        ...transfer,
        name: 'Cruises',
        chosen: [],
        flight: null,
        pricePence: null,
        status: 'awaiting_price',
      }),
    ];
    expect(lines).toEqual([
      'Tue, 10 March 2093, 14:30: Airport transfers (Airport: Kochi (COK); Car: SUV (up to 6, 5 cases)), flight EK 532, £55: confirmed.',
      'Tue, 10 March 2093, 14:30: Cruises, price to be confirmed: asked for.',
    ]);
    const { text } = arrivalPackMessage(booking, pack as never, 'https://example.com', lines);
    expect(text).toContain(`Booked with the concierge\n${lines[0]}\n${lines[1]}\n`);
  });

  it('says nothing of the concierge when nothing is booked', () => {
    expect(arrivalPackMessage(booking, pack as never, 'https://example.com').text).not.toContain('concierge');
  });
});
