import { type OccupancyStay, occupancyStatuses } from '../../features/admin/occupancy-contract.ts';
import type { ConfirmedStay } from '../../features/availability/availability-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate } from '../db/sql-format.ts';
import { runningHold, takenStays } from './booking-sql.ts';

/**
 * The stays as the calendars read them: the property's calendar lock, the nights confirmed stays, holds
 * and blocks take, the occupancy month, a property's own feed, and what a stay overlaps.
 */

/**
 * Makes every later statement in this transaction wait while another one confirms a stay of the
 * property or replaces its blocks, with the lock the confirmation trigger of 20261122000400 and the
 * block trigger of 20261124000400 take. So an overlap check that follows sees every confirmation and
 * every block, including one committed a moment ago.
 */
export async function lockPropertyCalendar(tx: Transaction, property: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('public.booking_requests.property:' || $1, 0))`,
    [property],
  );
}

/**
 * Takes `lockPropertyCalendar`'s lock for booking `id`'s property when it is a hold (running or
 * lapsed), before its row is locked: confirming it takes that lock, and a stay written over a lapsed
 * hold takes it before it releases the hold's row, so taking them in this order never deadlocks.
 */
export async function lockCalendarOfHold(tx: Transaction, id: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('public.booking_requests.property:' || property, 0))
     from public.booking_requests where id = $1 and status in ('held', 'expired')`,
    [id],
  );
}

/** Whether a confirmed stay of the property, or a hold still running, shares a night with arrival–departure. */
export async function overlapsConfirmedStay(
  tx: Transaction,
  stay: { property: string; arrival: string; departure: string },
): Promise<boolean> {
  // The same half-open ranges as the exclusion constraint: leaving on the 8th frees the night of the 8th.
  const rows = await tx.query(
    `select 1 from ${takenStays} stay
     where property = $1 and daterange(arrival, departure, '[)') && daterange($2::date, $3::date, '[)')
     limit 1`,
    [stay.property, stay.arrival, stay.departure],
  );
  return rows.length > 0;
}

