import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as summaryFunction from '../../netlify/functions/admin-summary.mts';
import * as todayFunction from '../../netlify/functions/admin-today.mts';
import { summaryAnswerSchema } from '../../src/features/admin/collection-contract.ts';
import { type TodayAnswer, todayAnswerSchema } from '../../src/features/admin/today-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { countCollections } from '../../src/server/admin/admin-repository.ts';
import { selectPackReaders } from '../../src/server/booking/arrival-packs/arrival-pack-repository.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty, type RunQuery } from '../support/booking-scenario.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
import { admin as officeAdmin } from '../support/roles.ts';
import { asRole, ownerQuery } from '../support/sql.ts';

/**
 * The guests who wait for the office: their unread messages on the day (newest first, with the booking),
 * counted on the Bookings badge and found by the list's message filters, and the paid guests arriving
 * soon at a home with no arrival pack. The database is shared, so each test finds its own rows by id.
 */

let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

const get = (fn: Parameters<typeof invoke>[0], pathname: string) =>
  invoke(fn, adminRequest('GET', pathname, { cookie: admin.cookie }));

async function readToday(): Promise<TodayAnswer> {
  const response = await get(todayFunction, '/api/admin/today');
  expect(response.status, await response.clone().text()).toBe(200);
  return todayAnswerSchema.parse(await response.json());
}

async function bookingsWaiting(): Promise<number> {
  const response = await get(summaryFunction, '/api/admin/summary');
  expect(response.status).toBe(200);
  const { collections } = summaryAnswerSchema.parse(await response.json());
  return collections.find(({ name }) => name === 'booking-requests')?.waiting ?? Number.NaN;
}

const book = (fields: Parameters<typeof insertBooking>[1] = {}) =>
  insertBooking(ownerQuery, { property: madeUpProperty('waiting-villa'), ...fields });

/** A message on a booking, `secondsAhead` after now so the newest-first list puts this test's first. */
async function write(
  bookingId: string,
  author: 'guest' | 'office',
  body: string,
  { secondsAhead = 0, read = false } = {},
): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into booking_messages (booking_request_id, author, author_id, body, created_at, read_at)
     values ($1, $2, gen_random_uuid(), $3, now() + make_interval(secs => $4),
             case when $5 then now() end) returning id`,
    [bookingId, author, body, secondsAhead, read],
  );
  return String(row?.id);
}

async function listIds(params: string): Promise<string[]> {
  const response = await get(listFunction, `/api/admin/booking-requests?${params}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items.map(({ id }) => id);
}

describe('the guests’ unread messages on the office’s day', () => {
  it('lists them newest first with their booking, and leaves out what was read, the office’s and the trash', async () => {
    const booking = await book({ status: 'confirmed', name: 'Meera Waiting', arrival: '2090-03-01' });
    const trashed = await book({ status: 'confirmed', deletedAt: '2026-01-01T00:00:00Z' });
    const older = await write(booking.id, 'guest', 'Can we arrive at noon?', { secondsAhead: 3000 });
    const newer = await write(booking.id, 'guest', 'And is there a cot?', { secondsAhead: 3001 });
    const read = await write(booking.id, 'guest', 'Already read', { secondsAhead: 3002, read: true });
    const office = await write(booking.id, 'office', 'From the office', { secondsAhead: 3003 });
    const inTrash = await write(trashed.id, 'guest', 'On a deleted booking', { secondsAhead: 3004 });

    const { messages } = await readToday();
    const ids = messages.rows.map(({ id }) => id);
    expect(ids.indexOf(newer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older)).toBe(ids.indexOf(newer) + 1);
    for (const absent of [read, office, inTrash]) expect(ids).not.toContain(absent);
    expect(messages.count).toBeGreaterThanOrEqual(2);
    expect(messages.rows.find(({ id }) => id === newer)).toMatchObject({
      bookingId: booking.id,
      reference: booking.reference,
      guestName: 'Meera Waiting',
      status: 'confirmed',
      arrival: '2090-03-01',
      departure: '2090-03-08',
      preview: 'And is there a cot?',
    });
    const sent = messages.rows.map(({ sentAt }) => sentAt);
    expect(sent).toEqual([...sent].sort().reverse());
  });

  it('marks nothing read by listing them: only the office’s POST does', async () => {
    const booking = await book({ status: 'confirmed' });
    const message = await write(booking.id, 'guest', 'Still unread after the GET', { secondsAhead: 3100 });
    await readToday();
    await readToday();
    const [row] = await ownerQuery<{ read_at: Date | null }>(
      'select read_at from booking_messages where id = $1',
      [message],
    );
    expect(row?.read_at).toBeNull();
  });
});

