import type { Transaction } from '../../db/database.ts';
import { isoDate } from '../../db/sql-format.ts';
import { confirmedStays } from '../booking-sql.ts';
import { bookingsDepartedBefore } from '../ended-stay-repository.ts';
import type { Sealed } from './guest-details-cipher.ts';

/**
 * The SQL of `booking_guest_lists` and `guest_list_reads`. Only the server's role may touch the lists
 * (migration 20261129000100), so every query here runs as service_role, after the service has decided
 * who may see which booking.
 */

export type StoredGuestList = Sealed & { arrivalTime: string; updatedAt: string };

/** A booking's list, sealed, or undefined. */
export async function selectGuestList(
  tx: Transaction,
  bookingId: string,
): Promise<StoredGuestList | undefined> {
  const [row] = await tx.query<StoredGuestList>(
    `select arrival_time as "arrivalTime", details, key_id as "keyId", updated_at as "updatedAt"
     from public.booking_guest_lists where booking_request_id = $1`,
    [bookingId],
  );
  return row && { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}

/** Stores a booking's list, replacing the one before: a booking has one list, however often it is sent. */
export async function upsertGuestList(
  tx: Transaction,
  bookingId: string,
  list: Sealed & { arrivalTime: string; foreignGuests: number; updatedBy: string },
): Promise<void> {
  await tx.query(
    `insert into public.booking_guest_lists
       (booking_request_id, arrival_time, foreign_guests, details, key_id, updated_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (booking_request_id) do update set
       arrival_time = excluded.arrival_time, foreign_guests = excluded.foreign_guests,
       details = excluded.details, key_id = excluded.key_id, updated_by = excluded.updated_by,
       updated_at = now()`,
    [bookingId, list.arrivalTime, list.foreignGuests, list.details, list.keyId, list.updatedBy],
  );
}

/** A confirmed stay's facts as the guest list's window and the Form C export need them. */
export type GuestListStay = {
  id: string;
  reference: string;
  property: string;
  arrival: string;
  departure: string;
};

/** A confirmed stay not in the trash, or undefined. */
export async function selectConfirmedStay(
  tx: Transaction,
  bookingId: string,
): Promise<GuestListStay | undefined> {
  const [row] = await tx.query<GuestListStay>(
    `select id, reference, property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
     from ${confirmedStays} stay where id = $1`,
    [bookingId],
  );
  return row;
}

/** The confirmed stays arriving on `day` whose lists have foreign guests, with those lists. */
export async function selectFormCLists(
  tx: Transaction,
  day: string,
): Promise<(GuestListStay & StoredGuestList)[]> {
  const rows = await tx.query<GuestListStay & StoredGuestList>(
    `select stay.id, stay.reference, stay.property, ${isoDate('stay.arrival')} as arrival,
       ${isoDate('stay.departure')} as departure, list.arrival_time as "arrivalTime", list.details,
       list.key_id as "keyId", list.updated_at as "updatedAt"
     from ${confirmedStays} stay
     join public.booking_guest_lists list on list.booking_request_id = stay.id
     where stay.arrival = $1::date and list.foreign_guests > 0
     order by list.arrival_time, stay.reference`,
    [day],
  );
  return rows.map((row) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() }));
}

export type GuestListReadPurpose = 'booking_detail' | 'form_c_page' | 'form_c_csv';

/** Records that an admin read these bookings' lists decrypted, and why. */
export async function insertGuestListReads(
  tx: Transaction,
  bookingIds: readonly string[],
  admin: { id: string; email: string | null },
  purpose: GuestListReadPurpose,
  exportDay: string | null = null,
): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.query(
    `insert into public.guest_list_reads (booking_request_id, admin_id, admin_email, purpose, export_day)
     select booking, $2, $3, $4, $5::date from unnest($1::uuid[]) booking`,
    [bookingIds, admin.id, admin.email, purpose, exportDay],
  );
}

/**
 * Deletes the lists of every booking (confirmed or not any more) whose departure is before
 * `lastKeptDeparture`; answers how many went.
 */
export async function deleteGuestListsDepartedBefore(
  tx: Transaction,
  lastKeptDeparture: string,
): Promise<number> {
  const rows = await tx.query(
    `delete from public.booking_guest_lists
     where booking_request_id in ${bookingsDepartedBefore('$1::date')}
     returning booking_request_id`,
    [lastKeptDeparture],
  );
  return rows.length;
}