/** Whether a block imported from another platform's calendar shares a night with arrival–departure. */
export async function overlapsBlock(
  tx: Transaction,
  stay: { property: string; arrival: string; departure: string },
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from public.property_blocks
     where property = $1 and stay && daterange($2::date, $3::date, '[)') limit 1`,
    [stay.property, stay.arrival, stay.departure],
  );
  return rows.length > 0;
}

/** A block's nights: `start` is the first night, `end` the day they end (exclusive). */
export type BlockNights = { start: string; end: string };

/**
 * A property's taken nights that end after `from` and start by `through`, by arrival: its confirmed
 * stays, its running holds and its blocks, each as arrival–departure (a block never says whose or
 * where from).
 */
export async function listTakenNightsOf(
  tx: Transaction,
  property: string,
  { from, through }: { from: string; through: string },
): Promise<ConfirmedStay[]> {
  return tx.query<ConfirmedStay>(
    `select arrival, departure from (
       select ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
       from ${takenStays} stay
       where property = $1 and departure > $2::date and arrival <= $3::date
       union all
       select ${isoDate('lower(stay)')}, ${isoDate('upper(stay)')}
       from public.property_blocks
       where property = $1 and stay && daterange($2::date, $3::date, '[]')
     ) taken
     order by arrival, departure`,
    [property, from, through],
  );
}

/** A taken stay of some property, its dates as `YYYY-MM-DD` text. */
export type TakenStayOf = { property: string; arrival: string; departure: string };

/**
 * The query of `listTakenStaysBetween`, which `npm run bench:search` also explains. The stays' branch
 * is `takenStays`, whose rows are among the exclusion constraint's, so its GiST index answers it
 * without reading the other requests; the blocks' uses their (property, stay) GiST index.
 */
export const takenStaysBetweenSql = `select property, arrival, departure from (
    select property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
    from ${takenStays} stay
    where daterange(arrival, departure, '[)') && daterange($1::date, $2::date, '[)')
    union all
    select property, ${isoDate('lower(stay)')}, ${isoDate('upper(stay)')}
    from public.property_blocks
    where stay && daterange($1::date, $2::date, '[)')
  ) taken
  order by property, arrival`;

/**
 * Every confirmed stay, running hold and block of any property that shares a night with `from`–`through`
 * (half-open, like the stays), by property and arrival: one query for a whole search.
 */
export async function listTakenStaysBetween(
  tx: Transaction,
  { from, through }: { from: string; through: string },
): Promise<TakenStayOf[]> {
  return tx.query<TakenStayOf>(takenStaysBetweenSql, [from, through]);
}

export type PropertyStay = OccupancyStay & { property: string };

/**
 * The new and confirmed requests in use, and the holds still running, that hold a night of the month
 * starting `firstDay`, the ones that cross its edges too. The (property, arrival) index of migration
 * 20261122000400 serves it.
 */
export async function selectMonthStays(tx: Transaction, firstDay: string): Promise<PropertyStay[]> {
  return tx.query<PropertyStay>(
    `select id, reference, status, name, guests, property,
            ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
     from public.booking_requests
     where deleted_at is null and status = any($2::text[]) and (status <> 'held' or ${runningHold()})
       and daterange(arrival, departure, '[)') && daterange($1::date, ($1::date + interval '1 month')::date, '[)')
     order by property, arrival, reference`,
    [firstDay, occupancyStatuses],
  );
}

/**
 * A taken stay as a property's own feed publishes it: its reference and random UID, never its id, and
 * whether it is an instant booking's hold, not yet paid.
 */
export type PublishedStay = BlockNights & { uid: string; reference: string; held: boolean };

/**
 * A property's taken stays that end after `from`, by arrival, for its published feed: the confirmed
 * ones and the holds still running. A platform that reads the feed while a guest pays blocks the
 * nights too; a hold that lapses leaves the feed at once, and the platform's calendar at its next read.
 */
export async function selectPublishedStays(
  tx: Transaction,
  property: string,
  from: string,
): Promise<PublishedStay[]> {
  return tx.query<PublishedStay>(
    `select calendar_uid::text as uid, reference, ${isoDate('arrival')} as start, ${isoDate('departure')} as "end",
            status = 'held' as held
     from ${takenStays} stay
     where property = $1 and departure > $2::date
     order by arrival`,
    [property, from],
  );
}

/** A stay of a property, its dates as `YYYY-MM-DD` text. */
export type StayOf = { id: string; property: string; arrival: string; departure: string };

/** A confirmed stay (or a running hold) of the same property that shares a night with request `id`, the earliest. */
export async function selectConfirmedStayOverlapping(
  tx: Transaction,
  id: string,
): Promise<StayOf | undefined> {
  const [row] = await tx.query<StayOf>(
    `select other.id, other.property, ${isoDate('other.arrival')} as arrival, ${isoDate('other.departure')} as departure
     from public.booking_requests requested
     join ${takenStays} other
       on other.property = requested.property and other.id <> requested.id
      and daterange(other.arrival, other.departure, '[)') && daterange(requested.arrival, requested.departure, '[)')
     where requested.id = $1
     order by other.arrival
     limit 1`,
    [id],
  );
  return row;
}

/** A block that shares a night with request `id`, with its feed's label, the earliest; undefined if none. */
export async function selectBlockOverlapping(
  tx: Transaction,
  id: string,
): Promise<(BlockNights & { label: string }) | undefined> {
  const [row] = await tx.query<BlockNights & { label: string }>(
    `select ${isoDate('lower(b.stay)')} as start, ${isoDate('upper(b.stay)')} as "end", f.label
     from public.booking_requests r
     join public.property_blocks b on b.property = r.property and b.stay && daterange(r.arrival, r.departure, '[)')
     join public.property_calendar_feeds f on f.id = b.feed_id
     where r.id = $1
     order by lower(b.stay) limit 1`,
    [id],
  );
  return row;
}
