import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import * as balancesFunction from '../../netlify/functions/admin-balances-due.mts';
import * as notesFunction from '../../netlify/functions/admin-booking-notes.mts';
import * as paymentFunction from '../../netlify/functions/admin-booking-payment.mts';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { type BookingNotesAnswer, noteMaxLength } from '../../src/features/booking/booking-note-contract.ts';
import { paymentKinds } from '../../src/features/payment/payment-contract.ts';
import {
  type BalancesDueAnswer,
  type BookingLedgerAnswer,
  paymentMethods,
} from '../../src/features/payment/payment-ledger-contract.ts';
import {
  adminNotesRoute,
  adminPaymentRoute,
  adminPaymentsRoute,
  apiRoutes,
} from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { balanceStates, judgeBalance } from '../../src/lib/ledger.ts';
import { asClient, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { paymentColumns, paymentInsert, storePayment } from '../support/payment-scenario.ts';
import { asRole, ownerQuery } from '../support/sql.ts';

/**
 * The payments ledger and the notes on a booking: what the office records, what the database refuses
 * (a booking not confirmed, more than the total, two payments at once that together pass it), what the
 * audit log keeps, the balances-due list, and what a guest reads on the account page.
 */

const today = todayInKerala();
let admin: Admin;
let guest: Guest & { cookie: string; id: string };

beforeAll(async () => {
  admin = await signedInAdmin();
  const signedIn = await signedInGuest();
  const [row] = await ownerQuery<{ id: string }>(
    'select id from app_private.users where lower(email) = lower($1)',
    [signedIn.email],
  );
  guest = { ...signedIn, id: row?.id as string };
});

/**
 * A booking of a made-up property (so it overlaps nobody's), stored as the owner: a week at £700,
 * deposit £175, balance £525 due 45 days before arrival.
 */
async function insertBooking({
  status = 'confirmed',
  arrival = addDays(today, 200),
  userId,
}: {
  status?: string;
  arrival?: string;
  userId?: string;
} = {}): Promise<string> {
  const booking = await insertScenario(ownerQuery, {
    userId,
    name: 'Ledger Guest',
    email: `ledger+${crypto.randomUUID()}@example.com`,
    property: madeUpProperty('ledger-villa'),
    arrival,
    status: status,
    statusChangedAt: status === 'new' ? undefined : 'now',
  });
  return booking.id;
}

const deposit = { kind: 'deposit', amount: '175', receivedOn: today, method: 'card' };

async function record(id: string, body: unknown, headers: Record<string, string> = {}) {
  const request = adminRequest('POST', adminPaymentsRoute(id), { cookie: admin.cookie, body });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  const response = await invoke(paymentsFunction, request);
  return {
    response,
    answer: (await response.json()) as BookingLedgerAnswer & {
      error?: { message: string; fields?: Record<string, string> };
    },
  };
}

async function ledgerOf(id: string): Promise<BookingLedgerAnswer> {
  const response = await invoke(
    paymentsFunction,
    adminRequest('GET', adminPaymentsRoute(id), { cookie: admin.cookie }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as BookingLedgerAnswer;
}

const storedPayments = async (id: string) =>
  ownerQuery<{ amount_pence: number }>('select amount_pence from payments where booking_request_id = $1', [
    id,
  ]);

const auditOf = (id: string, action: string) =>
  ownerQuery<{ details: Record<string, unknown>; actor_email: string | null }>(
    `select details, actor_email from admin_audit_log where row_id = $1 and action = $2 order by id`,
    [id, action],
  );

describe('recording a payment', () => {
  it('stores a deposit on a confirmed booking and answers what is owed now', async () => {
    const id = await insertBooking();
    const { response, answer } = await record(id, { ...deposit, note: 'Paid by phone' });
    expect(response.status).toBe(201);
    expect(answer.summary).toMatchObject({
      totalPence: 70000,
      depositPence: 17500,
      balanceDueDate: addDays(addDays(today, 200), -45),
      receivedPence: 17500,
      outstandingPence: 52500,
      dueNowPence: 0,
      overdue: false,
    });
    expect(answer.payments).toEqual([
      {
        id: expect.any(String),
        kind: 'deposit',
        amountPence: 17500,
        receivedOn: today,
        method: 'card',
        note: 'Paid by phone',
        recordedByEmail: admin.email,
        createdAt: expect.any(String),
        // Taken by the office, not online, and nothing refunded of it.
        provider: null,
        providerReference: null,
        refundedPence: 0,
        // Paid in pounds: no rupees to say.
        inRupees: null,
      },
    ]);
    // The booking's page reads the same ledger back.
    expect(await ledgerOf(id)).toEqual(answer);
  });

  it('reads pounds and pence exactly: "£1,234.56" is 123456 pence', async () => {
    const id = await insertBooking();
    await ownerQuery(
      'update booking_requests set total_pence = 200000, subtotal_pence = 200000, deposit_pence = 50000, balance_pence = 150000 where id = $1',
      [id],
    );
    const { response } = await record(id, { ...deposit, amount: '£1,234.56' });
    expect(response.status).toBe(201);
    expect(await storedPayments(id)).toEqual([{ amount_pence: 123456 }]);
  });

  it('records each payment in the audit log with its amount, kind, date and the admin', async () => {
    const id = await insertBooking();
    await record(id, deposit);
    expect(await auditOf(id, 'payment_recorded')).toEqual([
      {
        details: {
          paymentId: expect.any(String),
          kind: 'deposit',
          amountPence: 17500,
          receivedOn: today,
          method: 'card',
          receiptNumber: expect.stringMatching(/^KVR\/\d{4}\/\d{6}$/),
        },
        actor_email: admin.email,
      },
    ]);
    // The booking's history on the dashboard lists it with what it said.
    const detail = await invoke(
      itemFunction,
      adminRequest('GET', `/api/admin/booking-requests/${id}`, { cookie: admin.cookie }),
    );
    const { history } = (await detail.json()) as { history: { action: string; details?: unknown }[] };
    expect(history.find(({ action }) => action === 'payment_recorded')?.details).toMatchObject({
      kind: 'deposit',
      amountPence: 17500,
    });
  });

  it.each(['new', 'declined', 'cancelled'])(
    'refuses a %s booking with 409 and stores nothing',
    async (status) => {
      const id = await insertBooking({ status });
      const { response, answer } = await record(id, deposit);
      expect(response.status).toBe(409);
      expect(answer.error?.message).toBe(`Only a confirmed booking takes payments; this one is ${status}.`);
      expect(await storedPayments(id)).toEqual([]);
    },
  );

  it('refuses more than is owed with 409, saying how much is outstanding, and stores nothing', async () => {
    const id = await insertBooking();
    await record(id, deposit);
    const { response, answer } = await record(id, { ...deposit, kind: 'balance', amount: '525.01' });
    expect(response.status).toBe(409);
    expect(answer.error?.message).toBe('That is more than is owed: £525 of £700 is still outstanding.');
    expect(answer.error?.fields).toEqual({ amount: 'Enter at most £525' });
    expect(await storedPayments(id)).toEqual([{ amount_pence: 17500 }]);
    const paid = await record(id, { ...deposit, kind: 'balance', amount: '525' });
    expect(paid.response.status).toBe(201);
    expect(paid.answer.summary.outstandingPence).toBe(0);
  });

  it.each(['21474836.48', '999999999.99', '100000000'])(
    'refuses £%s, more than any booking costs and more than the column holds, with 422 on the amount and stores nothing',
    async (amount) => {
      const id = await insertBooking();
      const { response, answer } = await record(id, { ...deposit, amount });
      expect(response.status).toBe(422);
      expect(answer.error?.fields?.amount).toMatch(/^Enter at most £/);
      expect(await storedPayments(id)).toEqual([]);
    },
  );

  it('stores one payment when the same form is submitted twice with its Idempotency-Key', async () => {
    const id = await insertBooking();
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      record(id, deposit, { 'idempotency-key': key }),
      record(id, deposit, { 'idempotency-key': key }),
    ]);
    expect([first.response.status, second.response.status]).toEqual([201, 201]);
    expect(await storedPayments(id)).toEqual([{ amount_pence: 17500 }]);
  });

  it('refuses two payments sent at once that together pass the total: one is stored, one gets 409', async () => {
    const id = await insertBooking();
    const results = await Promise.all([
      record(id, { ...deposit, amount: '400' }),
      record(id, { ...deposit, amount: '400' }),
    ]);
    expect(results.map(({ response }) => response.status).sort()).toEqual([201, 409]);
    expect(await storedPayments(id)).toEqual([{ amount_pence: 40000 }]);
  });

  it.each([
    [{ ...deposit, amount: '-5' }, 'amount', 'Enter the amount in pounds, like 250 or 250.50'],
    [{ ...deposit, amount: '0' }, 'amount', 'Enter an amount of more than £0'],
    [{ ...deposit, amount: '1.234' }, 'amount', 'Enter the amount in pounds, like 250 or 250.50'],
    [{ ...deposit, amount: 'lots' }, 'amount', 'Enter the amount in pounds, like 250 or 250.50'],
    [{ ...deposit, amount: 175 }, 'amount', 'Enter the amount in pounds, like 250 or 250.50'],
    [{ ...deposit, amount: '99999999999' }, 'amount', 'Enter the amount in pounds, like 250 or 250.50'],
    [{ ...deposit, receivedOn: addDays(today, 1) }, 'receivedOn', 'The day received cannot be in the future'],
    [
      { ...deposit, receivedOn: '2027-02-30' },
      'receivedOn',
      'Enter the day the money arrived as a real date, like 2027-03-14',
    ],
    [{ ...deposit, method: 'cheque' }, 'method', 'Choose bank transfer, card, cash or UPI'],
    [{ ...deposit, kind: 'refund' }, 'kind', 'Choose deposit, balance or other'],
    [{ ...deposit, note: 'x'.repeat(501) }, 'note', 'Note can be at most 500 characters'],
  ])('refuses %j with 422 naming the field, and stores nothing', async (body, field, message) => {
    const id = await insertBooking();
    const { response, answer } = await record(id, body);
    expect(response.status).toBe(422);
    expect(answer.error?.fields?.[field]).toBe(message);
    expect(await storedPayments(id)).toEqual([]);
  });

  it('answers 404 for a booking that does not exist or an id that is no id', async () => {
    expect((await record(crypto.randomUUID(), deposit)).response.status).toBe(404);
    expect((await record('not-an-id', deposit)).response.status).toBe(404);
  });
});

describe('removing a mistaken payment', () => {
  it('deletes the entry, keeps what it said in the audit log, and the total owed comes back', async () => {
    const id = await insertBooking();
    const { answer } = await record(id, { ...deposit, note: 'Card ending 4242, by phone' });
    const paymentId = answer.payments[0]?.id as string;
    const response = await invoke(
      paymentFunction,
      adminRequest('DELETE', adminPaymentRoute(id, paymentId), { cookie: admin.cookie }),
    );
    expect(response.status).toBe(200);
    const after = (await response.json()) as BookingLedgerAnswer;
    expect(after.payments).toEqual([]);
    expect(after.summary.outstandingPence).toBe(70000);
    expect(await auditOf(id, 'payment_deleted')).toEqual([
      {
        details: {
          paymentId,
          kind: 'deposit',
          amountPence: 17500,
          receivedOn: today,
          method: 'card',
          receiptNumber: expect.stringMatching(/^KVR\/\d{4}\/\d{6}$/),
          note: 'Card ending 4242, by phone',
        },
        actor_email: admin.email,
      },
    ]);
    const again = await invoke(
      paymentFunction,
      adminRequest('DELETE', adminPaymentRoute(id, paymentId), { cookie: admin.cookie }),
    );
    expect(again.status).toBe(404);
  });
});

describe('the database', () => {
  it('refuses, for any role, payments that pass the total, and an edit of an entry', async () => {
    const id = await insertBooking();
    await expect(
      ownerQuery(...paymentInsert(paymentColumns(id, { kind: 'other', amountPence: 70001, method: 'cash' }))),
    ).rejects.toMatchObject({ code: '23514', constraint: 'payments_within_the_booking_total' });
    await storePayment(ownerQuery, id, { kind: 'other', amountPence: 100, method: 'cash' });
    await expect(
      ownerQuery('update payments set amount_pence = 1 where booking_request_id = $1', [id]),
    ).rejects.toMatchObject({
      constraint: 'payments_are_not_edited',
    });
  });

  it('holds the total under two concurrent inserts: the second waits for the first and is refused', async () => {
    const id = await insertBooking();
    const url = inject('databaseUrl');
    const [first, second] = [
      new pg.Client({ connectionString: url }),
      new pg.Client({ connectionString: url }),
    ];
    await Promise.all([first.connect(), second.connect()]);
    const [insert, values] = paymentInsert(
      paymentColumns(id, { kind: 'other', amountPence: 40000, method: 'cash' }),
    );
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(insert, values);
      // The second insert blocks on the booking's row lock until the first commits.
      const waiting = second.query(insert, values).then(
        () => 'stored',
        (error: { constraint?: string }) => error.constraint,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      expect(await waiting).toBe('payments_within_the_booking_total');
      await second.query('rollback');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await storedPayments(id)).toEqual([{ amount_pence: 40000 }]);
  });

  it('checks the same kinds and methods as the contract', async () => {
    const rows = await ownerQuery<{ conname: string; definition: string }>(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.payments'::regclass and conname in ('payments_kind_check', 'payments_method_check')
       order by conname`,
    );
    const listed = (definition = '') =>
      [...definition.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(listed(rows[0]?.definition)).toEqual([...paymentKinds]);
    expect(listed(rows[1]?.definition)).toEqual([...paymentMethods]);
  });
});

describe('who may read and write payments (RLS)', () => {
  it('lets a guest read what was received on their own booking, never the office note, and nobody else’s', async () => {
    const own = await insertBooking({ userId: guest.id });
    const other = await insertBooking();
    await record(own, { ...deposit, note: 'Office only' });
    await record(other, deposit);
    const claims = { sub: guest.id, role: 'authenticated' };
    const rows = await asRole(
      'authenticated',
      claims,
      async (client) =>
        (
          await client.query(
            'select booking_request_id, amount_pence from payments where booking_request_id = any($1)',
            [[own, other]],
          )
        ).rows,
    );
    expect(rows).toEqual([{ booking_request_id: own, amount_pence: 17500 }]);
    await expect(
      asRole('authenticated', claims, (client) => client.query('select note from payments')),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asRole('authenticated', claims, (client) =>
        client.query(
          ...paymentInsert(
            paymentColumns(own, { kind: 'other', amountPence: 1, method: 'cash', recordedBy: guest.id }),
          ),
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asRole('anon', {}, (client) => client.query('select id from payments')),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('lets an admin record only in their own name', async () => {
    const id = await insertBooking();
    const claims = {
      sub: admin.id,
      email: admin.email,
      role: 'authenticated',
      app_metadata: { role: 'admin' },
    };
    await expect(
      asRole('authenticated', claims, (client) =>
        // Recorded in a made-up admin's name, not this one's.
        client.query(...paymentInsert(paymentColumns(id, { kind: 'other', amountPence: 1, method: 'cash' }))),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('GET /api/admin/balances-due', () => {
  it('lists confirmed bookings with money outstanding, overdue then due now then not yet due, overdue ones flagged, no paid or cancelled ones', async () => {
    const overdue = await insertBooking({ arrival: addDays(today, 40) });
    const soon = await insertBooking({ arrival: addDays(today, 50) });
    // Nothing received: its deposit is due now, although its balance's date comes after `soon`'s.
    const depositDue = await insertBooking({ arrival: addDays(today, 60) });
    const paid = await insertBooking({ arrival: addDays(today, 45) });
    const cancelled = await insertBooking({ arrival: addDays(today, 44), status: 'cancelled' });
    await record(soon, deposit);
    await record(paid, { ...deposit, amount: '700' });
    const response = await invoke(
      balancesFunction,
      adminRequest('GET', apiRoutes.adminBalancesDue, { cookie: admin.cookie }),
    );
    expect(response.status).toBe(200);
    const { today: judgedOn, balances } = (await response.json()) as BalancesDueAnswer;
    expect(judgedOn).toBe(today);
    const mine = balances.filter(({ id }) => [overdue, soon, paid, cancelled, depositDue].includes(id));
    expect(mine.map(({ id }) => id)).toEqual([overdue, depositDue, soon]);
    expect(mine[0]?.summary).toMatchObject({
      outstandingPence: 70000,
      dueNowPence: 17500,
      dueOn: addDays(today, -5),
      overdue: true,
      daysOverdue: 5,
    });
    expect(mine[1]?.summary).toMatchObject({ dueNowPence: 17500, dueOn: addDays(today, 15), overdue: false });
    expect(mine[2]?.summary).toMatchObject({
      outstandingPence: 52500,
      dueNowPence: 0,
      dueOn: addDays(today, 5),
      overdue: false,
    });
    expect(mine[2]?.guestName).toBe('Ledger Guest');
    // Every row of the list is in the order the office chases it: overdue, due now, not yet due,
    // each state by due date.
    const keys = balances.map(
      ({ summary }) =>
        `${balanceStates.indexOf(judgeBalance(summary, judgedOn))} ${summary.dueOn ?? judgedOn}`,
    );
    expect(keys).toEqual([...keys].sort());
  });
});

describe('notes on a booking', () => {
  const post = (id: string, body: unknown) =>
    invoke(notesFunction, adminRequest('POST', adminNotesRoute(id), { cookie: admin.cookie, body }));

  it('adds a multi-line note, lists it with its author and time, and audits it', async () => {
    const id = await insertBooking({ status: 'new' });
    const response = await post(id, { body: 'Arriving late.\nCot needed.' });
    expect(response.status).toBe(201);
    const listed = (await (
      await invoke(notesFunction, adminRequest('GET', adminNotesRoute(id), { cookie: admin.cookie }))
    ).json()) as BookingNotesAnswer;
    expect(listed.notes).toEqual([
      {
        id: expect.any(String),
        body: 'Arriving late.\nCot needed.',
        authorEmail: admin.email,
        createdAt: expect.any(String),
      },
    ]);
    expect(await auditOf(id, 'note_added')).toEqual([
      { details: { noteId: listed.notes[0]?.id }, actor_email: admin.email },
    ]);
  });

  it.each([
    [{ body: '   ' }, 'Enter the note'],
    [{ body: 'x'.repeat(noteMaxLength + 1) }, `Note can be at most ${noteMaxLength} characters`],
    [{}, 'Enter the note'],
  ])('refuses %j with 422 and stores nothing', async (body, message) => {
    const id = await insertBooking();
    const response = await post(id, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.body).toBe(
      message,
    );
    expect(await ownerQuery('select 1 from booking_notes where booking_request_id = $1', [id])).toEqual([]);
  });

  it('lets no guest read or add notes', async () => {
    const id = await insertBooking({ userId: guest.id });
    await post(id, { body: 'Office only' });
    const rows = await asRole(
      'authenticated',
      { sub: guest.id, role: 'authenticated' },
      async (client) =>
        (await client.query('select body from booking_notes where booking_request_id = $1', [id])).rows,
    );
    expect(rows).toEqual([]);
  });
});

describe('the account page', () => {
  it('shows a confirmed booking’s payments received and what is still due and when', async () => {
    const arrival = addDays(today, 300);
    const confirmed = await insertBooking({ userId: guest.id, arrival });
    const pending = await insertBooking({ userId: guest.id, status: 'new', arrival: addDays(today, 310) });
    await record(confirmed, { ...deposit, note: 'Office only' });
    const response = await accountBookingRequests(
      getWithCookies(apiRoutes.accountBookingRequests, guest.cookie),
      asClient(),
    );
    expect(response.status).toBe(200);
    const { bookingRequests } = (await response.json()) as AccountBookingRequestsAnswer;
    expect(bookingRequests.find(({ id }) => id === confirmed)?.ledger).toEqual({
      summary: expect.objectContaining({
        receivedPence: 17500,
        outstandingPence: 52500,
        dueNowPence: 0,
        balanceDueDate: addDays(arrival, -45),
        dueOn: addDays(arrival, -45),
      }),
      // The entry's id names its receipt; nothing of the office's (note, who recorded it) comes along.
      payments: [{ id: expect.any(String), kind: 'deposit', amountPence: 17500, receivedOn: today }],
    });
    expect(bookingRequests.find(({ id }) => id === pending)?.ledger).toBeNull();
    expect(JSON.stringify(bookingRequests)).not.toContain('Office only');
  });
});
