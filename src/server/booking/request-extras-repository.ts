import type { ArrivalPack } from '../../features/arrival-pack/arrival-pack-contract.ts';
import type { BookingStatus } from '../../features/booking/booking-contract.ts';
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

/** A guest's message the office has not read, with the booking it is about; `unreadCount` is every such message. */
export type UnreadGuestMessageRow = {
  id: string;
  bookingId: string;
  reference: string;
  name: string;
  property: string;
  status: BookingStatus;
  arrival: string;
  departure: string;
  preview: string;
  sentAt: string;
  unreadCount: number;
};

/**
 * The guests' messages the office has not read, newest first, on bookings in use, at most `limit`,
 * each with its booking. Reading them marks nothing (markMessagesRead does, by the office's own act).
 */
export async function selectUnreadGuestMessages(
  tx: Transaction,
  limit: number,
): Promise<UnreadGuestMessageRow[]> {
  return tx.query<UnreadGuestMessageRow>(
    `select message.id, booking.id as "bookingId", booking.reference, booking.name, booking.property,
            booking.status, to_char(booking.arrival, 'YYYY-MM-DD') as arrival,
            to_char(booking.departure, 'YYYY-MM-DD') as departure,
            left(message.body, 160) as preview, ${isoTimestamp('message.created_at')} as "sentAt",
            (count(*) over ())::int as "unreadCount"
     from public.booking_messages message
     join dashboard.booking_requests booking on booking.id = message.booking_request_id
     where message.author = 'guest' and message.read_at is null and booking.deleted_at is null
     order by message.created_at desc, message.id desc
     limit $1`,
    [limit],
  );
}

/**
 * The SQL conditions of the office's message filters over a booking's id column: `unread`, a guest's
 * message the office has not read; `needs-reply`, the guest wrote last (read or not) and the office has
 * not answered since.
 */
export const messageFilterSql = (bookingIdColumn: string) =>
  ({
    unread: `exists (select 1 from public.booking_messages message
      where message.booking_request_id = ${bookingIdColumn} and message.author = 'guest' and message.read_at is null)`,
    'needs-reply': `(select message.author from public.booking_messages message
      where message.booking_request_id = ${bookingIdColumn}
      order by message.created_at desc, message.id desc limit 1) = 'guest'`,
  }) as const;

/** The SQL selecting the bookings whose guest wrote what the office has not read (the partial index of 20261203004000). */
export const unreadGuestMessagesBookingsSql = `select booking_request_id from public.booking_messages
  where author = 'guest' and read_at is null`;

/** A booking whose guest may read its arrival pack now, arriving soon at a home with no pack written. */
export type PackWaitingRow = {
  id: string;
  reference: string;
  name: string;
  property: string;
  arrival: string;
  departure: string;
};

/**
 * Confirmed bookings in use arriving from `from` to `through` (both included) whose pack is released
 * (the deposit paid, or released early) while their home has no pack: the guest is owed one and would
 * see nothing. Soonest first, at most `limit`.
 */
export async function selectPacksWaiting(
  tx: Transaction,
  window: { from: string; through: string; limit: number },
): Promise<PackWaitingRow[]> {
  return tx.query<PackWaitingRow>(
    `select request.id, request.reference, request.name, request.property,
            to_char(request.arrival, 'YYYY-MM-DD') as arrival, to_char(request.departure, 'YYYY-MM-DD') as departure
     from dashboard.booking_requests request
     where request.status = 'confirmed' and request.deleted_at is null
       and request.arrival between $1::date and $2::date
       and not exists (select 1 from public.arrival_packs pack where pack.property = request.property)
       and public.arrival_pack_is_released(request.id)
     order by request.arrival, request.id
     limit $3`,
    [window.from, window.through, window.limit],
  );
}
