import type { ArrivalPack } from '../../features/arrival-pack/arrival-pack-contract.ts';
import type { MessageAuthor } from '../../features/booking/booking-message-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoTimestamp } from '../db/sql-format.ts';
import { joinBookingRequest } from './booking-sql.ts';

/**
 * What a list of bookings shows beside each (the guest's account, the office's inbox): its unread
 * messages and its released arrival pack. Kept beside the booking's own reads, below the folders of its
 * messages and arrival packs, so the booking's lists read them without importing those folders, which
 * build on the booking.
 */

/** The columns of an arrival pack, as every read of one answers them (`arrival-packs/` reads them too). */
export const packColumns = `pack.address, pack.latitude::float8 as latitude, pack.longitude::float8 as longitude,
  pack.directions_from_cok as "directionsFromCok", pack.directions_from_trv as "directionsFromTrv",
  pack.check_in_steps as "checkInSteps", pack.caretaker_phone as "caretakerPhone",
  pack.wifi_name as "wifiName", pack.wifi_password as "wifiPassword", pack.house_manual as "houseManual",
  ${isoTimestamp('pack.updated_at')} as "updatedAt"`;

/** How many messages `reader` has not read yet on each of `bookingIds` (bookings with none are absent). */
export async function countUnread(
  tx: Transaction,
  bookingIds: string[],
  reader: MessageAuthor,
): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.query<{ booking_request_id: string; unread: number }>(
    `select booking_request_id, count(*)::int as unread from public.booking_messages
     where booking_request_id = any($1::uuid[]) and author <> $2 and read_at is null
     group by booking_request_id`,
    [bookingIds, reader],
  );
  return new Map(rows.map((row) => [row.booking_request_id, row.unread]));
}

/** The SQL of a booking's unread count for the office, as a column of the inbox's list and detail. */
export const unreadByOfficeSql = (bookingIdColumn: string) =>
  `(select count(*)::int from public.booking_messages message
   
    where message.booking_request_id = ${bookingIdColumn} and message.author = 'guest' and message.read_at is null)`;

/**
 * The pack of each of `bookingIds` that is released to it, as the caller may read it: RLS shows a
 * guest only the packs of homes they hold a released booking of, and each booking is checked itself.
 */
export async function selectReleasedPacks(
  tx: Transaction,
  bookingIds: string[],
): Promise<Map<string, ArrivalPack>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx.query<ArrivalPack & { bookingId: string }>(
    `select booking.id as "bookingId", ${packColumns}
     from unnest($1::uuid[]) as booking (id)
     ${joinBookingRequest('booking.id')}
     join public.arrival_packs pack on pack.property = request.property
     where public.arrival_pack_is_released(booking.id)`,
    [bookingIds],
  );
  return new Map(rows.map(({ bookingId, ...pack }) => [bookingId, pack]));
}
