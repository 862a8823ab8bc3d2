import type { AccountBookingRequest, BookingRequestInput } from '../../features/booking/booking-contract.ts';
import type { Quote, QuoteLine } from '../../lib/pricing.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';
import { confirmedOn } from './booking-sql.ts';

/**
 * Booking requests as the guest's and the office's services write and read them one at a time: insert,
 * the guest's own list and one booking for their emails, status changes and the refusals the database
 * answers them with, lapsed holds, a booking's owner.
 */

/** A request's reference, or undefined when there is no request with this id. */
export async function selectBookingReference(tx: Transaction, id: string): Promise<string | undefined> {
  const [row] = await tx.query<{ reference: string }>(
    'select reference from public.booking_requests where id = $1',
    [id],
  );
  return row?.reference;
}

/**
 * Stores a new request with its quote; the caller has checked and priced it. Answers its id and the
 * reference the database gave it.
 */
export async function insertBookingRequest(
  tx: Transaction,
  userId: string,
  request: BookingRequestInput,
  quote: Quote,
  { holdMinutes }: { holdMinutes?: number } = {},
): Promise<{ id: string; reference: string; heldUntil: string | null }> {
  // With holdMinutes, an instant booking: `held`, its nights held from now for that long.
  const [row] = await tx.query<{ id: string; reference: string; heldUntil: string | null }>(
    `insert into public.booking_requests (
       user_id, name, email, phone, city, property, arrival, departure, guests, message,
       nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence,
       balance_due_date, price_lines, status, held_until
     ) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb,
       case when $20::integer is null then 'new' else 'held' end,
       now() + make_interval(mins => $20::integer))
     returning id, reference, ${isoTimestamp('held_until')} as "heldUntil"`,
    [
      userId,
      request.name,
      request.email,
      request.phone,
      request.city,
      request.property,
      request.arrival,
      request.departure,
      request.guests,
      request.message ?? null,
      quote.nights,
      quote.weeklyRatePence,
      quote.subtotalPence,
      quote.discountPence,
      quote.totalPence,
      quote.depositPence,
      quote.balancePence,
      quote.balanceDueDate,
      JSON.stringify(quote.lines),
      holdMinutes ?? null,
    ],
  );
  if (!row) throw new Error('The booking request insert returned no row');
  return row;
}

type BookingRequestRow = {
  id: string;
  reference: string;
  property: string;
  arrival: string;
  departure: string;
  guests: number;
  phone: string;
  city: string;
  status: StoredBookingRequest['status'];
  created_at: Date;
  nights: number;
  weekly_rate_pence: number;
  subtotal_pence: number;
  discount_pence: number;
  total_pence: number;
  deposit_pence: number;
  balance_pence: number;
  balance_due_date: string | null;
  price_lines: QuoteLine[] | null;
  confirmed_on: string | null;
};

/** A stored request as the account page starts from: its own columns, before the catalogue names it. */
export type StoredBookingRequest = Omit<
  AccountBookingRequest,
  'propertyName' | 'propertyKind' | 'createdAt' | 'ledger' | 'unreadMessages' | 'arrivalPack'
> & {
  createdAt: Date;
  /** The Kerala day the office confirmed it; null unless confirmed. */
  confirmedOn: string | null;
};

/** The quote columns, as `readStoredQuote` reads them. */
const quoteColumns = `nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence,
  balance_pence, ${isoDate('balance_due_date')} as balance_due_date, price_lines`;

/** The quote a row keeps. One stored before seasons has no lines: it was priced at one rate throughout. */
function readStoredQuote(
  row: Pick<
    BookingRequestRow,
    | 'nights'
    | 'weekly_rate_pence'
    | 'subtotal_pence'
    | 'discount_pence'
    | 'total_pence'
    | 'deposit_pence'
    | 'balance_pence'
    | 'balance_due_date'
    | 'price_lines'
  >,
): Quote {
  return {
    nights: row.nights,
    weeklyRatePence: row.weekly_rate_pence,
    lines: row.price_lines ?? [
      {
        season: null,
        nights: row.nights,
        weeklyRatePence: row.weekly_rate_pence,
        amountPence: row.subtotal_pence,
      },
    ],
    subtotalPence: row.subtotal_pence,
    discountPence: row.discount_pence,
    totalPence: row.total_pence,
    depositPence: row.deposit_pence,
    balancePence: row.balance_pence,
    balanceDueDate: row.balance_due_date,
  };
}

/**
 * A guest's requests that the office has not deleted, newest first. RLS already limits the caller to
 * their own rows; the user_id condition is for the (user_id, created_at) index.
 */
