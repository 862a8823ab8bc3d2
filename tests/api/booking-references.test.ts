import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import { bookingReferencePattern } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { bookingColumns, bookingInsert, insertBooking } from '../support/booking-scenario.ts';
import { readCsv } from '../support/csv.ts';
import { asRole, insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * Booking references (`KV-2027-480213`) are assigned by the database as a request is stored
 * (migrations 20261124000100 and 20261125000500). Each test that compares numbers works in a year of
 * its own, far ahead, so the requests of other files (stored this year) never mix with its own.
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

  it('carries the year the request was made in Kerala, and six digits', async () => {
    const year = aYearOfItsOwn();
    // 23:59:59 on 31 December in Kerala is 18:29:59 UTC; a second later it is the new year there.
    const lastSecond = `${year}-12-31T18:29:59Z`;
    const firstSecond = `${year}-12-31T18:30:00Z`;
    const oldYear = await referenceOf(await insertBookingRequest({ createdAt: lastSecond }));
    const newYear = await referenceOf(await insertBookingRequest({ createdAt: firstSecond }));
    expect(todayInKerala(new Date(lastSecond))).toBe(`${year}-12-31`);
    expect(todayInKerala(new Date(firstSecond))).toBe(`${year + 1}-01-01`);
    expect(oldYear).toMatch(new RegExp(`^KV-${year}-[1-9][0-9]{5}$`));
    expect(newYear).toMatch(new RegExp(`^KV-${year + 1}-[1-9][0-9]{5}$`));
  });

  it('tells a guest nothing of how many requests came before or between theirs', async () => {
    const year = aYearOfItsOwn();
    const numbers: number[] = [];
    for (let day = 1; day <= 20; day++) {
      const createdAt = `${year}-03-${String(day).padStart(2, '0')}T06:00:00Z`;
      numbers.push(numberOf(await referenceOf(await insertBookingRequest({ createdAt }))));
    }
    const steps = numbers.slice(1).map((number, index) => number - (numbers[index] as number));
    // Counted numbers rise by one each time; these neither rise steadily nor keep one step.
    expect(steps.every((step) => step > 0)).toBe(false);
    expect(new Set(steps).size).toBeGreaterThan(15);
    // Neither is the first request of a year a small number.
    expect(numbers[0]).toBeGreaterThanOrEqual(100000);
  });

  it('is unique under 50 inserts at once, each on its own connection', async () => {
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
            ...bookingInsert(
              bookingColumns({
                name: 'Race Guest',
                email: 'race@example.com',
                property: 'race-villa',
                createdAt: `${year}-03-01T06:00:00Z`,
              }),
              'reference',
            ),
          );
          return rows[0]?.reference as string;
        }),
      );
      expect(new Set(references).size).toBe(50);
      for (const reference of references) expect(reference).toMatch(bookingReferencePattern);
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

    const later = [];
    for (const month of ['04', '05', '06', '07', '08']) {
      later.push(await referenceOf(await insertBookingRequest({ createdAt: at(month) })));
    }
    const all = [await referenceOf(kept), deletedReference, trashedReference, ...later];
    expect(new Set(all).size).toBe(all.length);
  });

  it('is the database’s to give and never changes', async () => {
    const id = await insertBookingRequest();
    const reference = await referenceOf(id);
    await expect(
      ownerQuery(`update booking_requests set reference = 'KV-2000-9999' where id = $1`, [id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'booking_requests_reference_kept' });
    // A reference an insert names is replaced by the next one.
    const chosen = await insertBooking(ownerQuery, {
      name: 'Chooser',
      email: 'c@example.com',
      property: 'chosen-villa',
      reference,
    });
    expect(chosen?.reference).not.toBe(reference);
    expect(chosen?.reference).toMatch(bookingReferencePattern);
  });

  it('keeps its counter and its key from every API role, the server’s own included', async () => {
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      for (const table of ['booking_reference_counters', 'booking_reference_key']) {
        await expect(
          asRole(role, { role }, (db) => db.query(`select * from app_private.${table}`)),
          `${role} reading ${table}`,
        ).rejects.toThrow(/permission denied/);
      }
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
    const rows = readCsv(await csv.text());
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('Reference');
    expect(rows[1]?.[0]).toBe(reference);
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
