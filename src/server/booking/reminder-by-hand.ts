import type { BalanceReminderAnswer } from '../../features/payment/payment-ledger-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { summariseLedger } from '../../lib/ledger.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { readPropertyNames } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { isoTimestamp } from '../db/sql-format.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { payLinkUrl, readPayLinkKeyIn } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import { bookingNotFound } from './booking-target.ts';
import { lockBookingReceived, selectBookingMoney } from './money-repository.ts';
import { balanceReminderMessage } from './payment-reminders.ts';
import { selectBookingForGuest } from './request-repository.ts';

/**
 * The office's "Send reminder": the guest's balance reminder (the email the weekly reminder sends),
 * queued now for one booking. A second press within `reminderPauseSeconds` of the last reminder,
 * a double click or a retried request, queues nothing and answers the reminder already queued.
 */

/** How long after a reminder another press counts as the same one. */
export const reminderPauseSeconds = 60;

/** When the guest was last sent a balance reminder about a booking, by the worker or the office; null if never. */
export async function selectLastReminderAt(tx: Transaction, id: string): Promise<string | null> {
  const [row] = await tx.query<{ at: string | null }>(
    `select ${isoTimestamp('max(created_at)')} as at from public.email_outbox
     where booking_request_id = $1 and kind = 'balance_reminder'`,
    [id],
  );
  return row?.at ?? null;
}

/** When the guest was last reminded of a booking's balance, for the booking's detail. */
export function showLastReminder(visitor: Visitor, id: string): Promise<BalanceReminderAnswer> {
  return withCaller(callerFor(visitor), async (tx) => {
    if (!(await selectBookingMoney(tx, id))) throw bookingNotFound();
    return { queued: false, lastReminderAt: await selectLastReminderAt(tx, id) };
  });
}

/**
 * Queues the guest's balance reminder for a confirmed booking in use with money outstanding, and sends
 * it. Refused with a conflict for any other booking. The booking's row is locked first, so two presses
 * at once queue one reminder between them.
 */
export async function sendBalanceReminderNow(visitor: Visitor, id: string): Promise<BalanceReminderAnswer> {
  const today = todayInKerala();
  const url = siteUrl();
  const nameOf = await readPropertyNames();
  const answer = await withCaller(callerFor(visitor), async (tx) => {
    const money = await selectBookingMoney(tx, id);
    if (!money) throw bookingNotFound();
    const locked = await lockBookingReceived(tx, id);
    if (locked?.status !== 'confirmed') {
      throw new Refusal(
        'conflict',
        `Only a confirmed booking has a balance to remind of; this one is ${locked ? locked.status : 'in the trash'}.`,
      );
    }
    const summary = summariseLedger(money, locked.received, today);
    if (summary.outstandingPence === 0) {
      throw new Refusal('conflict', 'This booking is paid in full; there is nothing to remind the guest of.');
    }
    const [recent] = await tx.query<{ at: string }>(
      `select ${isoTimestamp('created_at')} as at from public.email_outbox
       where booking_request_id = $1 and kind = 'balance_reminder'
         and created_at > now() - make_interval(secs => $2)
       order by created_at desc limit 1`,
      [id, reminderPauseSeconds],
    );
    if (recent) return { queued: false, lastReminderAt: recent.at, emailId: undefined };
    const guest = await selectBookingForGuest(tx, id);
    if (!guest) throw bookingNotFound();
    const payLinkKey = await readPayLinkKeyIn(tx);
    const booking = {
      reference: guest.reference,
      name: guest.name,
      to: guest.to,
      propertyName: nameOf(guest.property),
      arrival: guest.arrival,
    };
    // The link pays until the arrival day, as the weekly reminder's does.
    const payUrl = payLinkUrl(payLinkKey, url, booking.reference, booking.arrival);
    const email = balanceReminderMessage(
      booking,
      summary.outstandingPence,
      summary.dueOn ?? today,
      url,
      payUrl,
    );
    const emailId = await tx.as(serviceRole, () =>
      queueEmail(tx, 'balance_reminder', email, { bookingRequestId: id }),
    );
    return { queued: true, lastReminderAt: await selectLastReminderAt(tx, id), emailId };
  });
  const { emailId, ...reminder } = answer;
  if (emailId) await deliverQueuedEmails([emailId]);
  return reminder;
}
