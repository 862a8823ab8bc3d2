import { beforeAll, describe, expect, it } from 'vitest';
import * as balancesFunction from '../../netlify/functions/admin-balances-due.mts';
import * as todayFunction from '../../netlify/functions/admin-today.mts';
import {
  type TodayAnswer,
  todayAnswerSchema,
  todayListLimit,
} from '../../src/features/admin/today-contract.ts';
import { balancesDueAnswerSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { judgeBalance } from '../../src/lib/ledger.ts';
import { selectDueBalances } from '../../src/server/booking/office-day-repository.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, insertBookings, madeUpProperty } from '../support/booking-scenario.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
import { admin as office } from '../support/roles.ts';
import { asRole, ownerQuery } from '../support/sql.ts';

/**
 * The office's day (`GET /api/admin/today`). Other files share the database, so each test finds its
 * own rows by id and checks the order of the whole answer, never its length. The 401/403 guard is
 * admin-endpoints-guard.test.ts's.
 */

let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

async function readToday(): Promise<TodayAnswer> {
  const response = await invoke(
    todayFunction,
    adminRequest('GET', '/api/admin/today', { cookie: admin.cookie }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return todayAnswerSchema.parse(await response.json());
}

const book = (fields: Parameters<typeof insertBooking>[1]) =>
  insertBooking(ownerQuery, { property: madeUpProperty('today-villa'), ...fields });

describe('the office’s day', () => {
  it('lists the requests awaiting an answer oldest first, and none answered or in the trash', async () => {
    const oldest = await book({ createdAt: '2000-01-03T08:00:00Z' });
    const older = await book({ createdAt: '2000-01-04T08:00:00Z' });
    const answered = await book({ createdAt: '2000-01-02T08:00:00Z', status: 'declined' });
    const trashed = await book({ createdAt: '2000-01-01T08:00:00Z', deletedAt: '2026-01-01T00:00:00Z' });
    const { requests } = await readToday();
    const ids = requests.map(({ id }) => id);
    expect(ids.indexOf(oldest.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBe(ids.indexOf(oldest.id) + 1);
    expect(ids).not.toContain(answered.id);
    expect(ids).not.toContain(trashed.id);
    const received = requests.map(({ receivedAt }) => receivedAt);
    expect(received).toEqual([...received].sort());
    expect(requests.find(({ id }) => id === oldest.id)).toMatchObject({
      reference: oldest.reference,
      receivedAt: '2000-01-03T08:00:00.000Z',
      guestName: 'Test Guest',
    });
  });

  it('lists this week’s confirmed arrivals and departures with the guest’s contact and balance', async () => {
    const today = todayInKerala();
    const arriving = await book({
      status: 'confirmed',
      arrival: today,
      departure: addDays(today, 5),
      name: 'Anjali Arriving',
      email: 'anjali@example.com',
      phone: '+91 98470 11111',
      // Booked within the balance's lead time: the whole stay is the deposit, due on confirmation.
      depositPence: 50_000,
      balanceDueDate: null,
      statusChangedAt: '2026-01-05T06:00:00Z',
    });
    const leaving = await book({
      status: 'confirmed',
      arrival: addDays(today, -4),
      departure: addDays(today, 6),
    });
    const later = await book({
      status: 'confirmed',
      arrival: addDays(today, 7),
      departure: addDays(today, 14),
    });
    const requested = await book({ arrival: addDays(today, 1) });
    const { arrivals, departures, weekEnd, arrivalCount, departureCount } = await readToday();
    expect(weekEnd).toBe(addDays(today, 6));
    // The counts are of the whole week, so they are never fewer than the rows listed.
    expect(arrivalCount).toBeGreaterThanOrEqual(arrivals.length);
    expect(departureCount).toBeGreaterThanOrEqual(departures.length);
    expect(arrivalCount).toBeGreaterThan(0);
    expect(arrivals.find(({ id }) => id === arriving.id)).toMatchObject({
      guestName: 'Anjali Arriving',
      email: 'anjali@example.com',
      phone: '+91 98470 11111',
      arrival: today,
      departure: addDays(today, 5),
      // Everything was due on confirmation in January, and none of it is received.
      balance: 'overdue',
    });
    expect(arrivals.map(({ id }) => id)).not.toContain(later.id);
    expect(arrivals.map(({ id }) => id)).not.toContain(requested.id);
    expect(arrivals.map(({ arrival }) => arrival)).toEqual(arrivals.map(({ arrival }) => arrival).sort());
    expect(departures.map(({ id }) => id)).toContain(leaving.id);
    expect(departures.map(({ id }) => id)).toContain(arriving.id);
    expect(departures.map(({ id }) => id)).not.toContain(later.id);
  });

  it('counts every arrival and departure of the week, past the rows it lists', async () => {
    const today = todayInKerala();
    const many = todayListLimit + 1;
    await insertBookings(
      ownerQuery,
      Array.from({ length: many }, () => ({
        property: madeUpProperty('busy-week-villa'),
        status: 'confirmed',
        arrival: addDays(today, 1),
        departure: addDays(today, 3),
      })),
    );
    const { arrivals, departures, arrivalCount, departureCount } = await readToday();
    expect(arrivals).toHaveLength(todayListLimit);
    expect(departures).toHaveLength(todayListLimit);
    expect(arrivalCount).toBeGreaterThanOrEqual(many);
    expect(departureCount).toBeGreaterThanOrEqual(many);
  });

  it('lists the balances overdue before those due now, with what they all owe', async () => {
    const today = todayInKerala();
    const overdue = await book({
      status: 'confirmed',
      arrival: '1990-03-01',
      balanceDueDate: '1990-01-15',
    });
    const depositDue = await book({
      status: 'confirmed',
      arrival: addDays(today, 200),
      statusChangedAt: new Date().toISOString(),
    });
    const paidDeposit = await book({ status: 'confirmed', arrival: addDays(today, 201) });
    await recordOfficePayment(paidDeposit.id, { kind: 'deposit', receivedOn: today, method: 'cash' }, admin);
    const { balances } = await readToday();
    const rows = balances.rows;
    expect(rows.find(({ id }) => id === overdue.id)).toMatchObject({ state: 'overdue' });
    // Its deposit paid, the stay owes nothing until its balance falls due: absent from the whole list,
    // not only from Today's first rows (other files' overdue stays can fill those, and then a row
    // missing from them proves nothing), where the stay whose deposit is unpaid stands.
    const everyDue = await asRole(office.role, office.claims, async (client) => {
      const tx = {
        query: async (text: string, values?: unknown[]) => (await client.query(text, values)).rows,
      };
      return (await selectDueBalances(tx as never, today, 1_000_000)).rows;
    });
    expect(everyDue.map(({ id }) => id)).toContain(depositDue.id);
    expect(everyDue.map(({ id }) => id)).not.toContain(paidDeposit.id);
    const order = rows.map(({ state }) => state);
    expect(order).toEqual([...order].sort((a, b) => (a === b ? 0 : a === 'overdue' ? -1 : 1)));
    expect(rows.every(({ state }) => state === 'overdue' || state === 'due_now')).toBe(true);
    expect(balances.count).toBeGreaterThanOrEqual(rows.length);
    const shown = rows.reduce((sum, { summary }) => sum + summary.outstandingPence, 0);
    expect(balances.outstandingPence).toBeGreaterThanOrEqual(shown);
    if (rows.length < balances.count) return;
    // Every due balance fits on the list: the deposit just confirmed is on it, as due now.
    expect(rows.find(({ id }) => id === depositDue.id)).toMatchObject({ state: 'due_now' });
  });

  it('counts and totals exactly the balances the ledger’s rule calls overdue or due now', async () => {
    const today = todayInKerala();
    // Past what the day lists, so the count and the total must come from every row, not the listed.
    await insertBookings(
      ownerQuery,
      Array.from({ length: todayListLimit + 5 }, (_, n) => ({
        property: madeUpProperty('due-villa'),
        status: 'confirmed',
        arrival: addDays(today, 60 + n),
        statusChangedAt: '2026-01-05T06:00:00Z',
      })),
    );
    /** Every outstanding balance judged by `judgeBalance` itself: what the day's totals must equal. */
    const judgeEvery = async () => {
      const response = await invoke(
        balancesFunction,
        adminRequest('GET', '/api/admin/balances-due', { cookie: admin.cookie }),
      );
      const { balances } = balancesDueAnswerSchema.parse(await response.json());
      const due = balances.filter(({ summary }) =>
        ['overdue', 'due_now'].includes(judgeBalance(summary, today)),
      );
      return {
        count: due.length,
        outstandingPence: due.reduce((sum, { summary }) => sum + summary.outstandingPence, 0),
      };
    };
    // Other files book and pay in the same database meanwhile: compare once the ledger held still
    // across the day's read.
    for (let attempt = 1; ; attempt++) {
      const before = await judgeEvery();
      const { balances } = await readToday();
      const after = await judgeEvery();
      if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 5) continue;
      expect({ count: balances.count, outstandingPence: balances.outstandingPence }).toEqual(after);
      expect(balances.rows).toHaveLength(Math.min(todayListLimit, after.count));
      break;
    }
  });

  it('counts the unread items of every collection', async () => {
    await ownerQuery(
      `insert into contact_messages (name, email, phone, message)
       values ('Today Test', 'today@example.com', '+91 98470 00002', 'For the office’s day')`,
    );
    const { unread } = await readToday();
    expect(unread.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'booking-requests',
        'contact-messages',
        'career-applications',
        'partner-enquiries',
      ]),
    );
    expect(unread.find(({ name }) => name === 'contact-messages')?.new).toBeGreaterThan(0);
  });
});
