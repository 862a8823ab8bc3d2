import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import { bookingReferencePattern } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { asRole, insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * Booking references (`KV-2027-0042`) are assigned by the database as a request is stored (migration
 * 20261124000100). Each test that counts numbers works in a year of its own, far ahead, so the
 * counters of other files (which store requests this year) never mix with its own.
 */

const referenceOf = async (id: string) =>
  (await ownerQuery<{ reference: string }>('select reference from booking_requests where id = $1', [id]))[0]
    ?.reference as string;

const numberOf = (reference: string) => Number(reference.split('-')[2]);

/** A year of this run's own: no other test stores requests in it. */
const aYearOfItsOwn = () => 3000 + Math.floor(Math.random() * 6000);

describe('the reference a booking request is given', () => {
  it('has the format of the booking contract, which the database checks too', async () => {
    const [row] = await ownerQuery<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.booking_requests'::regclass and conname = 'booking_requests_reference_format'`,
    );
    const databasePattern = /~ '(.*)'::text/.exec(row?.definition ?? '')?.[1];
    expect(databasePattern).toBe(bookingReferencePattern.source);
    expect(await referenceOf(await insertBookingRequest())).toMatch(bookingReferencePattern);
  });

  it('counts from 1 in each year, with the year the request was made in Kerala', async () => {
    const year = aYearOfItsOwn();
    // 23:59:59 on 31 December in Kerala is 18:29:59 UTC; a second later it is the new year there.
    const lastSecond = `${year}-12-31T18:29:59Z`;
    const firstSecond = `${year}-12-31T18:30:00Z`;
    const first = await referenceOf(await insertBookingRequest({ createdAt: lastSecond }));
    const second = await referenceOf(await insertBookingRequest({ createdAt: `${year}-06-01T12:00:00Z` }));
    const newYear = await referenceOf(await insertBookingRequest({ createdAt: firstSecond }));
    expect(todayInKerala(new Date(lastSecond))).toBe(`${year}-12-31`);
    expect(todayInKerala(new Date(firstSecond))).toBe(`${year + 1}-01-01`);
    expect([first, second, newYear]).toEqual([`KV-${year}-0001`, `KV-${year}-0002`, `KV-${year + 1}-0001`]);
  });

  it('is unique and gapless under 50 inserts at once, each on its own connection', async () => {
    const year = aYearOfItsOwn();
    const clients = Array.from(
      { length: 50 },
      () => new pg.Client({ connectionString: inject('databaseUrl') }),
    );
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const references = await Promise.all(
        clients.map(async (client) => {
          const { rows } = await client.query<{ reference: string }>(
            `insert into booking_requests (user_id, name, email, phone, city, property, arrival, departure,
               guests, nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence,
               balance_pence, balance_due_date, created_at)
             values (gen_random_uuid(), 'Race Guest', 'race@example.com', '+44 7700 900123', 'Kochi',
               'race-villa', '2090-01-10', '2090-01-17', 4, 7, 70000, 70000, 0, 70000, 17500, 52500,
               '2089-11-26', $1)
             returning reference`,
            [`${year}-03-01T06:00:00Z`],
          );
          return rows[0]?.reference as string;
        }),
      );
      expect(new Set(references).size).toBe(50);
      expect(references.map(numberOf).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, n) => n + 1),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('is never given again after its request is deleted or purged from the trash', async () => {
    const year = aYearOfItsOwn();
    const at = (month: string) => `${year}-${month}-01T06:00:00Z`;
    const kept = await insertBookingRequest({ createdAt: at('01') });
    const deleted = await insertBookingRequest({ createdAt: at('02') });
    const deletedReference = await referenceOf(deleted);
    await ownerQuery('delete from booking_requests where id = $1', [deleted]);
    const trashed = await insertBookingRequest({ createdAt: at('03'), deletedAt: '2000-01-01T00:00:00Z' });
    const trashedReference = await referenceOf(trashed);
    await ownerQuery('select * from app_private.purge_trash()');
    expect(await ownerQuery('select id from booking_requests where id = $1', [trashed])).toEqual([]);

    const next = await referenceOf(await insertBookingRequest({ createdAt: at('04') }));
    expect([await referenceOf(kept), deletedReference, trashedReference, next]).toEqual([
      `KV-${year}-0001`,
      `KV-${year}-0002`,
      `KV-${year}-0003`,
      `KV-${year}-0004`,
    ]);
  });

  it('is the database’s to give and never changes', async () => {
    const id = await insertBookingRequest();
    const reference = await referenceOf(id);
    await expect(
      ownerQuery(`update booking_requests set reference = 'KV-2000-9999' where id = $1`, [id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'booking_requests_reference_kept' });
    // A reference an insert names is replaced by the next one.
    const [chosen] = await ownerQuery<{ reference: string }>(
      `insert into booking_requests (user_id, name, email, phone, city, property, arrival, departure, guests,
         nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence,
         balance_due_date, reference)
       values (gen_random_uuid(), 'Chooser', 'c@example.com', '+44 7700 900123', 'Kochi', 'chosen-villa',
         '2090-01-10', '2090-01-17', 4, 7, 70000, 70000, 0, 70000, 17500, 52500, '2089-11-26', $1)
       returning reference`,
      [reference],
    );
    expect(chosen?.reference).not.toBe(reference);
    expect(chosen?.reference).toMatch(bookingReferencePattern);
  });

  it('keeps its counter from every API role, the server’s own included', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      await expect(
        asRole(role, { role }, (db) => db.query('select * from app_private.booking_reference_counters')),
        role,
      ).rejects.toThrow(/permission denied/);
    }
  });
});

describe('a booking reference on the dashboard', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await signedInAdmin();
  });
  const get = (fn: Parameters<typeof invoke>[0], pathname: string) =>
    invoke(fn, adminRequest('GET', pathname, { cookie: admin.cookie }));

  it('is listed, shown on the detail and exported, and finds its request in any case', async () => {
    const id = await insertBookingRequest();
    await insertBookingRequest();
    const reference = await referenceOf(id);
    for (const typed of [reference, reference.toLowerCase(), `  ${reference.toLowerCase()} `]) {
      const response = await get(
        listFunction,
        `/api/admin/booking-requests?${new URLSearchParams({ q: typed })}`,
      );
      expect(response.status).toBe(200);
      const { items } = (await response.json()) as { items: { id: string; reference: string }[] };
      expect(items.map((item) => [item.id, item.reference])).toEqual([[id, reference]]);
    }

    const detail = await get(itemFunction, `/api/admin/booking-requests/${id}`);
    expect(((await detail.json()) as { item: { reference: string } }).item.reference).toBe(reference);

    const csv = await get(
      csvFunction,
      `/api/admin/booking-requests.csv?${new URLSearchParams({ q: reference })}`,
    );
    expect(csv.status).toBe(200);
    // text() drops the byte order mark the export starts with.
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.startsWith('Reference,')).toBe(true);
    expect(lines[1]?.startsWith(`${reference},`)).toBe(true);
  });

  it('finds nothing for a reference nobody has, nor for part of one', async () => {
    const reference = await referenceOf(await insertBookingRequest());
    for (const q of ['KV-1999-0001', reference.slice(0, -1)]) {
      const response = await get(listFunction, `/api/admin/booking-requests?${new URLSearchParams({ q })}`);
      expect(((await response.json()) as { items: unknown[] }).items, q).toEqual([]);
    }
  });

  it('opens nothing: the API names a request by its id, never by its reference', async () => {
    const reference = await referenceOf(await insertBookingRequest());
    const response = await get(itemFunction, `/api/admin/booking-requests/${reference}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
