import type { Transaction } from '../db/database.ts';
import { isoTimestamp } from '../db/sql-format.ts';

/**
 * What the account page reads beside a guest's bookings that the booking list does not carry: the end
 * of each hold (its money, payments and refunds whatever the status, comes from payments' own reads).
 * Run as the guest: RLS alone decides which rows come back.
 */

/** When each held booking's hold ends (ISO timestamps), by booking id; bookings not held are left out. */
export async function selectHoldEnds(tx: Transaction, bookingIds: string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.query<{ id: string; heldUntil: string }>(
    `select id, ${isoTimestamp('held_until')} as "heldUntil"
     from public.booking_requests
     where id = any($1::uuid[]) and status = 'held' and held_until is not null`,
    [bookingIds],
  );
  return new Map(rows.map((row) => [row.id, row.heldUntil]));
}
