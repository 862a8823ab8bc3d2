import { beforeAll, describe, expect, it } from 'vitest';
import * as balancesFunction from '../../netlify/functions/admin-balances-due.mts';
import * as reminderFunction from '../../netlify/functions/admin-booking-reminder.mts';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as answeredFunction from '../../netlify/functions/admin-collection-item-answered.mts';
import * as summaryFunction from '../../netlify/functions/admin-summary.mts';
import type { SummaryAnswer } from '../../src/features/admin/collection-contract.ts';
import type {
  BalanceReminderAnswer,
  BalancesDueAnswer,
} from '../../src/features/payment/payment-ledger-contract.ts';
import { adminBalanceReminderRoute, adminItemAnsweredRoute, apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { readCsv } from '../support/csv.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
import { asRole, insertBookingRequest as insertBooking, ownerQuery } from '../support/sql.ts';

/**
 * The office's rows (#28 item 5): arrival presets, searching by part of a reference, balances in the
 * order they are chased, reminders sent by hand and form rows marked answered. Every test marks its
 * rows with a word or a property of its own, since the database is shared with other test files.
 */

type Item = Record<string, unknown> & { id: string };
type Page = { items: Item[]; nextCursor: string | null };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

const uniqueWord = () => `zq${crypto.randomUUID().slice(0, 8)}`;
const uniqueProperty = () => `test-villa-${crypto.randomUUID().slice(0, 8)}`;

const get = (fn: Parameters<typeof invoke>[0], pathname: string) =>
  invoke(fn, adminRequest('GET', pathname, { cookie: admin.cookie }));

async function listIds(collection: string, params: Record<string, string>): Promise<string[]> {
  const response = await get(listFunction, `/api/admin/${collection}?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as Page).items.map((item) => item.id);
}

describe('the arrival presets of the booking list', () => {
  it('lists the stays arriving today, this week or in the next 30 days, on Kerala’s calendar', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    const today = todayInKerala();
    const arriving = async (days: number) =>
      insertBooking({ name: `Lakshmi ${word}`, property, arrival: addDays(today, days) });
    const yesterday = await arriving(-1);
    const onToday = await arriving(0);
    const lastOfWeek = await arriving(6);
    const nextWeek = await arriving(7);
    const lastOfMonth = await arriving(29);
    const later = await arriving(30);
    const ids = (arrivingIn: string) =>
      listIds('booking-requests', { q: word, arriving: arrivingIn, sort: 'arrival' });

    expect(await ids('today')).toEqual([onToday]);
    expect(await ids('week')).toEqual([onToday, lastOfWeek]);
    expect(await ids('next-30-days')).toEqual([onToday, lastOfWeek, nextWeek, lastOfMonth]);
    expect(await listIds('booking-requests', { q: word, sort: 'arrival' })).toEqual([
      yesterday,
      onToday,
      lastOfWeek,
      nextWeek,
      lastOfMonth,
      later,
    ]);
  });

  it('combines with the status and property filters, and chooses a CSV’s rows too', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    const today = todayInKerala();
    const confirmed = await insertBooking({ name: word, property, arrival: today, status: 'confirmed' });
    await insertBooking({ name: word, property, arrival: today });
    await insertBooking({ name: word, property: uniqueProperty(), arrival: today, status: 'confirmed' });
    await insertBooking({ name: word, property, arrival: addDays(today, 8), status: 'confirmed' });

    expect(
      await listIds('booking-requests', { q: word, arriving: 'week', status: 'confirmed', property }),
    ).toEqual([confirmed]);
    const response = await get(
      csvFunction,
      `/api/admin/booking-requests.csv?${new URLSearchParams({ q: word, arriving: 'today', property })}`,
    );
    expect(response.status).toBe(200);
    const rows = readCsv(await response.text());
    expect(rows.length - 1).toBe(2);
  });

  it.each([
    ['an unknown preset', 'booking-requests', 'tomorrow'],
    ['a preset on a list without arrivals', 'contact-messages', 'today'],
  ])('refuses %s with 422 naming the field', async (_case, collection, preset) => {
    const response = await get(listFunction, `/api/admin/${collection}?arriving=${preset}`);
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.arriving).toEqual(expect.any(String));
  });
});

describe('searching by part of a reference', () => {
  it('finds KV-2026-0016 by "0016", by "2026-00" and by the whole reference in any case', async () => {
    const word = uniqueWord();
    const id = await insertBooking({
      name: `Arjun ${word}`,
      property: uniqueProperty(),
      arrival: '2096-01-10',
    });
    await insertBooking({ name: `Arjun ${word}`, property: uniqueProperty(), arrival: '2096-01-11' });
    const [row] = await ownerQuery<{ reference: string }>(
      'select reference from public.booking_requests where id = $1',
      [id],
    );
    const reference = row?.reference as string;
    const number = reference.split('-').at(-1) as string;
    const ids = (q: string) => listIds('booking-requests', { q });

    // The word narrows the shared table to this test's two rows; the part of the reference picks one.
    expect(await ids(`${word} ${number}`)).toEqual([id]);
    expect(await ids(`${word} ${reference.slice(3, 10).toLowerCase()}`)).toContain(id);
    expect(await ids(reference.toLowerCase())).toEqual([id]);
  });
});

describe('sending a balance reminder by hand', () => {
  /** A confirmed stay of a made-up property, 90 days out, with `receivedPence` of it paid. */
  async function confirmedStay(receivedPence = 0): Promise<{ id: string; email: string }> {
    const email = `reminded+${crypto.randomUUID()}@example.com`;
    const { id } = await insertScenario(ownerQuery, {
      name: 'Reminded Guest',
      email,
      property: madeUpProperty('reminder-villa'),
      arrival: addDays(todayInKerala(), 90),
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    if (receivedPence > 0) {
      await recordOfficePayment(id, { kind: 'deposit', amountPence: receivedPence, method: 'cash' }, admin);
    }
    return { id, email };
  }

  const press = (id: string, method: 'GET' | 'POST' = 'POST') =>
    invoke(reminderFunction, adminRequest(method, adminBalanceReminderRoute(id), { cookie: admin.cookie }));

  const remindersOf = (id: string) =>
    ownerQuery<{ recipient: string; subject: string; body: string }>(
      `select recipient, subject, body from email_outbox where booking_request_id = $1 and kind = 'balance_reminder'`,
      [id],
    );

  it('queues the guest’s balance reminder with what is outstanding and shows when it went', async () => {
    const { id, email } = await confirmedStay(10_000);
    const before = (await (await press(id, 'GET')).json()) as BalanceReminderAnswer;
    expect(before).toEqual({ queued: false, lastReminderAt: null });

    const response = await press(id);
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as BalanceReminderAnswer;
    expect(answer).toEqual({ queued: true, lastReminderAt: expect.any(String) });
    const [reminder, ...more] = await remindersOf(id);
    expect(more).toEqual([]);
    expect(reminder?.recipient).toBe(email);
    expect(reminder?.subject).toMatch(/^Balance due /);
    const [booking] = await ownerQuery<{ total_pence: number; reference: string }>(
      'select total_pence, reference from booking_requests where id = $1',
      [id],
    );
    expect(reminder?.body).toContain(`Amount due: ${formatPence((booking?.total_pence ?? 0) - 10_000)}`);
    expect(reminder?.body).toContain(`Reference: ${booking?.reference}`);

    expect(await (await press(id, 'GET')).json()).toEqual({
      queued: false,
      lastReminderAt: answer.lastReminderAt,
    });
    const balances = (await (
      await invoke(
        balancesFunction,
        adminRequest('GET', apiRoutes.adminBalancesDue, { cookie: admin.cookie }),
      )
    ).json()) as BalancesDueAnswer;
    expect(balances.balances.find((balance) => balance.id === id)?.lastReminderAt).toBe(
      answer.lastReminderAt,
    );
  });

  it('stores one reminder for a double click, the second press answering the first', async () => {
    const { id } = await confirmedStay();
    const [first, second] = await Promise.all([press(id), press(id)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const answers = [
      (await first.json()) as BalanceReminderAnswer,
      (await second.json()) as BalanceReminderAnswer,
    ];
    expect(answers.filter((answer) => answer.queued)).toHaveLength(1);
    expect(answers[0]?.lastReminderAt).toBe(answers[1]?.lastReminderAt);
    expect(await remindersOf(id)).toHaveLength(1);
  });

  it('refuses a booking paid in full, one not confirmed and one in the trash with 409, and queues nothing', async () => {
    const paid = await confirmedStay();
    await recordOfficePayment(paid.id, { kind: 'balance', amountPence: 'total', method: 'cash' }, admin);
    const fresh = await insertBooking({ property: uniqueProperty(), arrival: addDays(todayInKerala(), 80) });
    const trashed = await confirmedStay();
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [trashed.id]);
    for (const id of [paid.id, fresh, trashed.id]) {
      const response = await press(id);
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.code).toBe('conflict');
      expect(await remindersOf(id)).toEqual([]);
    }
  });

  it('answers 404 for no such booking and for a malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const response = await press(id);
      expect(response.status).toBe(404);
    }
  });
});

describe('form rows marked answered', () => {
  const mark = (collection: string, id: string, method: 'PUT' | 'DELETE') =>
    invoke(
      answeredFunction,
      adminRequest(method, adminItemAnsweredRoute(collection, id), { cookie: admin.cookie }),
    );

  async function insertRow(table: string, word: string): Promise<string> {
    const [row] = await ownerQuery<{ id: string }>(
      table === 'career_applications'
        ? `insert into career_applications (name, email, phone, qualification, position)
           values ($1, 'applicant@example.com', '+91 94470 11111', 'B.Arch', 'architect') returning id`
        : `insert into ${table} (name, email, phone, message)
           values ($1, 'asker@example.com', '+91 94470 22222', 'Is the pool heated?') returning id`,
      [`Nisha ${word}`],
    );
    return row?.id as string;
  }

  const newCount = async (collection: string) => {
    const response = await get(summaryFunction, apiRoutes.adminSummary);
    const { collections } = (await response.json()) as SummaryAnswer;
    return collections.find((entry) => entry.name === collection)?.new;
  };

  it.each([
    ['contact-messages', 'contact_messages'],
    ['partner-enquiries', 'partner_enquiries'],
    ['career-applications', 'career_applications'],
  ])('marks a row of %s answered by the admin, and back, shown in the list', async (collection, table) => {
    const word = uniqueWord();
    const id = await insertRow(table, word);
    const listed = async () => {
      const response = await get(listFunction, `/api/admin/${collection}?q=${word}`);
      return ((await response.json()) as Page).items[0];
    };
    expect(await listed()).toMatchObject({ id, isNew: true, answeredAt: null, answeredByEmail: null });

    const answered = await mark(collection, id, 'PUT');
    expect(answered.status, await answered.clone().text()).toBe(200);
    const { item } = (await answered.json()) as { item: Item };
    expect(item).toMatchObject({
      id,
      isNew: false,
      answeredAt: expect.any(String),
      answeredByEmail: admin.email,
    });
    const [stored] = await ownerQuery<{ answered_by: string }>(
      `select answered_by from ${table} where id = $1`,
      [id],
    );
    expect(stored?.answered_by).toBe(admin.id);
    expect(await listed()).toMatchObject({ id, isNew: false, answeredAt: item.answeredAt });

    // Again keeps the first time.
    const again = (await (await mark(collection, id, 'PUT')).json()) as { item: Item };
    expect(again.item.answeredAt).toBe(item.answeredAt);

    const back = (await (await mark(collection, id, 'DELETE')).json()) as { item: Item };
    expect(back.item).toMatchObject({ isNew: true, answeredAt: null, answeredByEmail: null });
  });

  it('takes an answered message out of the count of new ones, and puts it back when unmarked', async () => {
    // Other files add and open messages at the same time: a change counts when nothing else moved the
    // count during it, which a few tries find.
    const moves: number[][] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = await insertRow('contact_messages', uniqueWord());
      const before = (await newCount('contact-messages')) ?? 0;
      await mark('contact-messages', id, 'PUT');
      const answered = (await newCount('contact-messages')) ?? 0;
      await mark('contact-messages', id, 'DELETE');
      const back = (await newCount('contact-messages')) ?? 0;
      moves.push([answered - before, back - answered]);
      if (answered - before === -1 && back - answered === 1) break;
    }
    expect(moves.at(-1)).toEqual([-1, 1]);
  });

  it.each([
    ['booking requests', 'booking-requests'],
    ['buyers’ enquiries', 'buyer-enquiries'],
    ['a list that does not exist', 'users'],
  ])('answers 404 for %s', async (_case, collection) => {
    const response = await mark(collection, crypto.randomUUID(), 'PUT');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe('not_found');
  });

  it('answers 404 for no such row and a malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      expect((await mark('contact-messages', id, 'PUT')).status).toBe(404);
    }
  });

  it('lets only admins mark a row answered, and never in another’s name', async () => {
    const id = await insertRow('contact_messages', uniqueWord());
    const guestClaims = { sub: crypto.randomUUID(), role: 'authenticated', email: 'guest@example.com' };
    const touched = await asRole('authenticated', guestClaims, (client) =>
      client.query('update contact_messages set answered_at = now() where id = $1', [id]),
    );
    expect(touched.rowCount).toBe(0);
    await expect(
      asRole('anon', {}, (client) =>
        client.query('update contact_messages set answered_at = now() where id = $1', [id]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const adminClaims = {
      sub: admin.id,
      email: admin.email,
      role: 'authenticated',
      app_metadata: { role: 'admin' },
    };
    await expect(
      asRole('authenticated', adminClaims, (client) =>
        client.query(`update contact_messages set answered_by_email = 'someone@example.com' where id = $1`, [
          id,
        ]),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const [row] = await asRole('authenticated', adminClaims, async (client) => {
      await client.query('update contact_messages set answered_at = now() where id = $1', [id]);
      return (
        await client.query('select answered_by, answered_by_email from contact_messages where id = $1', [id])
      ).rows;
    });
    expect(row).toEqual({ answered_by: admin.id, answered_by_email: admin.email });
  });
});
