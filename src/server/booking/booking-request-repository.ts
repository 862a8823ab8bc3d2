import type { ConfirmedStay } from '../../features/availability/availability-contract.ts';
import type { AccountBookingRequest, BookingRequestInput } from '../../features/booking/booking-contract.ts';
import type { Quote, QuoteLine } from '../../lib/pricing.ts';
import type { Transaction } from '../db/database.ts';

/** The SQL of booking requests. Dates leave the database as `YYYY-MM-DD` text, never as JS Dates. */

/** A stored request as the account page starts from: its own columns, before the catalogue names it. */
export type StoredBookingRequest = Omit<
  AccountBookingRequest,
  'propertyName' | 'propertyKind' | 'createdAt' | 'ledger'
> & {
  createdAt: Date;
  /** The Kerala day the office confirmed it; null unless confirmed. */
  confirmedOn: string | null;
};

// pg would turn a `date` into a JS Date at the server's local midnight, which can shift it by a day.
const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * Makes every later statement in this transaction wait while another one confirms a stay of the
 * property, with the lock the confirmation trigger of 20261122000400 takes. So an overlap check that
 * follows sees every confirmation, including one committed a moment ago.
 */
export async function lockPropertyCalendar(tx: Transaction, property: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('public.booking_requests.property:' || $1, 0))`,
    [property],
  );
}

/** Whether a confirmed, non-deleted stay of the property shares a night with arrival–departure. */
export async function overlapsConfirmedStay(
  tx: Transaction,
  stay: { property: string; arrival: string; departure: string },
): Promise<boolean> {
  // The same half-open ranges as the exclusion constraint: leaving on the 8th frees the night of the 8th.
  const rows = await tx.query(
    `select 1 from public.booking_requests
     where property = $1 and status = 'confirmed' and deleted_at is null
       and daterange(arrival, departure, '[)') && daterange($2::date, $3::date, '[)')
     limit 1`,
    [stay.property, stay.arrival, stay.departure],
  );
  return rows.length > 0;
}

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
): Promise<{ id: string; reference: string }> {
  const [row] = await tx.query<{ id: string; reference: string }>(
    `insert into public.booking_requests (
       user_id, name, email, phone, city, property, arrival, departure, guests, message,
       nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence,
       balance_due_date, price_lines
     ) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19::jsonb)
     returning id, reference`,
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
    ],
  );
  if (!row) throw new Error('The booking request insert returned no row');
  return row;
}

/** Confirmed, non-deleted stays of a property that end after `from` and start by `through`, by arrival. */
export async function listConfirmedStays(
  tx: Transaction,
  property: string,
  { from, through }: { from: string; through: string },
): Promise<ConfirmedStay[]> {
  return tx.query<ConfirmedStay>(
    `select ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
     from public.booking_requests
     where property = $1 and status = 'confirmed' and deleted_at is null
       and departure > $2::date and arrival <= $3::date
     order by arrival`,
    [property, from, through],
  );
}

type BookingRequestRow = {
  id: string;
  reference: string;
  property: string;
  arrival: string;
  departure: string;
  guests: number;
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

/** The quote a row keeps. One stored before seasons has no lines: it was priced at one rate throughout. */
function readStoredQuote(
  row: Omit<
    BookingRequestRow,
    | 'id'
    | 'status'
    | 'created_at'
    | 'reference'
    | 'property'
    | 'arrival'
    | 'departure'
    | 'guests'
    | 'confirmed_on'
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
            status, created_at, nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence,
            deposit_pence, balance_pence, ${isoDate('balance_due_date')} as balance_due_date, price_lines,
            case when status = 'confirmed'
              then ${isoDate("(status_changed_at at time zone 'Asia/Kolkata')::date")} end as confirmed_on
     from public.booking_requests
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
    status: row.status,
    createdAt: row.created_at,
    confirmedOn: row.confirmed_on,
    quote: readStoredQuote(row),
  }));
}

/** A request as the guest's status emails need it; undefined when there is no such request. */
export type BookingForGuestRow = Omit<StoredBookingRequest, 'id' | 'status' | 'createdAt' | 'confirmedOn'> & {
  name: string;
  /** Where the guest's receipt went (the account's address), else the address typed into the form. */
  to: string;
};

/**
 * Reads a request for the email that tells the guest its new status. It goes where the receipt went:
 * the address the guest's account proved, not one anybody could type into the form.
 */
export async function selectBookingForGuest(
  tx: Transaction,
  id: string,
): Promise<BookingForGuestRow | undefined> {
  const [row] = await tx.query<
    Omit<BookingRequestRow, 'id' | 'status' | 'created_at' | 'confirmed_on'> & { name: string; to: string }
  >(
    `select reference, name, property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure,
            guests, nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence,
            balance_pence, ${isoDate('balance_due_date')} as balance_due_date, price_lines,
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
