import { describe, expect, it } from 'vitest';
import content from '../content/concierge.json' with { type: 'json' };
import {
  type ConciergeService,
  conciergeSchema,
  judgeServiceCutoffs,
  priceServiceChoice,
  refundServiceCancellation,
  type ServiceChoice,
  serviceChoiceSchema,
} from './concierge-services.ts';

const menu = new Map(
  content.services.map((entry) => [
    entry.id,
    { ...conciergeSchema.parse(entry), id: entry.id } as ConciergeService,
  ]),
);
const service = (id: string) => {
  const found = menu.get(id);
  if (!found) throw new Error(`no service ${id}`);
  return found;
};

/** A week at Fort Kochi for four, 10 to 17 December 2026. */
const stay = {
  property: 'fort-kochi-heritage-villa',
  arrival: '2026-12-10',
  departure: '2026-12-17',
  guests: 4,
};
const choose = (fields: Partial<ServiceChoice> & { service: string }): ServiceChoice =>
  serviceChoiceSchema.parse({ date: '2026-12-10', time: '14:30', ...fields });
const cokSaloon = { airport: 'cok', car: 'saloon' };

describe('the content entries', () => {
  it('are every service the home page listed, each valid and offered somewhere', () => {
    expect([...menu.keys()]).toEqual([
      'airport-transfers',
      'rental-bikes',
      'ayurvedic-massage',
      'restaurant-reservations',
      'boat-trips',
      'fishing',
      'cruises',
      'tours',
    ]);
  });

  it.each([
    ['a priced service without a price', { pricing: 'per_trip', priceGbp: undefined }, 'priceGbp'],
    [
      'staff hours closing before they open',
      { staffHours: { opens: '18:00', closes: '08:00' } },
      'staffHours.closes',
    ],
    ['no home', { homes: [] }, 'homes'],
    ['a price in fractions of a penny', { priceGbp: 12.345 }, 'priceGbp'],
    ['a notice time beyond a month', { noticeHours: 1000 }, 'noticeHours'],
  ])('refuse %s, naming the field', (_name, change, path) => {
    const result = conciergeSchema.safeParse({ ...content.services[0], ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

describe('priceServiceChoice', () => {
  it.each([
    [
      'a transfer in a saloon',
      choose({ service: 'airport-transfers', options: cokSaloon }),
      4_000,
      'Airport transfers (Kochi (COK), Saloon (up to 3, 3 cases)), 1 trip: £40',
    ],
    [
      'a transfer in an SUV from TRV',
      choose({ service: 'airport-transfers', options: { airport: 'trv', car: 'suv' } }),
      5_500,
      undefined,
    ],
    [
      'massages for three in the home, shirodhara',
      choose({
        service: 'ayurvedic-massage',
        quantity: 3,
        options: { treatment: 'shirodhara', where: 'villa' },
      }),
      22_500,
      undefined,
    ],
    [
      'two hours on a shikara',
      choose({ service: 'boat-trips', quantity: 2, options: { boat: 'shikara' } }),
      5_000,
      'Boat trips (Shikara canoe), 2 hours: £50',
    ],
    [
      'three days of scooters',
      choose({ service: 'rental-bikes', quantity: 3, options: { bike: 'scooter' } }),
      5_400,
      undefined,
    ],
  ])('prices %s', (_name, choice, pence, line) => {
    const priced = priceServiceChoice(service(choice.service), choice, stay);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    expect(priced.price.total).toEqual({ minor: pence, currency: 'GBP' });
    if (line) expect(priced.price.line).toBe(line);
  });

  it('prices in rupees too where the office set rupee prices', () => {
    const priced = priceServiceChoice(
      service('airport-transfers'),
      choose({ service: 'airport-transfers', options: { airport: 'cok', car: 'van' } }),
      stay,
    );
    expect(priced.ok && priced.price.totalInr).toEqual({ minor: 770_000, currency: 'INR' });
  });

  it('leaves a service on request unpriced, for the office to price', () => {
    const priced = priceServiceChoice(service('cruises'), choose({ service: 'cruises' }), stay);
    expect(priced).toMatchObject({
      ok: true,
      price: { total: null, line: 'Cruises: price confirmed by the office' },
    });
  });

  it.each([
    [
      'a home that does not offer it',
      choose({ service: 'boat-trips', options: { boat: 'shikara' } }),
      { ...stay, property: 'varkala-clifftop-villa' },
      { service: 'Boat trips is not offered at this home.' },
    ],
    [
      'an option the service lacks',
      choose({ service: 'airport-transfers', options: { ...cokSaloon, driver: 'chatty' } }),
      stay,
      { 'options.driver': 'Airport transfers has no choice of driver.' },
    ],
    [
      'a choice the option lacks',
      choose({ service: 'airport-transfers', options: { airport: 'bom', car: 'saloon' } }),
      stay,
      {
        'options.airport':
          'Airport transfers has no airport “bom”: choose Kochi (COK), Thiruvananthapuram (TRV).',
      },
    ],
    [
      'an option not chosen',
      choose({ service: 'airport-transfers', options: { airport: 'cok' } }),
      stay,
      {
        'options.car':
          'Choose the car: Saloon (up to 3, 3 cases), SUV (up to 6, 5 cases), Van (up to 12, 10 cases).',
      },
    ],
    [
      'more people than the party',
      choose({
        service: 'ayurvedic-massage',
        quantity: 5,
        options: { treatment: 'abhyanga', where: 'centre' },
      }),
      stay,
      { quantity: 'At most 4: the party is 4 guests.' },
    ],
    [
      'more days than the stay',
      choose({ service: 'tours', quantity: 8, options: { tour: 'munnar' } }),
      stay,
      { quantity: 'At most 7 days: the stay is 7 nights.' },
    ],
    [
      'two trips at once',
      choose({ service: 'airport-transfers', quantity: 2, options: cokSaloon }),
      stay,
      { quantity: 'Airport transfers is booked one trip at a time.' },
    ],
  ])('refuses %s, in words on its field', (_name, choice, where, errors) => {
    expect(priceServiceChoice(service(choice.service), choice, where)).toEqual({ ok: false, errors });
  });
});

describe('judgeServiceCutoffs', () => {
  /** 9 December 2026, 12:00 India time: the day before arrival. */
  const now = new Date('2026-12-09T12:00:00+05:30');
  const transfer = (date: string, time: string) =>
    choose({ service: 'airport-transfers', date, time, options: cokSaloon });

  it.each([
    ['the arrival day, past its notice', transfer('2026-12-10', '14:30'), {}],
    ['the departure day', transfer('2026-12-17', '05:00'), {}],
    [
      'the day before arrival',
      transfer('2026-12-09', '23:00'),
      { date: 'Choose a day of the stay, 2026-12-10 to 2026-12-17.' },
    ],
    [
      'the day after departure',
      transfer('2026-12-18', '10:00'),
      { date: 'Choose a day of the stay, 2026-12-10 to 2026-12-17.' },
    ],
    [
      'inside the notice',
      transfer('2026-12-10', '11:00'),
      {
        time: 'Airport transfers needs 24 hours’ notice: the last moment to add it for then was Wed 9 Dec, 11:00 India time. Choose a later time.',
      },
    ],
    [
      'a massage before the staff start',
      choose({ service: 'ayurvedic-massage', date: '2026-12-12', time: '07:00' }),
      { time: 'Choose a time within the staff’s hours, 08:00–20:00 India time.' },
    ],
    [
      'a massage after they stop',
      choose({ service: 'ayurvedic-massage', date: '2026-12-12', time: '20:30' }),
      { time: 'Choose a time within the staff’s hours, 08:00–20:00 India time.' },
    ],
    [
      'a boat trip running past their close',
      choose({ service: 'boat-trips', date: '2026-12-12', time: '17:00', quantity: 3 }),
      { time: '3 hours from 17:00 end after the staff’s hours close at 19:00.' },
    ],
    [
      'days of bikes running past the departure',
      choose({ service: 'rental-bikes', date: '2026-12-15', time: '09:00', quantity: 3 }),
      { date: '3 days from 2026-12-15 run past the departure on 2026-12-17.' },
    ],
    [
      'days of bikes ending at the departure',
      choose({ service: 'rental-bikes', date: '2026-12-15', time: '09:00', quantity: 2 }),
      {},
    ],
  ])('%s', (_name, choice, errors) => {
    expect(judgeServiceCutoffs(service(choice.service), choice, stay, now).errors).toEqual(errors);
  });

  it('says when the cut-offs fall', () => {
    const cutoffs = judgeServiceCutoffs(
      service('ayurvedic-massage'),
      choose({ service: 'ayurvedic-massage', date: '2026-12-12', time: '16:00' }),
      stay,
      now,
    );
    expect(cutoffs.addBy.toISOString()).toBe('2026-12-12T04:30:00.000Z');
    expect(cutoffs.freeCancellationUntil.toISOString()).toBe('2026-12-12T04:30:00.000Z');
  });
});

describe('refundServiceCancellation', () => {
  const massage = { freeCancellationHours: 6, lateCancellationRefundPercent: 0 };
  const bikes = { freeCancellationHours: 24, lateCancellationRefundPercent: 50 };
  const at = { date: '2026-12-12', time: '16:00' };
  it.each([
    [
      'a massage cancelled the day before',
      massage,
      '2026-12-11T16:00:00+05:30',
      { free: true, refundPence: 4_500 },
    ],
    [
      'a massage cancelled at its cut-off',
      massage,
      '2026-12-12T10:00:00+05:30',
      { free: true, refundPence: 4_500 },
    ],
    [
      'a massage cancelled a minute late',
      massage,
      '2026-12-12T10:01:00+05:30',
      { free: false, refundPence: 0 },
    ],
    [
      'bikes cancelled late, half back',
      bikes,
      '2026-12-12T10:00:00+05:30',
      { free: false, refundPence: 2_250 },
    ],
    ['bikes cancelled once started', bikes, '2026-12-12T16:00:00+05:30', { free: false, refundPence: 0 }],
  ])('%s', (_name, rule, now, expected) => {
    expect(refundServiceCancellation(rule, at, 4_500, new Date(now))).toMatchObject(expected);
  });
});
