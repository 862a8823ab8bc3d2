import type {
  ArrivalPack,
  ArrivalPackInput,
  PackReader,
} from '../../../features/arrival-pack/arrival-pack-contract.ts';
import type { Transaction } from '../../db/database.ts';
import { isoTimestamp } from '../../db/sql-format.ts';
import { joinBookingRequest } from '../booking-sql.ts';
import { packColumns } from '../request-extras-repository.ts';

/** The SQL of the properties' arrival packs, their early releases and the emails that carry them. */

/** Every pack the caller may read, by property. */
export async function selectPacks(tx: Transaction): Promise<Map<string, ArrivalPack>> {
  const rows = await tx.query<ArrivalPack & { property: string }>(
    `select pack.property, ${packColumns} from public.arrival_packs pack`,
  );
  return new Map(rows.map(({ property, ...pack }) => [property, pack]));
}

/** Writes a property's pack whole, in the admin's name (RLS checks both). */
export async function upsertPack(tx: Transaction, property: string, pack: ArrivalPackInput, adminId: string) {
  await tx.query(
    `insert into public.arrival_packs (property, address, latitude, longitude, directions_from_cok,
       directions_from_trv, check_in_steps, caretaker_phone, wifi_name, wifi_password, house_manual, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (property) do update set address = excluded.address, latitude = excluded.latitude,
       longitude = excluded.longitude, directions_from_cok = excluded.directions_from_cok,
       directions_from_trv = excluded.directions_from_trv, check_in_steps = excluded.check_in_steps,
       caretaker_phone = excluded.caretaker_phone, wifi_name = excluded.wifi_name,
       wifi_password = excluded.wifi_password, house_manual = excluded.house_manual,
       updated_by = excluded.updated_by, updated_at = now()`,
    [
      property,
      pack.address,
      pack.latitude,
      pack.longitude,
      pack.directionsFromCok,
      pack.directionsFromTrv,
      pack.checkInSteps,
      pack.caretakerPhone,
      pack.wifiName,
      pack.wifiPassword,
      pack.houseManual,
      adminId,
    ],
  );
}

/** Whether a booking's pack is released, when the office released it early (if it did), and whether its home has a pack. */
export async function selectRelease(tx: Transaction, bookingId: string) {
  const [row] = await tx.query<{
    released: boolean;
    releasedEarlyAt: string | null;
    propertyHasPack: boolean;
  }>(
    `select public.arrival_pack_is_released(request.id) as released,
       (select ${isoTimestamp('release.released_at')} from public.arrival_pack_releases release
        where release.booking_request_id = request.id) as "releasedEarlyAt",
       exists (select 1 from public.arrival_packs pack where pack.property = request.property) as "propertyHasPack"
     from (select $1::uuid as id) as booking
     ${joinBookingRequest('booking.id')}
     where request.deleted_at is null`,
    [bookingId],
  );
  return row;
}

/** Releases a booking's pack before its deposit, in the admin's name; once. */
export async function insertRelease(
  tx: Transaction,
  bookingId: string,
  admin: { id: string; email: string },
) {
  await tx.query(
    `insert into public.arrival_pack_releases (booking_request_id, released_by, released_by_email)
     values ($1, $2, $3) on conflict do nothing`,
    [bookingId, admin.id, admin.email || null],
  );
}

/** Claims the email that carries a booking's pack; false when another run claimed it first. */
export async function claimPackEmail(tx: Transaction, bookingId: string): Promise<boolean> {
  const claimed = await tx.query(
    'insert into public.arrival_pack_emails (booking_request_id) values ($1) on conflict do nothing returning booking_request_id',
    [bookingId],
  );
  return claimed.length > 0;
}

/** Records which outbox row carried a booking's pack. */
export async function recordPackEmail(tx: Transaction, bookingId: string, emailId: string): Promise<void> {
  await tx.query('update public.arrival_pack_emails set email_id = $2 where booking_request_id = $1', [
    bookingId,
    emailId,
  ]);
}

/** Whether an email already carried (or is carrying) a booking's pack. */
export async function packEmailed(tx: Transaction, bookingId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from public.arrival_pack_emails where booking_request_id = $1', [
    bookingId,
  ]);
  return rows.length > 0;
}

/**
 * The guests of confirmed stays in use not yet over (the pack is theirs to the day after departure),
 * each property's soonest `perProperty`, with whether the pack is released to them and emailed.
 */
export async function selectPackReaders(
  tx: Transaction,
  today: string,
  perProperty: number,
): Promise<(PackReader & { property: string })[]> {
  return tx.query<PackReader & { property: string }>(
    `select "bookingId", reference, "guestName", property, arrival, released, emailed from (
       select request.id as "bookingId", request.reference, request.name as "guestName", request.property,
              to_char(request.arrival, 'YYYY-MM-DD') as arrival,
              public.arrival_pack_is_released(request.id) as released,
              exists (select 1 from public.arrival_pack_emails email where email.booking_request_id = request.id)
                as emailed,
              row_number() over (partition by request.property order by request.arrival, request.id) as place
       from dashboard.booking_requests request
       where request.status = 'confirmed' and request.deleted_at is null and request.departure + 1 >= $1::date
     ) readers
     where place <= $2
     order by property, arrival, "bookingId"`,
    [today, perProperty],
  );
}
