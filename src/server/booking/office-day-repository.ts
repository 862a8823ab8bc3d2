import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';
import { confirmedStays } from './booking-sql.ts';
import { type BookingMoney, moneyColumns } from './money-repository.ts';

/** The office's day (`booking-day-service.ts`): requests waiting, this week's arrivals and departures, the balances due now. */

/** A confirmed stay as the arrival packs' email needs it. */
export type ArrivingStay = { id: string; property: string; arrival: string };

/** Confirmed stays, not in the trash, arriving from `from` to `through` (both included). */
export async function selectConfirmedArrivals(
  tx: Transaction,
  from: string,
  through: string,
): Promise<ArrivingStay[]> {
  return tx.query<ArrivingStay>(
    `select id, property, ${isoDate('arrival')} as arrival from ${confirmedStays} stay
     where arrival between $1::date and $2::date order by arrival, id`,
    [from, through],
  );
}

/** A request awaiting the office's answer, as the day's first block lists it. */
export type WaitingRequestRow = {
  id: string;
  reference: string;
  name: string;
  property: string;
  arrival: string;
  departure: string;
  guests: number;
  receivedAt: string;
};

/**
 * The oldest `limit` new requests in use, oldest first: the office answers in the order they came.
 * The (status, created_at, id) index of migration 20261122000700 serves it, read backwards.
 */
export async function selectWaitingRequests(tx: Transaction, limit: number): Promise<WaitingRequestRow[]> {
  return tx.query<WaitingRequestRow>(
    `select id, reference, name, property, ${isoDate('arrival')} as arrival,
            ${isoDate('departure')} as departure, guests, ${isoTimestamp('created_at')} as "receivedAt"
     from dashboard.booking_requests
     where status = 'new' and deleted_at is null
     order by created_at, id
     limit $1`,
    [limit],
  );
}

/**
 * A confirmed stay arriving or leaving, with how to reach its guest and its money; `movingCount` is how
 * many stays the whole window holds, not only the rows read.
 */
export type MovingStayRow = BookingMoney & {
  departure: string;
  email: string;
  phone: string;
  movingCount: number;
};

/**
 * Confirmed stays in use whose `edge` (arrival or departure) falls from `from` to `through`, soonest
 * first, at most `limit`. Arrivals use the arrival index of 20261122000700, departures the confirmed
 * stays' departure index of 20261128000100.
 */
export async function selectMovingStays(
  tx: Transaction,
  edge: 'arrival' | 'departure',
  { from, through, limit }: { from: string; through: string; limit: number },
): Promise<MovingStayRow[]> {
  const column = edge === 'arrival' ? 'request.arrival' : 'request.departure';
  return tx.query<MovingStayRow>(
    `select ${moneyColumns}, ${isoDate('request.departure')} as departure, request.email, request.phone,
            (count(*) over ())::integer as "movingCount"
     from dashboard.booking_requests request
     where request.status = 'confirmed' and request.deleted_at is null
       and ${column} between $1::date and $2::date
     order by ${column}, request.reference
     limit $3`,
    [from, through, limit],
  );
}

/** The balances due now or overdue: the first rows in the office's order, and how many and how much in all. */
export type DueBalances = { rows: BookingMoney[]; count: number; outstandingPence: number };

/**
 * Confirmed bookings in use with money due by `today`, exactly those `judgeBalance` calls overdue or
 * due now: something outstanding, and the last due day reached or what was due on confirmation (the
 * deposit, or the whole stay) not all received. The first `limit` in the office's order (overdue
 * first, the longest overdue first; then by arrival), with the count and the outstanding of them all.
 * One statement: the payments summed once per booking, the confirmed stays read from their partial
 * index (20261128000200), and only the rows listed read whole.
 */
export async function selectDueBalances(tx: Transaction, today: string, limit: number): Promise<DueBalances> {
  const rows = await tx.query<BookingMoney & { dueCount: number; dueOutstandingPence: string }>(
    `with money as (
       select request.id, request.arrival, request.reference, request.total_pence - coalesce(paid.received, 0) as outstanding,
              coalesce(paid.received, 0) < case when request.balance_due_date is null
                then request.total_pence else request.deposit_pence end as unpaid_first,
              coalesce(request.balance_due_date, (request.status_changed_at at time zone 'Asia/Kolkata')::date) as due_on
       from dashboard.booking_requests request
       left join (select booking_request_id, sum(amount_pence) as received from public.payments
         where booking_service_id is null group by booking_request_id) paid
         on paid.booking_request_id = request.id
       where request.status = 'confirmed' and request.deleted_at is null
     ), due as (
       select id, arrival, reference, coalesce(due_on < $1::date, false) as overdue, due_on,
              count(*) over () as count, sum(outstanding) over () as outstanding
       from money
       where outstanding > 0 and (due_on <= $1::date or unpaid_first)
       order by 4 desc, case when due_on < $1::date then due_on end, arrival, reference
       limit $2
     )
     select ${moneyColumns}, due.count::integer as "dueCount", due.outstanding::text as "dueOutstandingPence"
     from due join dashboard.booking_requests request on request.id = due.id
     order by due.overdue desc, case when due.overdue then due.due_on end, due.arrival, due.reference`,
    [today, limit],
  );
  return {
    rows,
    count: rows[0]?.dueCount ?? 0,
    outstandingPence: Number(rows[0]?.dueOutstandingPence ?? 0),
  };
}
