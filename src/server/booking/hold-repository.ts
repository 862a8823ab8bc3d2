import type { Transaction } from '../db/database.ts';
import { isoTimestamp } from '../db/sql-format.ts';
import { runningHold } from './booking-sql.ts';

/**
 * The SQL that keeps instant book's holds within reason: whose running holds there are, by account and
 * by the client they were made from (app_private.hold_clients, migration 20261202000100). The hold
 * itself is a booking row (request-repository.ts); this file counts them, and says when
 * each of a guest's holds ends (read on the account page, as the guest: RLS decides which rows come back).
 */

/** A hold that still keeps its nights and is not in the trash. */
const isRunning = (alias: string) => `(${runningHold(alias)} and ${alias}.deleted_at is null)`;

/**
 * Holds the account's and the client's hold counts still until the caller's transaction ends, so two
 * submits at once (from two tabs, or two accounts on one connection) are counted one after the other.
 * Taken before the property's calendar lock, the one order every path takes them in.
 */
export async function lockHoldCounts(tx: Transaction, userId: string, client: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('instant-hold:account:' || $1, 0)),
            pg_advisory_xact_lock(hashtextextended('instant-hold:client:' || $2, 0))`,
    [userId, client],
  );
}

export type RunningHold = { reference: string; property: string; heldUntil: string };

/** The account's running hold, if it has one. */
export async function selectRunningHoldOf(tx: Transaction, userId: string): Promise<RunningHold | undefined> {
  const [row] = await tx.query<RunningHold>(
    `select request.reference, request.property, ${isoTimestamp('request.held_until')} as "heldUntil"
     from public.booking_requests request
     where request.user_id = $1 and ${isRunning('request')}
     order by request.held_until limit 1`,
    [userId],
  );
  return row;
}

/**
 * The running holds made from `client`: how many, how many of them on `property`, and when the first
 * of them ends. Forgets first the clients of holds that run no more, so an address is kept only while
 * its hold may still keep nights.
 */
export async function countRunningHoldsFrom(
  tx: Transaction,
  client: string,
  property: string,
): Promise<{ running: number; onProperty: number; firstEnds: string | null }> {
  await tx.query(
    `delete from app_private.hold_clients held
     where not exists (select 1 from public.booking_requests request
                       where request.id = held.booking_request_id and ${isRunning('request')})`,
  );
  const [row] = await tx.query<{ running: number; onProperty: number; firstEnds: string | null }>(
    `select count(*)::int as running,
       count(*) filter (where request.property = $2)::int as "onProperty",
       ${isoTimestamp('min(request.held_until)')} as "firstEnds"
     from app_private.hold_clients held
     join public.booking_requests request on request.id = held.booking_request_id
     where held.client = $1 and ${isRunning('request')}`,
    [client, property],
  );
  return row ?? { running: 0, onProperty: 0, firstEnds: null };
}

/** Records the client a hold was made from. */
export async function recordHoldClient(tx: Transaction, bookingId: string, client: string): Promise<void> {
  await tx.query('insert into app_private.hold_clients (booking_request_id, client) values ($1, $2)', [
    bookingId,
    client,
  ]);
}

/** An instant booking's hold as its card reads it: when it ends while the booking is still held, else null. */
export type OwnHold = { heldUntil: string | null };

/**
 * The holds of these bookings, by booking id: every booking made instantly has one (its `held_until`
 * stays once it is paid or lapses), its end given only while it is still held. A booking sent as a
 * request is left out.
 */
export async function selectHolds(tx: Transaction, bookingIds: string[]): Promise<Map<string, OwnHold>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.query<{ id: string; heldUntil: string | null }>(
    `select id, case when status = 'held' then ${isoTimestamp('held_until')} end as "heldUntil"
     from public.booking_requests
     where id = any($1::uuid[]) and held_until is not null`,
    [bookingIds],
  );
  return new Map(rows.map((row) => [row.id, { heldUntil: row.heldUntil }]));
}
