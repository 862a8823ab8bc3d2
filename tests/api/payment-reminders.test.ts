import { beforeAll, describe, expect, it } from 'vitest';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import content from '../../src/content/site.json' with { type: 'json' };
import { adminPaymentsRoute } from '../../src/lib/api-contract.ts';
import { howToPay } from '../../src/lib/booking-terms.ts';
import { addDays, formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { sendPaymentReminders } from '../../src/server/booking/payment-reminders.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking as insertScenario, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The balance reminders (`npm run payments:remind`, the daily `payment-reminders` function): the
 * guest's a week before the balance is due, the office's once it is overdue, each queued once in the
 * outbox however often or concurrently the job runs, and none for cancelled or fully paid bookings.
 */

const today = todayInKerala();
let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

/** A confirmed week at £700 whose £525 balance falls due `dueIn` days from today. */
async function insertBooking(
  dueIn: number,
  status = 'confirmed',
): Promise<{ id: string; email: string; reference: string }> {
  const email = `reminded+${crypto.randomUUID()}@example.com`;
  const dueOn = addDays(today, dueIn);
  const row = await insertScenario(ownerQuery, {
    name: 'Reminded Guest',
    email,
    property: madeUpProperty('reminder-villa'),
    arrival: addDays(dueOn, 45),
    balanceDueDate: dueOn,
    status: status,
    statusChangedAt: 'now',
  });
  return { id: row.id, reference: row.reference, email };
}

/** The reminders' emails of a booking: every one but the receipts its recorded payments sent. */
const outboxOf = (id: string) =>
  ownerQuery<{ kind: string; recipient: string; subject: string; body: string | null }>(
    `select kind, recipient, subject, body from email_outbox
     where booking_request_id = $1 and kind <> 'payment_receipt' order by created_at`,
    [id],
  );

const pay = async (id: string, amount: string) => {
  const response = await invoke(
    paymentsFunction,
    adminRequest('POST', adminPaymentsRoute(id), {
      cookie: admin.cookie,
      body: { kind: 'other', amount, receivedOn: today, method: 'bank_transfer' },
    }),
  );
  expect(response.status).toBe(201);
};

describe('the payment reminders', () => {
  it('email the guest a week before the balance is due: reference, amount, due date and how to pay, once', async () => {
    const booking = await insertBooking(7);
    await pay(booking.id, '175');
    await sendPaymentReminders();
    await sendPaymentReminders();
    const emails = await outboxOf(booking.id);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email?.kind).toBe('balance_reminder');
    expect(email?.recipient).toBe(booking.email);
    expect(email?.subject).toContain(booking.reference);
    for (const text of [booking.reference, '£525', formatStayDate(addDays(today, 7)), howToPay.summary]) {
      expect(email?.body).toContain(text);
    }
    expect(email?.body).toMatch(
      new RegExp(`Pay the balance \\(£525\\): https?://\\S+/pay/${booking.reference}\\?until=`),
    );
    expect(
      await ownerQuery('select kind from payment_reminders where booking_request_id = $1', [booking.id]),
    ).toEqual([{ kind: 'balance_reminder' }]);
  });

  it('queue each reminder once when runs overlap', async () => {
    const booking = await insertBooking(3);
    await Promise.all([sendPaymentReminders(), sendPaymentReminders(), sendPaymentReminders()]);
    expect((await outboxOf(booking.id)).map(({ kind }) => kind)).toEqual(['balance_reminder']);
  });

  it('wait until the week before the due date', async () => {
    const booking = await insertBooking(8);
    await sendPaymentReminders();
    expect(await outboxOf(booking.id)).toEqual([]);
  });

  it('tell the office of an overdue balance once, with what is outstanding', async () => {
    const booking = await insertBooking(-2);
    await pay(booking.id, '100');
    await sendPaymentReminders();
    await sendPaymentReminders();
    const emails = await outboxOf(booking.id);
    expect(emails.map(({ kind, recipient }) => ({ kind, recipient }))).toEqual([
      { kind: 'balance_overdue', recipient: content.site.office.email },
    ]);
    expect(emails[0]?.body).toContain('Outstanding: £600');
    expect(emails[0]?.subject).toContain(booking.reference);
  });

  it('send nothing for a cancelled booking or one paid in full', async () => {
    const cancelled = await insertBooking(5, 'cancelled');
    const paid = await insertBooking(5);
    await pay(paid.id, '700');
    const overduePaid = await insertBooking(-3);
    await pay(overduePaid.id, '700');
    await sendPaymentReminders();
    for (const { id } of [cancelled, paid, overduePaid]) expect(await outboxOf(id)).toEqual([]);
  });
});