describe('the Bookings badge', () => {
  it('answers the waiting count beside the new one', async () => {
    expect(Number.isInteger(await bookingsWaiting())).toBe(true);
  });

  it('counts a booking whose guest wrote what nobody read once however many messages, and a new request once', async () => {
    // One snapshot (repeatable read) sees this test's rows and no other file's, so the counts are exact.
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    const tx = { query: async (text: string, values?: unknown[]) => (await client.query(text, values)).rows };
    const waiting = async () => (await countCollections(tx as never)).get('booking-requests');
    const run: RunQuery = async (text, values) => (await client.query(text, values)).rows as never;
    const message = (id: string, read: boolean) =>
      client.query(
        `insert into booking_messages (booking_request_id, author, author_id, body, read_at)
         values ($1, 'guest', gen_random_uuid(), 'Hello', case when $2 then now() end)`,
        [id, read],
      );
    // Booking references come from one counter row that other files' inserts bump meanwhile, so this
    // snapshot's insert can be refused as a serialization failure (40001): the whole attempt is retried,
    // as any repeatable-read transaction must be.
    const attempt = async () => {
      await client.query('begin isolation level repeatable read');
      const before = await waiting();
      const property = madeUpProperty('badge-villa');
      const confirmed = await insertBooking(run, { property, status: 'confirmed' });
      await message(confirmed.id, false);
      await message(confirmed.id, false);
      const fresh = await insertBooking(run, { property, arrival: '2092-01-01' });
      await message(fresh.id, false);
      const read = await insertBooking(run, { property, status: 'confirmed', arrival: '2092-02-01' });
      await message(read.id, true);
      const after = await waiting();
      expect((after?.waiting ?? 0) - (before?.waiting ?? 0)).toBe(2);
      expect((after?.new ?? 0) - (before?.new ?? 0)).toBe(1);
      await client.query('update booking_messages set read_at = now() where booking_request_id = $1', [
        confirmed.id,
      ]);
      expect(((await waiting())?.waiting ?? 0) - (before?.waiting ?? 0)).toBe(1);
    };
    try {
      for (let tries = 1; ; tries++) {
        try {
          await attempt();
          break;
        } catch (error) {
          await client.query('rollback');
          if ((error as { code?: string }).code !== '40001' || tries === 5) throw error;
        }
      }
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

describe('the booking list’s message filters', () => {
  it('finds the bookings with unread messages, and those whose guest wrote last', async () => {
    const property = madeUpProperty('filter-villa');
    const unread = await book({ property, status: 'confirmed', arrival: '2091-01-01' });
    await write(unread.id, 'guest', 'Unread');
    const readNoReply = await book({ property, status: 'confirmed', arrival: '2091-02-01' });
    await write(readNoReply.id, 'guest', 'Read but not answered', { read: true });
    const replied = await book({ property, status: 'confirmed', arrival: '2091-03-01' });
    await write(replied.id, 'guest', 'Answered', { read: true });
    await write(replied.id, 'office', 'Our answer', { secondsAhead: 1 });
    const silent = await book({ property, status: 'confirmed', arrival: '2091-04-01' });

    const unreadIds = await listIds(`property=${property}&messages=unread`);
    expect(unreadIds).toEqual([unread.id]);
    const needsReply = await listIds(`property=${property}&messages=needs-reply&sort=arrival`);
    expect(needsReply).toEqual([unread.id, readNoReply.id]);
    const all = await listIds(`property=${property}`);
    expect(all).toHaveLength(4);
    expect(all).toContain(silent.id);
  });

  it('refuses a filter it does not know with the field named', async () => {
    const response = await get(listFunction, '/api/admin/booking-requests?messages=starred');
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.messages).toBe('Choose unread messages or needs reply');
    const forms = await get(listFunction, '/api/admin/contact-messages?messages=unread');
    expect(forms.status).toBe(422);
  });
});

describe('the paid guests waiting for an arrival pack', () => {
  it('names a paid booking arriving within 14 days at a home with no pack, and no other', async () => {
    const today = todayInKerala();
    const paidSoon = await book({ status: 'confirmed', arrival: addDays(today, 13), name: 'Paid Soon' });
    const unpaidSoon = await book({ status: 'confirmed', arrival: addDays(today, 3) });
    const paidLater = await book({ status: 'confirmed', arrival: addDays(today, 14) });
    const withPack = madeUpProperty('packed-villa');
    const paidWithPack = await book({ status: 'confirmed', arrival: addDays(today, 2), property: withPack });
    for (const { id } of [paidSoon, paidLater, paidWithPack]) {
      await recordOfficePayment(id, { kind: 'deposit', method: 'card' }, admin);
    }
    await ownerQuery(
      `insert into arrival_packs (property, address, latitude, longitude, directions_from_cok, directions_from_trv,
         check_in_steps, caretaker_phone, wifi_name, wifi_password, house_manual, updated_by)
       values ($1, 'An address', 8.3, 77.0, 'From COK', 'From TRV', 'Steps', '+91 98470 00000', 'wifi', 'secret',
         'Manual', gen_random_uuid())`,
      [withPack],
    );
    const { packsWaiting } = await readToday();
    const ids = packsWaiting.map(({ id }) => id);
    expect(ids).toContain(paidSoon.id);
    for (const absent of [unpaidSoon, paidLater, paidWithPack]) expect(ids).not.toContain(absent.id);
    expect(packsWaiting.find(({ id }) => id === paidSoon.id)).toMatchObject({
      reference: paidSoon.reference,
      guestName: 'Paid Soon',
      arrival: addDays(today, 13),
    });
  });
});

describe('the readers of a home’s arrival pack', () => {
  it('are the guests of its confirmed stays not yet over, soonest first, with whether it is released and emailed', async () => {
    const today = todayInKerala();
    const property = madeUpProperty('readers-villa');
    const paid = await book({
      property,
      status: 'confirmed',
      arrival: addDays(today, 20),
      name: 'Paid Reader',
    });
    const unpaid = await book({
      property,
      status: 'confirmed',
      arrival: addDays(today, 5),
      name: 'Unpaid Reader',
    });
    const over = await book({
      property,
      status: 'confirmed',
      arrival: addDays(today, -20),
      departure: addDays(today, -10),
    });
    const declined = await book({ property, status: 'declined', arrival: addDays(today, 40) });
    await recordOfficePayment(paid.id, { kind: 'deposit', method: 'card' }, admin);
    await ownerQuery('insert into arrival_pack_emails (booking_request_id) values ($1)', [paid.id]);
    // As the office: the dashboard's view shows bookings to admins only.
    const readers = await asRole('authenticated', officeAdmin.claims, (client) => {
      const tx = {
        query: async (text: string, values?: unknown[]) => (await client.query(text, values)).rows,
      };
      return selectPackReaders(tx as never, today, 10);
    });
    const mine = readers.filter((reader) => reader.property === property);
    expect(mine.map(({ bookingId }) => bookingId)).toEqual([unpaid.id, paid.id]);
    expect(mine.map(({ bookingId }) => bookingId)).not.toContain(over.id);
    expect(mine.map(({ bookingId }) => bookingId)).not.toContain(declined.id);
    expect(mine[0]).toMatchObject({ guestName: 'Unpaid Reader', released: false, emailed: false });
    expect(mine[1]).toMatchObject({ guestName: 'Paid Reader', released: true, emailed: true });
  });
});
