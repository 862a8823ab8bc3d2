import type { Transaction } from '../db/database.ts';

/** A confirmed stay of some property, its dates as `YYYY-MM-DD` text. */
export type ConfirmedStayOf = { property: string; arrival: string; departure: string };

/**
 * Every confirmed, non-deleted stay of any property that shares a night with `from`–`through`
 * (half-open, like the stays), by property and arrival: one query for a whole search. The condition
 * repeats the exclusion constraint's own (`daterange … &&` where confirmed and not deleted), so its
 * GiST index answers it without reading the other requests.
 */
export async function listConfirmedStaysBetween(
  tx: Transaction,
  { from, through }: { from: string; through: string },
): Promise<ConfirmedStayOf[]> {
  return tx.query<ConfirmedStayOf>(confirmedStaysBetweenSql, [from, through]);
}

/** The query itself, which `npm run bench:search` also explains. */
export const confirmedStaysBetweenSql = `select property, to_char(arrival, 'YYYY-MM-DD') as arrival,
    to_char(departure, 'YYYY-MM-DD') as departure
  from public.booking_requests
  where status = 'confirmed' and deleted_at is null
    and daterange(arrival, departure, '[)') && daterange($1::date, $2::date, '[)')
  order by property, arrival`;
