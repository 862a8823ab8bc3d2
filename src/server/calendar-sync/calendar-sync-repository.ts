import { confirmedStays } from '../booking/booking-sql.ts';
import { type BlockNights, lockPropertyCalendar } from '../booking/stay-repository.ts';
import type { Transaction } from '../db/database.ts';
import type { FeedEvent } from './ical-format.ts';

/** The SQL of calendar sync. Dates leave the database as `YYYY-MM-DD` text, never as JS Dates. */

/** A block as a month's calendar shows it: whose nights, from which feed. */
export type MonthBlock = BlockNights & {
  id: string;
  property: string;
  label: string;
  summary: string | null;
};

/**
 * Every property's blocks that share a night with the month `YYYY-MM`, by property and first night:
 * for the dashboard's occupancy calendar, which shows them beside the confirmed stays.
 */
export async function listMonthBlocks(tx: Transaction, month: string): Promise<Map<string, MonthBlock[]>> {
  const rows = await tx.query<MonthBlock>(
    `select b.id, b.property, to_char(lower(b.stay), 'YYYY-MM-DD') as start,
            to_char(upper(b.stay), 'YYYY-MM-DD') as "end", f.label, b.summary
     from public.property_blocks b join public.property_calendar_feeds f on f.id = b.feed_id
     where b.stay && daterange(($1 || '-01')::date, (($1 || '-01')::date + interval '1 month')::date, '[)')
     order by b.property, lower(b.stay)`,
    [month],
  );
  const byProperty = new Map<string, MonthBlock[]>();
  for (const row of rows) byProperty.set(row.property, [...(byProperty.get(row.property) ?? []), row]);
  return byProperty;
}

export type FeedRow = {
  id: string;
  property: string;
  label: string;
  url: string;
  last_tried_at: Date | null;
  last_synced_at: Date | null;
  last_error: string | null;
  last_warning: string | null;
  block_count: number;
};

/** The feeds of one property, or of every property, oldest first, with how many blocks each holds. */
export async function listFeeds(tx: Transaction, property?: string): Promise<FeedRow[]> {
  return tx.query<FeedRow>(
    `select ${feedColumns}
     from public.property_calendar_feeds f
     where $1::text is null or f.property = $1
     order by f.property, f.created_at, f.id`,
    [property ?? null],
  );
}

const feedColumns = `f.id, f.property, f.label, f.url, f.last_tried_at, f.last_synced_at, f.last_error,
  f.last_warning, (select count(*)::int from public.property_blocks b where b.feed_id = f.id) as block_count`;

/**
 * Where a run of the import queue draws the line: feeds last tried before this moment (the database's
 * clock, to the microsecond, as text so it stays so) are due. `dueAfterSeconds` 0 makes every feed due
 * once in the run: it began at this moment, so a feed it imports is not due again within it.
 */
export async function importQueueCutoff(tx: Transaction, dueAfterSeconds: number): Promise<string> {
  const [row] = await tx.query<{ cutoff: string }>(
    'select (now() - make_interval(secs => $1))::text as cutoff',
    [dueAfterSeconds],
  );
  return row?.cutoff ?? '-infinity';
}

/** The feeds a run may take: due at `cutoff` (of one property, or all), and claimed by no run now. */
export type ImportQueue = { cutoff: string; property?: string };

const dueCondition = `(last_tried_at is null or last_tried_at < $1::timestamptz)
  and (import_claimed_until is null or import_claimed_until <= now())
  and ($2::text is null or property = $2)`;

/**
 * Claims the next feed due for import, for `leaseSeconds`, in the import's order: the never-tried
 * first, then the least recently tried, and those that failed last time after every other (so one that
 * keeps failing never holds up the rest, and a feed a run had no time for comes first in the next);
 * skipping a row another run is claiming this instant. Undefined when none is due.
 */
