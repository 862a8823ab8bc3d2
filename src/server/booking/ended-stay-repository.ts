import type { Transaction } from '../db/database.ts';
import { isoDate } from '../db/sql-format.ts';
import { confirmedStays } from './booking-sql.ts';

/** Stays that ended, for those that follow them: the review invitations (`reviews/`) and the guest lists' retention (`guests/`). */

/** The ids of every booking, in the trash or not, whose stay ended before the day `dateSql` gives. */
export const bookingsDepartedBefore = (dateSql: string) =>
  `(select id from public.booking_requests where departure < ${dateSql})`;

/** A booking as its review needs it: whose it is, which home, when, whether it is a stay, and the guest's name. */
export type StayToReview = {
  id: string;
  userId: string | null;
  property: string;
  arrival: string;
  departure: string;
  /** Confirmed and not in the trash: a stay that happened, not a request or a cancelled one. */
  isStay: boolean;
  name: string;
};

/** Reads a booking as the caller for its review: a guest's RLS shows only their own. */
export async function selectStayToReview(tx: Transaction, id: string): Promise<StayToReview | undefined> {
  const [row] = await tx.query<StayToReview>(
    `select id, user_id as "userId", property, ${isoDate('arrival')} as arrival,
            ${isoDate('departure')} as departure,
            (status = 'confirmed' and deleted_at is null) as "isStay", name
     from public.booking_requests where id = $1`,
    [id],
  );
  return row;
}

/** Confirmed stays, not in the trash, that left from `from` to `through` (both included). */
export async function selectConfirmedDepartures(
  tx: Transaction,
  from: string,
  through: string,
): Promise<{ id: string; property: string }[]> {
  return tx.query(
    `select id, property from ${confirmedStays} stay
     where departure between $1::date and $2::date order by departure, id`,
    [from, through],
  );
}
