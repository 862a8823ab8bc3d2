import type { RefundStatus } from '../../features/payment/refund-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';

/**
 * What the account page reads beside a guest's bookings that the booking list does not carry: the end
 * of each hold, and the refunds of each booking, whatever its status (a cancelled booking keeps its
 * money on its card). Run as the guest: RLS alone decides which rows come back.
 */

export type OwnRefund = {
  id: string;
  bookingId: string;
  amountPence: number;
  status: RefundStatus;
  /** The Kerala day it was asked for. */
  askedOn: string;
};

/** The refunds of the given bookings, oldest first. */
export async function selectOwnRefunds(tx: Transaction, bookingIds: string[]): Promise<OwnRefund[]> {
  if (bookingIds.length === 0) return [];
  return tx.query<OwnRefund>(
    `select id, booking_request_id as "bookingId", amount_pence as "amountPence", status,
            ${isoDate(`created_at at time zone '${officeTimeZone}'`)} as "askedOn"
     from public.payment_refunds where booking_request_id = any($1::uuid[])
     order by created_at, id`,
    [bookingIds],
  );
}

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