export async function listBookingRequestsOfUser(
  tx: Transaction,
  userId: string,
): Promise<StoredBookingRequest[]> {
  const rows = await tx.query<BookingRequestRow>(
    `select id, reference, property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure, guests,
            phone, city, status, created_at, ${quoteColumns}, ${confirmedOn('request')} as confirmed_on
     from public.booking_requests request
     where user_id = $1 and deleted_at is null
     order by created_at desc, id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    property: row.property,
    arrival: row.arrival,
    departure: row.departure,
    guests: row.guests,
    phone: row.phone,
    city: row.city,
    status: row.status,
    createdAt: row.created_at,
    confirmedOn: row.confirmed_on,
    quote: readStoredQuote(row),
  }));
}

/** A request as the guest's status emails need it; undefined when there is no such request. */
export type BookingForGuestRow = Omit<
  StoredBookingRequest,
  'id' | 'status' | 'createdAt' | 'confirmedOn' | 'phone' | 'city'
> & {
  name: string;
  /** Where the guest's receipt went (the account's address), else the address typed into the form. */
  to: string;
};

/**
 * Reads a request for an email to its guest. It goes where the receipt went: the address the guest's
 * account proved, not one anybody could type into the form.
 */
export async function selectBookingForGuest(
  tx: Transaction,
  id: string,
): Promise<BookingForGuestRow | undefined> {
  const [row] = await tx.query<BookingRequestRow & { name: string; to: string }>(
    `select reference, name, property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure,
            guests, ${quoteColumns},
            coalesce(
              (select recipient from public.email_outbox
               where booking_request_id = request.id and kind = 'booking_guest_receipt'
               order by created_at limit 1),
              request.email
            ) as "to"
     from public.booking_requests request where id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    reference: row.reference,
    name: row.name,
    to: row.to,
    property: row.property,
    arrival: row.arrival,
    departure: row.departure,
    guests: row.guests,
    quote: readStoredQuote(row),
  };
}

/** Locks a request for a status change and answers what the change depends on. */
export async function selectForStatusChange(
  tx: Transaction,
  id: string,
): Promise<{ status: string; deleted: boolean } | undefined> {
  const [row] = await tx.query<{ status: string; deleted: boolean }>(
    `select status, deleted_at is not null as deleted
     from public.booking_requests where id = $1 for update`,
    [id],
  );
  return row;
}

/** What the database refused about a booking request, by name; anything else is not ours to name. */
export type BookingRefusal = 'overlaps_confirmed_stay' | 'overlaps_block' | 'move_not_allowed';

/** The booking rule a database error is, or undefined when it is none of them. */
export function readBookingRefusal(error: unknown): BookingRefusal | undefined {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  // 23P01: the exclusion constraint on confirmed stays of one property, or the trigger that keeps
  // them off blocks imported from other calendars (20261124000400), which raises it under its name.
  if (code === '23P01') {
    return constraint === 'booking_requests_confirmed_stays_avoid_blocks'
      ? 'overlaps_block'
      : 'overlaps_confirmed_stay';
  }
  // 23514 under this name is the status trigger, not a bad value (the status check has its own name).
  if (code === '23514' && constraint === 'booking_requests_status_transition') return 'move_not_allowed';
  return undefined;
}

/**
 * Sets a request's status, unless the transition trigger or an overlap refuses (answered by name).
 * The change runs in a savepoint, so after a refusal the transaction can still read what it is about.
 */
export async function updateBookingStatus(
  tx: Transaction,
  id: string,
  status: string,
): Promise<'changed' | BookingRefusal> {
  await tx.query('savepoint booking_status');
  try {
    await tx.query('update public.booking_requests set status = $2 where id = $1', [id, status]);
    await tx.query('release savepoint booking_status');
    return 'changed';
  } catch (error) {
    const refusal = readBookingRefusal(error);
    if (!refusal) throw error;
    await tx.query('rollback to savepoint booking_status');
    return refusal;
  }
}

/**
 * Releases every hold whose time is up (status `expired`), frees its nights for the constraint as
 * they already are for every reader; answers the references released. The reconciliation job runs it.
 */
export async function expireLapsedHolds(tx: Transaction): Promise<string[]> {
  const rows = await tx.query<{ reference: string }>(
    `update public.booking_requests set status = 'expired'
     where status = 'held' and held_until <= now() and deleted_at is null
     returning reference`,
    [],
  );
  return rows.map(({ reference }) => reference);
}

/** A booking as its conversation needs it: whose it is and its reference. */
export type BookingOwner = { userId: string | null; reference: string };

/**
 * Reads a booking not in the trash as the caller: a guest's RLS shows only their own, so another's
 * is undefined; the messages' service still compares `userId` for an admin on their own account page.
 */
export async function selectBookingOwner(tx: Transaction, id: string): Promise<BookingOwner | undefined> {
  const [row] = await tx.query<BookingOwner>(
    `select user_id as "userId", reference from public.booking_requests where id = $1 and deleted_at is null`,
    [id],
  );
  return row;
}