export async function claimDueFeed(
  tx: Transaction,
  queue: ImportQueue,
  leaseSeconds: number,
): Promise<FeedRow | undefined> {
  const [row] = await tx.query<FeedRow>(
    `update public.property_calendar_feeds f
     set import_claimed_until = now() + make_interval(secs => $3)
     where f.id = (
       select id from public.property_calendar_feeds
       where ${dueCondition}
       order by (last_error is not null), last_tried_at nulls first, created_at, id
       limit 1
       for update skip locked
     )
     returning ${feedColumns}`,
    [queue.cutoff, queue.property ?? null, leaseSeconds],
  );
  return row;
}

/** How many feeds are due and not claimed: what a run leaves for the next. */
export async function countDueFeeds(tx: Transaction, queue: ImportQueue): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `select count(*)::int as count from public.property_calendar_feeds where ${dueCondition}`,
    [queue.cutoff, queue.property ?? null],
  );
  return row?.count ?? 0;
}

/** Adds a feed; undefined when the property already has this URL. */
export async function insertFeed(
  tx: Transaction,
  feed: { property: string; label: string; url: string },
): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `insert into public.property_calendar_feeds (property, label, url) values ($1, $2, $3)
     on conflict on constraint property_calendar_feeds_one_url_per_property do nothing
     returning id`,
    [feed.property, feed.label, feed.url],
  );
  return row?.id;
}

/** Removes a feed of a property with its blocks; whether there was one. */
export async function deleteFeed(tx: Transaction, property: string, id: string): Promise<boolean> {
  const rows = await tx.query(
    'delete from public.property_calendar_feeds where id = $1 and property = $2 returning id',
    [id, property],
  );
  return rows.length > 0;
}

/** Notes a failed import: the time and why, leaving the blocks and the last success as they were. */
export async function recordFeedFailure(tx: Transaction, id: string, error: string): Promise<void> {
  await tx.query(
    `update public.property_calendar_feeds
     set last_tried_at = now(), last_error = $2, import_claimed_until = null
     where id = $1`,
    [id, error.slice(0, 500)],
  );
}

/**
 * Makes the feed's blocks exactly `events`, in the caller's transaction, under the property's calendar
 * lock: rows still in the feed are kept (with their alert state), the rest go, new ones come. `note`
 * (what the reading cut or left out, or null) replaces the feed's last one. Answers how many blocks
 * the feed holds now.
 */
export async function replaceFeedBlocks(
  tx: Transaction,
  feed: { id: string; property: string },
  events: FeedEvent[],
  note: string | null,
): Promise<number> {
  await lockPropertyCalendar(tx, feed.property);
  const payload = JSON.stringify(
    events.map(({ uid, start, end, summary }) => ({ uid, start, end, summary })),
  );
  await tx.query(
    `with wanted as (
       select distinct on (uid, start, "end") uid, start, "end", summary
       from jsonb_to_recordset($2::jsonb) as e(uid text, start date, "end" date, summary text)
     )
     delete from public.property_blocks b
     where b.feed_id = $1
       and not exists (
         select 1 from wanted w where w.uid = b.uid and daterange(w.start, w."end", '[)') = b.stay
       )`,
    [feed.id, payload],
  );
  await tx.query(
    `with wanted as (
       select distinct on (uid, start, "end") uid, start, "end", summary
       from jsonb_to_recordset($3::jsonb) as e(uid text, start date, "end" date, summary text)
     )
     insert into public.property_blocks (property, stay, feed_id, uid, summary)
     select $2, daterange(w.start, w."end", '[)'), $1, w.uid, w.summary
     from wanted w
     where not exists (
       select 1 from public.property_blocks b
       where b.feed_id = $1 and b.uid = w.uid and b.stay = daterange(w.start, w."end", '[)')
     )`,
    [feed.id, feed.property, payload],
  );
  await tx.query(
    `update public.property_calendar_feeds
     set last_tried_at = now(), last_synced_at = now(), last_error = null, last_warning = $2,
         import_claimed_until = null
     where id = $1`,
    [feed.id, note?.slice(0, 500) ?? null],
  );
  const [row] = await tx.query<{ count: number }>(
    'select count(*)::int as count from public.property_blocks where feed_id = $1',
    [feed.id],
  );
  return row?.count ?? 0;
}

