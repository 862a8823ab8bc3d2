import type { Transaction } from '../db/database.ts';

/**
 * The SQL of `app_private.unconfirmed_booking_requests`: requests typed by a guest who is not signed
 * in, kept until the emailed link proves the address (migration 20261203003010). Run as service_role.
 */

export type UnconfirmedRequestRow = {
  request: unknown;
  client_key: string;
  sent_at: Date | null;
  expired: boolean;
};

/** Keeps a request as typed, for a day; answers its id, which the link and the page name it by. */
export async function insertUnconfirmedRequest(
  tx: Transaction,
  unconfirmed: { email: string; request: unknown; clientKey: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into app_private.unconfirmed_booking_requests (email, request, client_key)
     values (lower($1), $2::jsonb, $3) returning id`,
    [unconfirmed.email, JSON.stringify(unconfirmed.request), unconfirmed.clientKey],
  );
  return row?.id as string;
}

/**
 * The request `id` typed with `email`, locked until the caller's transaction ends; undefined when there
 * is none for that address (another address's request is nobody else's to send).
 */
export async function lockUnconfirmedRequest(
  tx: Transaction,
  id: string,
  email: string,
): Promise<UnconfirmedRequestRow | undefined> {
  const [row] = await tx.query<UnconfirmedRequestRow>(
    `select request, client_key, sent_at, expires_at <= now() as expired
     from app_private.unconfirmed_booking_requests where id = $1 and email = lower($2) for update`,
    [id, email],
  );
  return row;
}

/** Records that the request was sent, as the booking request `bookingRequestId`. */
export async function markUnconfirmedRequestSent(tx: Transaction, id: string, bookingRequestId: string) {
  await tx.query(
    `update app_private.unconfirmed_booking_requests
     set sent_at = coalesce(sent_at, now()), booking_request_id = $2 where id = $1`,
    [id, bookingRequestId],
  );
}

/** Deletes the requests whose day is over, sent or not; answers how many. */
export async function deleteExpiredUnconfirmedRequests(tx: Transaction): Promise<number> {
  const deleted = await tx.query(
    'delete from app_private.unconfirmed_booking_requests where expires_at < now() returning 1',
  );
  return deleted.length;
}
