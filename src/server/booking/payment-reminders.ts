import content from '../../content/site.json' with { type: 'json' };
import { addDays, formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { isBalanceOverdue, isReminderDue, reminderDaysBeforeDue } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import { readPropertyNames } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, type EmailKind, queueEmail } from '../email/delivery.ts';
import type { Email } from '../email/email.ts';
import { payLinkUrl, readPayLinkKey } from '../payments/index.ts';
import { howToPayLines, signature } from './booking-emails.ts';
import { type BalanceToRemind, lockBookingReceived, selectBalancesToRemind } from './money-repository.ts';
import { selectBookingForGuest } from './request-repository.ts';

/**
 * The balance reminders: a week before a confirmed booking's balance falls due the guest is emailed
 * what is left to pay, by when and how; once the date has passed unpaid, the office is told. Each goes
 * once: a row of `payment_reminders` is inserted in the transaction that queues the email, and a run
 * that finds the row (another run got there first, or is getting there now) queues nothing.
 */

const { site } = content;

type ReminderKind = Extract<EmailKind, 'balance_reminder' | 'balance_overdue'>;

/**
 * The guest's reminder: reference, amount, due date, the signed link that pays it (`payUrl`) and how
 * to pay, in the confirmation's words.
 */
export function balanceReminderMessage(
  booking: { reference: string; name: string; to: string; propertyName: string; arrival: string },
  outstandingPence: number,
  dueOn: string,
  url: string,
  payUrl?: string,
): Email {
  return {
    to: booking.to,
    subject: `Balance due ${formatStayDate(dueOn)}: your stay at ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `A reminder that the balance of your stay at ${booking.propertyName}, arriving ${formatStayDate(booking.arrival)}, falls due soon.`,
        '',
        `Reference: ${booking.reference}`,
        `Amount due: ${formatPence(outstandingPence)}`,
        `Due by: ${formatStayDate(dueOn)}`,
        '',
        ...howToPayLines(
          payUrl ? { label: `Pay the balance (${formatPence(outstandingPence)})`, url: payUrl } : undefined,
        ),
        '',
        `Quote your reference ${booking.reference} when you pay. If you have paid in the last few days, thank you: there is nothing more to do.`,
        `Your booking on your account page: ${url}${paths.account}`,
      ].join('\n') + signature,
  };
}

/** The office's notice of a balance past its date. */
export function balanceOverdueMessage(
  booking: { reference: string; name: string; to: string; propertyName: string; arrival: string },
  outstandingPence: number,
  dueOn: string,
  url: string,
): Email {
  return {
    to: site.office.email,
    replyTo: booking.to,
    subject: `Overdue balance ${booking.reference}: ${formatPence(outstandingPence)} was due ${formatStayDate(dueOn)}`,
    text: [
      `The balance of booking ${booking.reference} is overdue.`,
      '',
      `Guest: ${booking.name} (${booking.to})`,
      `Property: ${booking.propertyName}`,
      `Arrival: ${formatStayDate(booking.arrival)}`,
      `Outstanding: ${formatPence(outstandingPence)}`,
      `Was due by: ${formatStayDate(dueOn)}`,
      '',
      `Record a payment, or see every balance due, on the dashboard: ${url}${paths.admin}`,
    ].join('\n'),
  };
}

/**
 * Claims the reminder `kind` for a booking and queues its email in the same transaction; false when
 * another run claimed it first. The insert waits on the primary key for a concurrent run to finish.
 */
async function claimAndQueue(
  tx: Transaction,
  candidate: BalanceToRemind,
  kind: ReminderKind,
  email: (booking: Parameters<typeof balanceReminderMessage>[0]) => Email,
  propertyName: string,
): Promise<string | undefined> {
  const claimed = await tx.query(
    `insert into public.payment_reminders (booking_request_id, kind, due_on) values ($1, $2, $3)
     on conflict do nothing returning booking_request_id`,
    [candidate.id, kind, candidate.balanceDueDate],
  );
  if (claimed.length === 0) return undefined;
  const guest = await selectBookingForGuest(tx, candidate.id);
  if (!guest) return undefined;
  const emailId = await queueEmail(
    tx,
    kind,
    email({
      reference: guest.reference,
      name: guest.name,
      to: guest.to,
      propertyName,
      arrival: guest.arrival,
    }),
    { bookingRequestId: candidate.id },
  );
  await tx.query(
    'update public.payment_reminders set email_id = $3 where booking_request_id = $1 and kind = $2',
    [candidate.id, kind, emailId],
  );
  return emailId;
}

export type ReminderReport = { reminded: number; overdue: number };

/**
 * Queues every reminder due on `today` (Kerala's, unless told) and sends them: the guest's a week
 * before the balance is due, the office's once it is overdue. Cancelled, deleted and fully paid
 * bookings get none. Safe to run twice or at once: each reminder is queued once.
 */
export async function sendPaymentReminders(today = todayInKerala()): Promise<ReminderReport> {
  const nameOf = await readPropertyNames();
  const url = siteUrl();
  const payLinkKey = await readPayLinkKey();
  const report: ReminderReport = { reminded: 0, overdue: 0 };
  const queued: string[] = [];
  // Only balances due within the reminder's week or already past it; the pure rules decide the rest.
  const candidates = await withCaller(serviceRole, (tx) =>
    selectBalancesToRemind(tx, addDays(today, reminderDaysBeforeDue)),
  );
  for (const candidate of candidates) {
    const terms = { ...candidate, confirmedOn: null };
    const kind: ReminderKind | undefined = isBalanceOverdue(terms, candidate.receivedPence, today)
      ? 'balance_overdue'
      : isReminderDue(terms, candidate.receivedPence, today)
        ? 'balance_reminder'
        : undefined;
    if (!kind) continue;

    // One transaction per booking: the claim, the email and a fresh look at what was paid commit together.
    const emailId = await withCaller(serviceRole, async (tx) => {
      // The booking's row is locked by a payment being recorded; wait, then judge on what is paid now.
      const now = await lockBookingReceived(tx, candidate.id);
      if (now?.status !== 'confirmed' || now.received >= candidate.totalPence) return undefined;
      return claimAndQueue(
        tx,
        candidate,
        kind,
        (booking) => {
          const outstanding = candidate.totalPence - now.received;
          if (kind === 'balance_overdue')
            return balanceOverdueMessage(booking, outstanding, candidate.balanceDueDate, url);
          // The link pays until the arrival day, as the confirmation's does.
          const payUrl = payLinkUrl(payLinkKey, url, booking.reference, booking.arrival);
          return balanceReminderMessage(booking, outstanding, candidate.balanceDueDate, url, payUrl);
        },
        nameOf(candidate.property),
      );
    });
    if (!emailId) continue;
    queued.push(emailId);
    report[kind === 'balance_overdue' ? 'overdue' : 'reminded']++;
  }
  await deliverQueuedEmails(queued);
  return report;
}

/** A line for the log: what one run did. */
export const describeReminders = ({ reminded, overdue }: ReminderReport) =>
  `Payment reminders: ${reminded} guest ${reminded === 1 ? 'reminder' : 'reminders'}, ${overdue} overdue ${overdue === 1 ? 'notice' : 'notices'} to the office.`;

/**
 * Runs `sendPaymentReminders` every `everyMs` (and once at start), one run at a time, for `npm start`;
 * a run that cannot reach the database is logged and the next one tries again. Answers the stop function.
 */
export function startReminderWorker(everyMs = 60 * 60 * 1000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await sendPaymentReminders();
      if (report.reminded + report.overdue > 0) console.log(describeReminders(report));
    } catch (error) {
      console.error('The payment reminders could not run; they try again later', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
