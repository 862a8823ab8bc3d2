import { beforeAll, describe, expect, it } from 'vitest';
import * as cancellation from '../../netlify/functions/account-booking-service-cancellation.mts';
import * as services from '../../netlify/functions/account-booking-services.mts';
import * as confirmation from '../../netlify/functions/admin-booking-service.mts';
import * as servicesToday from '../../netlify/functions/admin-services-today.mts';
import { bookingServiceStatuses } from '../../src/features/booking/booking-service-contract.ts';
import {
  accountServiceCancellationRoute,
  accountServicesRoute,
  adminServiceConfirmationRoute,
  apiRoutes,
} from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { accountIdOf, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The concierge's services on a booking, through the functions against the real database: a guest
 * adds one to their own stay (priced by the content's price, stored once per Idempotency-Key), is
 * refused field by field in words, cancels before the cut-off; the office confirms one on request
 * with its price and the guest is emailed; Today lists the day's by time.
 */

let guest: Guest & { cookie: string };
let other: Guest & { cookie: string };
let office: Admin;
let booking = { id: '', reference: '' };
// A real home (services are offered by home) in a year no other test books.
const stay = { property: 'kovalam-cliff-villa', arrival: '2093-03-10', departure: '2093-03-17' };

const send = (
  fn: typeof services,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
  key?: string,
) => {
  const request = adminRequest(method, url, { cookie, body });
  if (key) request.headers.set('idempotency-key', key);
  return invoke(fn, request);
};

const transfer = {
  service: 'airport-transfers',
  date: stay.arrival,
  time: '14:30',
  options: { airport: 'cok', car: 'suv' },
  flight: 'EK 532',
};

const storedOf = (id: string) =>
  ownerQuery<{ service: string; status: string; price_pence: number | null }>(
    'select service, status, price_pence from booking_services where booking_request_id = $1 order by created_at',
    [id],
  );

beforeAll(async () => {
  [guest, other, office] = [await signedInGuest(), await signedInGuest(), await signedInAdmin()];
  booking = await insertBooking(ownerQuery, {
    userId: await accountIdOf(guest.email),
    name: guest.name,
    email: guest.email,
    ...stay,
    guests: 4,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
});

describe('a guest adding services to their own booking', () => {
  it('is offered what its home offers, priced as the content prices it', async () => {
    const response = await send(services, 'GET', accountServicesRoute(booking.id), guest.cookie);
    expect(response.status).toBe(200);
    const answer = await response.json();
    const offered = answer.offered.map((service: { id: string }) => service.id);
    expect(offered).toContain('airport-transfers');
    // Boat trips are offered on the backwaters, not on Kovalam's cliff.
    expect(offered).not.toContain('boat-trips');
    expect(answer).toMatchObject({ open: true, booked: [], stay: { ...stay, guests: 4 } });
  });

  it('adds an airport transfer once, however often the click is sent', async () => {
    const [first, second] = await Promise.all([
      send(services, 'POST', accountServicesRoute(booking.id), guest.cookie, transfer, 'transfer-key-1'),
      send(services, 'POST', accountServicesRoute(booking.id), guest.cookie, transfer, 'transfer-key-1'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await storedOf(booking.id)).toEqual([
      { service: 'airport-transfers', status: 'requested', price_pence: 5_500 },
    ]);
    const answer = await second.json();
    expect(answer.booked).toMatchObject([
      {
        name: 'Airport transfers',
        chosen: ['Airport: Kochi (COK)', 'Car: SUV (up to 6, 5 cases)'],
        flight: 'EK 532',
        pricePence: 5_500,
        status: 'requested',
        cancellable: true,
      },
    ]);
  });

  it.each([
    [
      'a day outside the stay',
      { ...transfer, date: '2093-03-20' },
      'date',
      'Choose a day of the stay, 2093-03-10 to 2093-03-17.',
    ],
    [
      'a time outside the staff’s hours',
      {
        service: 'ayurvedic-massage',
        date: '2093-03-12',
        time: '07:00',
        options: { treatment: 'abhyanga', where: 'villa' },
      },
      'time',
      'Choose a time within the staff’s hours, 08:00–20:00 India time.',
    ],
    [
      'an option the service lacks',
      { ...transfer, options: { airport: 'bom', car: 'suv' } },
      'options.airport',
      'Airport transfers has no airport “bom”: choose Kochi (COK), Thiruvananthapuram (TRV).',
    ],
    [
      'a home that does not offer it',
      { service: 'boat-trips', date: '2093-03-12', time: '09:00', options: { boat: 'shikara' } },
      'service',
      'Boat trips is not offered at this home.',
    ],
    [
      'a transfer without its flight',
      { ...transfer, flight: undefined },
      'flight',
      'Give the flight number, e.g. EK 532, so the driver can follow it.',
    ],
    [
      'no such service',
      { ...transfer, service: 'helicopter' },
      'service',
      'Choose one of the services on the list.',
    ],
    ['a malformed day', { ...transfer, date: '10/03/2093' }, 'date', 'choose a day, written YYYY-MM-DD'],
  ])(
    'refuses %s with 422 naming the field in words, storing nothing',
    async (_name, body, field, message) => {
      const before = (await storedOf(booking.id)).length;
      const response = await send(
        services,
        'POST',
        accountServicesRoute(booking.id),
        guest.cookie,
        body,
        `bad-${field.replace('.', '-')}-${Math.random().toString(36).slice(2)}`,
      );
      expect(response.status).toBe(422);
      expect((await response.json()).error.fields[field]).toBe(message);
      expect(await storedOf(booking.id)).toHaveLength(before);
    },
  );

  it('refuses an add without an Idempotency-Key', async () => {
    const response = await send(services, 'POST', accountServicesRoute(booking.id), guest.cookie, transfer);
    expect(response.status).toBe(400);
  });

  it('shows another guest nothing, and lets them add nothing', async () => {
    expect((await send(services, 'GET', accountServicesRoute(booking.id), other.cookie)).status).toBe(404);
    const response = await send(
      services,
      'POST',
      accountServicesRoute(booking.id),
      other.cookie,
      transfer,
      'other-key-1',
    );
    expect(response.status).toBe(404);
  });

  it('cancels a service before its cut-off', async () => {
    const massage = {
      service: 'ayurvedic-massage',
      date: '2093-03-12',
      time: '16:00',
      quantity: 2,
      options: { treatment: 'abhyanga', where: 'centre' },
    };
    const added = await (
      await send(services, 'POST', accountServicesRoute(booking.id), guest.cookie, massage, 'massage-key-1')
    ).json();
    const row = added.booked.find((service: { service: string }) => service.service === 'ayurvedic-massage');
    expect(row).toMatchObject({ pricePence: 9_000, cancellable: true });
    expect(row.cancelWords).toMatch(/^Free to cancel until Thu 12 Mar, 10:00 India time/);
    const response = await send(
      cancellation,
      'POST',
      accountServiceCancellationRoute(booking.id, row.id),
      guest.cookie,
    );
    expect(response.status).toBe(200);
    const after = (await response.json()).booked.find((service: { id: string }) => service.id === row.id);
    expect(after).toMatchObject({ status: 'cancelled', words: 'Cancelled.', cancellable: false });
    // Cancelled stays cancelled: a second cancel is refused.
    const again = await send(
      cancellation,
      'POST',
      accountServiceCancellationRoute(booking.id, row.id),
      guest.cookie,
    );
    expect(again.status).toBe(409);
  });
});

describe('the office and the booked services', () => {
  it('confirms one on request only with its price, and the guest is emailed', async () => {
    const cruise = { service: 'cruises', date: '2093-03-14', time: '09:00' };
    const added = await (
      await send(services, 'POST', accountServicesRoute(booking.id), guest.cookie, cruise, 'cruise-key-1')
    ).json();
    const row = added.booked.find((service: { service: string }) => service.service === 'cruises');
    expect(row).toMatchObject({ status: 'awaiting_price', pricePence: null });
    expect(row.words).toBe(
      'Asked for: the office will tell you its price by email before anything is arranged.',
    );

    const unpriced = await send(
      confirmation,
      'POST',
      adminServiceConfirmationRoute(row.id),
      office.cookie,
      {},
    );
    expect(unpriced.status).toBe(422);
    expect((await unpriced.json()).error.fields.pricePence).toMatch(/Give the price/);

    const byGuest = await send(confirmation, 'POST', adminServiceConfirmationRoute(row.id), guest.cookie, {
      pricePence: 1,
    });
    expect(byGuest.status).toBe(403);

    const priced = await send(confirmation, 'POST', adminServiceConfirmationRoute(row.id), office.cookie, {
      pricePence: 32_000,
    });
    expect(priced.status).toBe(200);
    expect(await priced.json()).toMatchObject({
      status: 'confirmed',
      pricePence: 32_000,
      words: 'Confirmed, £320 to pay.',
    });
    const emails = await ownerQuery<{ recipient: string; subject: string; body: string }>(
      `select recipient, subject, body from email_outbox where booking_request_id = $1 and kind = 'service_confirmed'`,
      [booking.id],
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(`Confirmed: Cruises on 2093-03-14 (${booking.reference})`);
    expect(emails[0]?.body).toContain('£320');
  });

  it('sees today’s and tomorrow’s services on Today, by time, with guest and home', async () => {
    const today = todayInKerala();
    const here = await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      name: 'Asha Today',
      property: madeUpProperty('services-today-villa'),
      arrival: addDays(today, -1),
      departure: addDays(today, 3),
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const owner = await accountIdOf(guest.email);
    const add = (date: string, time: string, name: string) =>
      ownerQuery(
        `insert into booking_services (booking_request_id, service, service_name, starts_at, service_date, service_time,
           quantity, price_pence, free_cancellation_until, late_refund_percent, status, request_key, created_by, flight)
         values ($1, 'airport-transfers', $4, ($2 || 'T' || $3 || ':00+05:30')::timestamptz, $2::date, $3, 1, 4000,
           ($2 || 'T' || $3 || ':00+05:30')::timestamptz, 0, 'confirmed', $5, $6, 'AI 933')`,
        [here.id, date, time, name, `today-${Math.random().toString(36).slice(2)}`, owner],
      );
    await add(addDays(today, 1), '06:15', 'Airport transfers');
    await add(today, '21:40', 'Airport transfers');
    await add(addDays(today, 2), '10:00', 'Airport transfers');
    const response = await invoke(
      servicesToday,
      adminRequest('GET', apiRoutes.adminServicesToday, { cookie: office.cookie }),
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    const mine = answer.services.filter((service: { bookingId: string }) => service.bookingId === here.id);
    expect(mine.map((service: { date: string; time: string }) => `${service.date} ${service.time}`)).toEqual([
      `${today} 21:40`,
      `${addDays(today, 1)} 06:15`,
    ]);
    expect(mine[0]).toMatchObject({ guestName: 'Asha Today', flight: 'AI 933', reference: here.reference });
    const byGuest = await invoke(
      servicesToday,
      adminRequest('GET', apiRoutes.adminServicesToday, { cookie: guest.cookie }),
    );
    expect(byGuest.status).toBe(403);
  });
});

describe('a stay that ends before it starts', () => {
  it('cancels the services still on, and none other', async () => {
    const ending = await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      name: guest.name,
      email: guest.email,
      property: 'kovalam-cliff-villa',
      arrival: '2093-05-10',
      departure: '2093-05-17',
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const add = (key: string) =>
      send(
        services,
        'POST',
        accountServicesRoute(ending.id),
        guest.cookie,
        { ...transfer, date: '2093-05-10' },
        key,
      );
    expect((await add('ending-key-1')).status).toBe(201);
    expect((await add('ending-key-2')).status).toBe(201);
    const [second] = await ownerQuery<{ id: string }>(
      `select id from booking_services where booking_request_id = $1 and request_key = 'ending-key-2'`,
      [ending.id],
    );
    await ownerQuery(`update booking_services set status = 'cancelled' where id = $1`, [second?.id]);
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [ending.id]);
    expect((await storedOf(ending.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    const answer = await (await send(services, 'GET', accountServicesRoute(ending.id), guest.cookie)).json();
    expect(answer.open).toBe(false);
    expect((await add('ending-key-3')).status).toBe(409);
  });
});

describe('the statuses of a booked service', () => {
  it('are the same list in the code and the database', async () => {
    const [check] = await ownerQuery<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.booking_services'::regclass and conname = 'booking_services_status_check'`,
      [],
    );
    const listed = [...(check?.definition ?? '').matchAll(/'([^']+)'::text/g)]
      .map((match) => match[1])
      .sort();
    expect(listed).toEqual([...bookingServiceStatuses].sort());
  });
});
