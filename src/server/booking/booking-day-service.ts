import type { DueBalance, MovingStay, TodayAnswer } from '../../features/admin/today-contract.ts';
import {
  failedEmailDays,
  packWaitingDays,
  todayListLimit,
  todayWeekDays,
} from '../../features/admin/today-contract.ts';
import { addDays } from '../../lib/dates.ts';
import { judgeBalance } from '../../lib/ledger.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { readPropertyNames } from '../catalogue/catalogue.ts';
import { withCaller } from '../db/database.ts';
import { listFailedEmails } from '../email/email-history.ts';
import { describeMoney } from '../payments/index.ts';
import {
  type MovingStayRow,
  selectDueBalances,
  selectMovingStays,
  selectWaitingRequests,
} from './office-day-repository.ts';
import { selectPacksWaiting, selectUnreadGuestMessages } from './request-extras-repository.ts';

/** The office's day as the bookings see it: every block of `GET /api/admin/today` but the unread counts. */
export type BookingDay = Omit<TodayAnswer, 'unread'>;

/**
 * What the office does today about bookings, judged on Kerala's `today`: the requests awaiting an
 * answer (oldest first), the guests' unread messages (newest first), the paid guests arriving within
 * two weeks at a home with no arrival pack, the confirmed stays arriving and leaving this week, the balances due now
 * or overdue with what they owe in all, and the emails about bookings that were never sent. One query per block, in one transaction as the admin.
 */
export async function readBookingDay(visitor: Visitor, today: string): Promise<BookingDay> {
  const weekEnd = addDays(today, todayWeekDays - 1);
  const week = { from: today, through: weekEnd, limit: todayListLimit };
  const packWindow = { from: today, through: addDays(today, packWaitingDays - 1), limit: todayListLimit };
  const { requests, messages, packsWaiting, arrivals, departures, due, failedEmails } = await withCaller(
    callerFor(visitor),
    async (tx) => ({
      requests: await selectWaitingRequests(tx, todayListLimit),
      messages: await selectUnreadGuestMessages(tx, todayListLimit),
      packsWaiting: await selectPacksWaiting(tx, packWindow),
      arrivals: await selectMovingStays(tx, 'arrival', week),
      departures: await selectMovingStays(tx, 'departure', week),
      due: await selectDueBalances(tx, today, todayListLimit),
      failedEmails: await listFailedEmails(tx, { days: failedEmailDays, limit: todayListLimit }),
    }),
  );
  const nameOf = await readPropertyNames();

  const moving = (row: MovingStayRow): MovingStay => {
    const summary = describeMoney(row, today);
    return {
      id: row.id,
      reference: row.reference,
      guestName: row.name,
      propertyName: nameOf(row.property),
      arrival: row.arrival,
      departure: row.departure,
      email: row.email,
      phone: row.phone,
      balance: judgeBalance(summary, today),
      summary,
    };
  };
  // The query chose and ordered them by the ledger's rule; their states are judged here by the rule itself.
  const balances: DueBalance[] = due.rows.map((row) => {
    const summary = describeMoney(row, today);
    return {
      id: row.id,
      reference: row.reference,
      guestName: row.name,
      propertyName: nameOf(row.property),
      arrival: row.arrival,
      state: judgeBalance(summary, today),
      summary,
    };
  });

  return {
    today,
    weekEnd,
    requests: requests.map((row) => ({
      id: row.id,
      reference: row.reference,
      guestName: row.name,
      propertyName: nameOf(row.property),
      arrival: row.arrival,
      departure: row.departure,
      guests: row.guests,
      receivedAt: row.receivedAt,
    })),
    messages: {
      rows: messages.map((row) => ({
        id: row.id,
        bookingId: row.bookingId,
        reference: row.reference,
        guestName: row.name,
        propertyName: nameOf(row.property),
        status: row.status,
        arrival: row.arrival,
        departure: row.departure,
        preview: row.preview,
        sentAt: row.sentAt,
      })),
      count: messages[0]?.unreadCount ?? 0,
    },
    packsWaiting: packsWaiting.map((row) => ({
      id: row.id,
      reference: row.reference,
      guestName: row.name,
      property: row.property,
      propertyName: nameOf(row.property),
      arrival: row.arrival,
      departure: row.departure,
    })),
    arrivals: arrivals.map(moving),
    arrivalCount: arrivals[0]?.movingCount ?? 0,
    departures: departures.map(moving),
    departureCount: departures[0]?.movingCount ?? 0,
    balances: { rows: balances, count: due.count, outstandingPence: due.outstandingPence },
    failedEmails,
  };
}
