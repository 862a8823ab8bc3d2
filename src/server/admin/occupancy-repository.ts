import { type OccupancyStay, occupancyStatuses } from '../../features/admin/admin-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate } from './collections.ts';

export type PropertyStay = OccupancyStay & { property: string };

/**
 * The new and confirmed requests in use that hold a night of the month starting `firstDay`, the ones
 * that cross its edges too. Runs as the admin, so RLS decides as well; the (property, arrival) index
 * of migration 20261122000400 serves it.
 */
export async function selectMonthStays(tx: Transaction, firstDay: string): Promise<PropertyStay[]> {
  return tx.query<PropertyStay>(
    `select id, reference, status, name, guests, property,
            ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
     from public.booking_requests
     where deleted_at is null and status = any($2::text[])
       and daterange(arrival, departure, '[)') && daterange($1::date, ($1::date + interval '1 month')::date, '[)')
     order by property, arrival, reference`,
    [firstDay, occupancyStatuses],
  );
}