/** A block of a feed that shares a night with a stay confirmed here, and the office has not been told. */
export type UntoldConflict = {
  blockId: string;
  start: string;
  end: string;
  summary: string | null;
  bookingRequestId: string;
  reference: string;
  arrival: string;
  departure: string;
};

/** Each block of the feed that overlaps a confirmed stay and has no alert yet, with one such stay. */
export async function listUntoldConflicts(tx: Transaction, feedId: string): Promise<UntoldConflict[]> {
  return tx.query<UntoldConflict>(
    `select distinct on (b.id) b.id as "blockId", to_char(lower(b.stay), 'YYYY-MM-DD') as start,
            to_char(upper(b.stay), 'YYYY-MM-DD') as "end", b.summary, r.id as "bookingRequestId", r.reference,
            to_char(r.arrival, 'YYYY-MM-DD') as arrival, to_char(r.departure, 'YYYY-MM-DD') as departure
     from public.property_blocks b
     join ${confirmedStays} r
       on r.property = b.property and daterange(r.arrival, r.departure, '[)') && b.stay
     where b.feed_id = $1 and b.office_alerted_at is null
     order by b.id, r.arrival`,
    [feedId],
  );
}

export async function markConflictTold(tx: Transaction, blockId: string): Promise<void> {
  await tx.query('update public.property_blocks set office_alerted_at = now() where id = $1', [blockId]);
}

/** A block as the dashboard lists it, with the references of the confirmed stays it overlaps. */
export type BlockRow = BlockNights & {
  id: string;
  property: string;
  label: string;
  summary: string | null;
  conflicts: string[];
};

/** Every property's blocks that end after `from`, by property and first night. */
export async function listComingBlocks(tx: Transaction, from: string): Promise<BlockRow[]> {
  return tx.query<BlockRow>(
    `select b.id, b.property, to_char(lower(b.stay), 'YYYY-MM-DD') as start,
            to_char(upper(b.stay), 'YYYY-MM-DD') as "end", f.label, b.summary,
            coalesce((select array_agg(r.reference order by r.arrival) from ${confirmedStays} r
                      where r.property = b.property and daterange(r.arrival, r.departure, '[)') && b.stay),
                     '{}') as conflicts
     from public.property_blocks b join public.property_calendar_feeds f on f.id = b.feed_id
     where upper(b.stay) > $1::date
     order by b.property, lower(b.stay), b.id`,
    [from],
  );
}

/** When each property's own feed link was made. */
export async function listLinkDates(tx: Transaction): Promise<Map<string, Date>> {
  const rows = await tx.query<{ property: string; created_at: Date }>(
    'select property, created_at from public.property_calendar_links',
  );
  return new Map(rows.map((row) => [row.property, row.created_at]));
}

/** Stores the hash of a property's new feed token, replacing the old one. */
export async function upsertLinkHash(tx: Transaction, property: string, sha256: Buffer): Promise<Date> {
  const [row] = await tx.query<{ created_at: Date }>(
    `insert into public.property_calendar_links (property, token_sha256) values ($1, $2)
     on conflict (property) do update set token_sha256 = excluded.token_sha256, created_at = now()
     returning created_at`,
    [property, sha256],
  );
  if (!row) throw new Error('The calendar link upsert returned no row');
  return row.created_at;
}

/** The property whose feed token hashes to `sha256`, if any. */
export async function findLinkProperty(tx: Transaction, sha256: Buffer): Promise<string | undefined> {
  const [row] = await tx.query<{ property: string }>(
    'select property from public.property_calendar_links where token_sha256 = $1',
    [sha256],
  );
  return row?.property;
}

/** A property's blocks that end after `from`, by first night, each with the random UID its feed publishes it under. */
export async function listPublishedBlocks(
  tx: Transaction,
  property: string,
  from: string,
): Promise<(BlockNights & { uid: string })[]> {
  return tx.query<BlockNights & { uid: string }>(
    `select calendar_uid::text as uid, to_char(lower(stay), 'YYYY-MM-DD') as start,
            to_char(upper(stay), 'YYYY-MM-DD') as "end"
     from public.property_blocks where property = $1 and upper(stay) > $2::date
     order by lower(stay)`,
    [property, from],
  );
}
