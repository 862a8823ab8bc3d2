import type { Transaction } from '../db/database.ts';

/** A confirmed stay of some property, its dates as `YYYY-MM-DD` text. */
export type ConfirmedStayOf = { property: string; arrival: string; departure: string };

/**
 * Every confirmed, non-deleted stay and every block (imported from another platform's calendar) of any
 * property that shares a night with `from`–`through` (half-open, like the stays), by property and
 * arrival: one query for a whole search. The stays' condition repeats the exclusion constraint's own
 * (`daterange … &&` where confirmed and not deleted), so its GiST index answers it without reading the
 * other requests; the blocks' uses their (property, stay) GiST index.
 */
export async function listTakenStaysBetween(
  tx: Transaction,
  { from, through }: { from: string; through: string },
): Promise<ConfirmedStayOf[]> {
  return tx.query<ConfirmedStayOf>(takenStaysBetweenSql, [from, through]);
}

/** The query itself, which `npm run bench:search` also explains. */
export const takenStaysBetweenSql = `select property, arrival, departure from (
    select property, to_char(arrival, 'YYYY-MM-DD') as arrival, to_char(departure, 'YYYY-MM-DD') as departure
    from public.booking_requests
    where status = 'confirmed' and deleted_at is null
      and daterange(arrival, departure, '[)') && daterange($1::date, $2::date, '[)')
    union all
    select property, to_char(lower(stay), 'YYYY-MM-DD'), to_char(upper(stay), 'YYYY-MM-DD')
    from public.property_blocks
    where stay && daterange($1::date, $2::date, '[)')
  ) taken
  order by property, arrival`;
