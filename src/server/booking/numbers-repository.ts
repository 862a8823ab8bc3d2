import type { Transaction } from '../db/database.ts';

/** The owner's numbers (`booking-numbers-service.ts`): nights and revenue by month and property. */

/** A property's nights or money in one `YYYY-MM` month. */
export type MonthFigure = { property: string; month: string; value: number };

/**
 * The nights of confirmed stays in use in each month and property from `from` to `through` (both the
 * 1st and the last of a month): a stay across a month's end gives each month its own nights. One
 * statement, the stays read from the confirmed stays' covering index by departure (20261129000310).
 */
export async function selectNightsByMonth(
  tx: Transaction,
  from: string,
  through: string,
): Promise<MonthFigure[]> {
  return tx.query<MonthFigure>(
    `select request.property, to_char(month.first, 'YYYY-MM') as month,
            sum(least(request.departure, (month.first + interval '1 month')::date)
                - greatest(request.arrival, month.first::date))::integer as value
     from dashboard.booking_requests request
     cross join lateral generate_series(
       date_trunc('month', greatest(request.arrival, $1::date)),
       date_trunc('month', least(request.departure - 1, $2::date)),
       interval '1 month') as month (first)
     where request.status = 'confirmed' and request.deleted_at is null
       and request.departure > $1::date and request.arrival <= $2::date
     group by 1, 2`,
    [from, through],
  );
}

/**
 * The money of each month and property from `from` to `through`: the totals of the confirmed stays in
 * use arriving in the month (`kind` confirmed), and what the ledger received in the month for bookings
 * in use, whatever their status (`kind` received). Both are the stays' own money: a concierge service
 * paid on its own (`booking_service_id`) is a supply apart from the accommodation, never in a stay's
 * total, so its payment is left out of received too (docs/decisions.md, #49). One statement, each half read from a covering index
 * (the confirmed stays' by arrival, 20261129000300; the ledger's by day, 20261129000320); the sums as float8, exact for whole
 * pence up to 2^53 and read by the driver as numbers (a bigint would come back as text).
 */
export async function selectRevenueByMonth(
  tx: Transaction,
  from: string,
  through: string,
): Promise<(MonthFigure & { kind: 'confirmed' | 'received' })[]> {
  return tx.query<MonthFigure & { kind: 'confirmed' | 'received' }>(
    `select 'confirmed' as kind, request.property, to_char(request.arrival, 'YYYY-MM') as month,
            sum(request.total_pence)::float8 as value
     from dashboard.booking_requests request
     where request.status = 'confirmed' and request.deleted_at is null
       and request.arrival between $1::date and $2::date
     group by 2, 3
     union all
     select 'received', request.property, to_char(payment.received_on, 'YYYY-MM'),
            sum(payment.amount_pence)::float8
     -- The admins' view of the ledger, as the bookings': the policies' per-row quals stay out of the plan.
     from dashboard.payments payment
     join dashboard.booking_requests request on request.id = payment.booking_request_id
     where payment.received_on between $1::date and $2::date and request.deleted_at is null
       and payment.booking_service_id is null
     group by 2, 3`,
    [from, through],
  );
}
