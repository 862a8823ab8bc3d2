import { type OccupancyStay, occupancyStatuses } from '../../features/admin/occupancy-contract.ts';
import type { ConfirmedStay } from '../../features/availability/availability-contract.ts';
import type { AccountBookingRequest, BookingRequestInput } from '../../features/booking/booking-contract.ts';
import type { LedgerTerms } from '../../lib/ledger.ts';
import type { Quote, QuoteLine } from '../../lib/pricing.ts';
import type { Transaction } from '../db/database.ts';
import { isoDate, isoTimestamp } from '../db/sql-format.ts';

/**
 * The SQL of booking requests: the one file of `src/server` that names their table. Every query runs
 * in the caller's transaction, so RLS decides as well. Dates leave the database as `YYYY-MM-DD` text,
 * never as JS Dates.
 */

/** The table's name, for the office's inbox, which builds its generic queries (lists, trash, counts) from it. */
export const bookingRequestsTable = 'booking_requests';

/**
 * The stays that hold their nights: confirmed and not in the trash, the rows the exclusion constraint
 * of migration 20261122000400 keeps apart. Every query of taken nights starts from this one subquery,
 * so its condition stays the constraint's own and the constraint's GiST index answers them.
 */
export const confirmedStays = `(select * from public.booking_requests where status = 'confirmed' and deleted_at is null)`;

/** An instant booking's hold whose time has not run out: a hold past `held_until` holds no night. */
const runningHold = `(status = 'held' and held_until > now())`;

/**
 * The stays whose nights nobody else may have now: the confirmed ones, and instant book's holds until
 * their `held_until` (migration 20261201000500). A hold past it is free whether or not the job has
 * released it yet, so the calendar, the search and the overlap checks agree with the clock.
 */
export const takenStays = `(select * from public.booking_requests
  where deleted_at is null and (status = 'confirmed' or ${runningHold}))`;

/** The sum refunded (back with the guest) of the booking aliased `request`, as an integer. */
const refundedPence = `coalesce((select sum(amount_pence) from public.payment_refunds
  where booking_request_id = request.id and status = 'refunded'), 0)::integer`;

/** The sum received for the booking aliased `request`, as an integer. */
const receivedPence = `coalesce((select sum(amount_pence) from public.payments where booking_request_id = request.id), 0)::integer`;

/**
 * Makes every later statement in this transaction wait while another one confirms a stay of the
 * property or replaces its blocks, with the lock the confirmation trigger of 20261122000400 and the
 * block trigger of 20261124000400 take. So an overlap check that follows sees every confirmation and
 * every block, including one committed a moment ago.
 */
export async function lockPropertyCalendar(tx: Transaction, property: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('public.booking_requests.property:' || $1, 0))`,
    [property],
  );
}

/**
 * Takes `lockPropertyCalendar`'s lock for booking `id`'s property when it is a hold (running or
 * lapsed), before its row is locked: confirming it takes that lock, and a stay written over a lapsed
 * hold takes it before it releases the hold's row, so taking them in this order never deadlocks.
 */
export async function lockCalendarOfHold(tx: Transaction, id: string): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended('public.booking_requests.property:' || property, 0))
     from public.booking_requests where id = $1 and status in ('held', 'expired')`,
    [id],
  );
}

/** Whether a confirmed stay of the property, or a hold still running, shares a night with arrival–departure. */
export async function overlapsConfirmedStay(
  tx: Transaction,
  stay: { property: string; arrival: string; departure: string },
): Promise<boolean> {
  // The same half-open ranges as the exclusion constraint: leaving on the 8th frees the night of the 8th.
  const rows = await tx.query(
    `select 1 from ${takenStays} stay
     where property = $1 and daterange(arrival, departure, '[)') && daterange($2::date, $3::date, '[)')
     limit 1`,
    [stay.property, stay.arrival, stay.departure],
  );
  return rows.length > 0;
}

/** Whether a block imported from another platform's calendar shares a night with arrival–departure. */
export async function overlapsBlock(
  tx: Transaction,
  stay: { property: string; arrival: string; departure: string },
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from public.property_blocks
     where property = $1 and stay && daterange($2::date, $3::date, '[)') limit 1`,
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

/** A block's nights: `start` is the first night, `end` the day they end (exclusive). */
export type BlockNights = { start: string; end: string };

/**
 * A property's taken nights that end after `from` and start by `through`, by arrival: its confirmed
 * stays, its running holds and its blocks, each as arrival–departure (a block never says whose or
 * where from).
 */
export async function listTakenNightsOf(
  tx: Transaction,
  property: string,
  { from, through }: { from: string; through: string },
): Promise<ConfirmedStay[]> {
  return tx.query<ConfirmedStay>(
    `select arrival, departure from (
       select ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
       from ${takenStays} stay
       where property = $1 and departure > $2::date and arrival <= $3::date
       union all
       select ${isoDate('lower(stay)')}, ${isoDate('upper(stay)')}
       from public.property_blocks
       where property = $1 and stay && daterange($2::date, $3::date, '[]')
     ) taken
     order by arrival, departure`,
    [property, from, through],
  );
}

/** A taken stay of some property, its dates as `YYYY-MM-DD` text. */
export type TakenStayOf = { property: string; arrival: string; departure: string };

/**
 * The query of `listTakenStaysBetween`, which `npm run bench:search` also explains. The stays' branch
 * is `takenStays`, whose rows are among the exclusion constraint's, so its GiST index answers it
 * without reading the other requests; the blocks' uses their (property, stay) GiST index.
 */
export const takenStaysBetweenSql = `select property, arrival, departure from (
    select property, ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
    from ${takenStays} stay
    where daterange(arrival, departure, '[)') && daterange($1::date, $2::date, '[)')
    union all
    select property, ${isoDate('lower(stay)')}, ${isoDate('upper(stay)')}
    from public.property_blocks
    where stay && daterange($1::date, $2::date, '[)')
  ) taken
  order by property, arrival`;

/**
 * Every confirmed stay, running hold and block of any property that shares a night with `from`–`through`
 * (half-open, like the stays), by property and arrival: one query for a whole search.
 */
export async function listTakenStaysBetween(
  tx: Transaction,
  { from, through }: { from: string; through: string },
): Promise<TakenStayOf[]> {
  return tx.query<TakenStayOf>(takenStaysBetweenSql, [from, through]);
}

export type PropertyStay = OccupancyStay & { property: string };

/**
 * The new and confirmed requests in use, and the holds still running, that hold a night of the month
 * starting `firstDay`, the ones that cross its edges too. The (property, arrival) index of migration
 * 20261122000400 serves it.
 */
export async function selectMonthStays(tx: Transaction, firstDay: string): Promise<PropertyStay[]> {
  return tx.query<PropertyStay>(
    `select id, reference, status, name, guests, property,
            ${isoDate('arrival')} as arrival, ${isoDate('departure')} as departure
     from public.booking_requests
     where deleted_at is null and status = any($2::text[]) and (status <> 'held' or ${runningHold})
       and daterange(arrival, departure, '[)') && daterange($1::date, ($1::date + interval '1 month')::date, '[)')
     order by property, arrival, reference`,
    [firstDay, occupancyStatuses],
  );
}

/**
 * A taken stay as a property's own feed publishes it: its reference and random UID, never its id, and
 * whether it is an instant booking's hold, not yet paid.
 */
export type PublishedStay = BlockNights & { uid: string; reference: string; held: boolean };

/**
 * A property's taken stays that end after `from`, by arrival, for its published feed: the confirmed
 * ones and the holds still running. A platform that reads the feed while a guest pays blocks the
 * nights too; a hold that lapses leaves the feed at once, and the platform's calendar at its next read.
 */
export async function selectPublishedStays(
  tx: Transaction,
  property: string,
  from: string,
): Promise<PublishedStay[]> {
  return tx.query<PublishedStay>(
    `select calendar_uid::text as uid, reference, ${isoDate('arrival')} as start, ${isoDate('departure')} as "end",
            status = 'held' as held
     from ${takenStays} stay
     where property = $1 and departure > $2::date
     order by arrival`,
    [property, from],
  );
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

// The Kerala day of the confirmation; the status trigger stamps status_changed_at as it happens.
const confirmedOn = (table: string) =>
  `case when ${table}.status = 'confirmed'
     then ${isoDate(`(${table}.status_changed_at at time zone 'Asia/Kolkata')::date`)} end`;

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

/** A stay of a property, its dates as `YYYY-MM-DD` text. */
export type StayOf = { id: string; property: string; arrival: string; departure: string };

/** A confirmed stay (or a running hold) of the same property that shares a night with request `id`, the earliest. */
export async function selectConfirmedStayOverlapping(
  tx: Transaction,
  id: string,
): Promise<StayOf | undefined> {
  const [row] = await tx.query<StayOf>(
    `select other.id, other.property, ${isoDate('other.arrival')} as arrival, ${isoDate('other.departure')} as departure
     from public.booking_requests requested
     join ${takenStays} other
       on other.property = requested.property and other.id <> requested.id
      and daterange(other.arrival, other.departure, '[)') && daterange(requested.arrival, requested.departure, '[)')
     where requested.id = $1
     order by other.arrival
     limit 1`,
    [id],
  );
  return row;
}

/** A block that shares a night with request `id`, with its feed's label, the earliest; undefined if none. */
export async function selectBlockOverlapping(
  tx: Transaction,
  id: string,
): Promise<(BlockNights & { label: string }) | undefined> {
  const [row] = await tx.query<BlockNights & { label: string }>(
    `select ${isoDate('lower(b.stay)')} as start, ${isoDate('upper(b.stay)')} as "end", f.label
     from public.booking_requests r
     join public.property_blocks b on b.property = r.property and b.stay && daterange(r.arrival, r.departure, '[)')
     join public.property_calendar_feeds f on f.id = b.feed_id
     where r.id = $1
     order by lower(b.stay) limit 1`,
    [id],
  );
  return row;
}

/** A booking's money facts, as `summariseLedger` reads them, with what has been received. */
export type BookingMoney = LedgerTerms & {
  id: string;
  reference: string;
  status: string;
  deleted: boolean;
  property: string;
  name: string;
  arrival: string;
  receivedPence: number;
  /** What went back to the guest; received stays what was received. */
  refundedPence: number;
};

const moneyColumns = `request.id, request.reference, request.status, request.deleted_at is not null as deleted,
  request.property, request.name, ${isoDate('request.arrival')} as arrival,
  request.total_pence as "totalPence", request.deposit_pence as "depositPence",
  ${isoDate('request.balance_due_date')} as "balanceDueDate",
  ${confirmedOn('request')} as "confirmedOn",
  ${receivedPence} as "receivedPence", ${refundedPence} as "refundedPence"`;

/** A booking's money, read as the caller (RLS decides); undefined when they cannot see it. */
export async function selectBookingMoney(tx: Transaction, id: string): Promise<BookingMoney | undefined> {
  const [row] = await tx.query<BookingMoney>(
    `select ${moneyColumns} from public.booking_requests request where request.id = $1`,
    [id],
  );
  return row;
}

/**
 * Confirmed bookings in use with money outstanding, by the day it all falls due (the balance's date,
 * else the confirmation day), then by reference, with when the guest was last sent a balance
 * reminder. Read through the admins-only dashboard view.
 */
export async function selectBalancesDue(
  tx: Transaction,
): Promise<(BookingMoney & { lastReminderAt: string | null })[]> {
  return tx.query<BookingMoney & { lastReminderAt: string | null }>(
    `select * from (
       select ${moneyColumns}, coalesce(request.balance_due_date,
                (request.status_changed_at at time zone 'Asia/Kolkata')::date) as due_on,
              (select ${isoTimestamp('max(reminder.created_at)')} from public.email_outbox reminder
               where reminder.booking_request_id = request.id and reminder.kind = 'balance_reminder')
                as "lastReminderAt"
       from dashboard.booking_requests request
       where request.status = 'confirmed' and request.deleted_at is null
     ) due
     where due."receivedPence" < due."totalPence"
     order by due.due_on nulls last, due.reference`,
  );
}

/** A confirmed booking whose balance falls due by a day: what a reminder of it is judged on. */
export type BalanceToRemind = {
  id: string;
  reference: string;
  property: string;
  totalPence: number;
  depositPence: number;
  balanceDueDate: string;
  receivedPence: number;
};

/**
 * Confirmed stays whose balance falls due by `through` and that have had no overdue notice yet, by due
 * date and reference; what was received decides the rest.
 */
export async function selectBalancesToRemind(tx: Transaction, through: string): Promise<BalanceToRemind[]> {
  return tx.query<BalanceToRemind>(
    `select request.id, request.reference, request.property, request.total_pence as "totalPence",
            request.deposit_pence as "depositPence", ${isoDate('request.balance_due_date')} as "balanceDueDate",
            ${receivedPence} as "receivedPence"
     from ${confirmedStays} request
     where request.balance_due_date is not null and request.balance_due_date <= $1::date
       and not exists (
         select 1 from public.payment_reminders sent
         where sent.booking_request_id = request.id and sent.kind = 'balance_overdue'
       )
     order by request.balance_due_date, request.reference`,
    [through],
  );
}

/**
 * Locks a booking in use (waiting for a payment being recorded) and answers its status and what it
 * has received now; undefined when it is gone or in the trash.
 */
export async function lockBookingReceived(
  tx: Transaction,
  id: string,
): Promise<{ status: string; received: number } | undefined> {
  const [row] = await tx.query<{ status: string; received: number }>(
    `select request.status, ${receivedPence} as received
     from public.booking_requests request where id = $1 and deleted_at is null for update`,
    [id],
  );
  return row;
}

/** A booking as paying it needs it: who may, what it owes, where its receipt goes. */
export type PayableBooking = LedgerTerms & {
  id: string;
  reference: string;
  userId: string | null;
  status: string;
  deleted: boolean;
  property: string;
  name: string;
  arrival: string;
  departure: string;
  receivedPence: number;
  /** The guest's address: where the booking's receipt went, else the one typed into the form. */
  to: string;
  /** Made by instant book (held while its guest paid), not confirmed by the office. */
  bookedInstantly: boolean;
};

const payableColumns = `request.id, request.reference, request.user_id as "userId", request.status,
  request.deleted_at is not null as deleted, request.property, request.name,
  ${isoDate('request.arrival')} as arrival, ${isoDate('request.departure')} as departure,
  request.total_pence as "totalPence", request.deposit_pence as "depositPence",
  ${isoDate('request.balance_due_date')} as "balanceDueDate",
  ${confirmedOn('request')} as "confirmedOn",
  ${receivedPence} as "receivedPence",
  coalesce(
    (select recipient from public.email_outbox
     where booking_request_id = request.id and kind = 'booking_guest_receipt'
     order by created_at limit 1),
    request.email
  ) as "to",
  request.held_until is not null as "bookedInstantly"`;

/** The booking with this reference, as the caller may see it (RLS decides); undefined otherwise. */
export async function selectPayableBooking(
  tx: Transaction,
  reference: string,
): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.reference = $1`,
    [reference],
  );
  return row;
}

/** The same, by id, as the caller may see it; undefined otherwise. */
export async function selectPayableBookingById(
  tx: Transaction,
  id: string,
): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.id = $1`,
    [id],
  );
  return row;
}

/** The same, by id, with the booking's row locked until the transaction ends. */
export async function lockPayableBooking(tx: Transaction, id: string): Promise<PayableBooking | undefined> {
  const [row] = await tx.query<PayableBooking>(
    `select ${payableColumns} from public.booking_requests request where request.id = $1 for update of request`,
    [id],
  );
  return row;
}

/**
 * Joins each row of another table to its booking as `request`, for a query that reads the booking's
 * reference beside its own rows (payment sessions); a row whose booking the caller may not see drops out.
 */
export const joinBookingRequest = (bookingIdColumn: string) =>
  `join public.booking_requests request on request.id = ${bookingIdColumn}`;

/** The ids of every booking, in the trash or not, whose stay ended before the day `dateSql` gives. */
export const bookingsDepartedBefore = (dateSql: string) =>
  `(select id from public.booking_requests where departure < ${dateSql})`;

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

/** A confirmed stay as the arrival packs' email needs it. */
export type ArrivingStay = { id: string; property: string; arrival: string };

/** Confirmed stays, not in the trash, arriving from `from` to `through` (both included). */
export async function selectConfirmedArrivals(
  tx: Transaction,
  from: string,
  through: string,
): Promise<ArrivingStay[]> {
  return tx.query<ArrivingStay>(
    `select id, property, ${isoDate('arrival')} as arrival from ${confirmedStays} stay
     where arrival between $1::date and $2::date order by arrival, id`,
    [from, through],
  );
}

/** A request awaiting the office's answer, as the day's first block lists it. */
export type WaitingRequestRow = {
  id: string;
  reference: string;
  name: string;
  property: string;
  arrival: string;
  departure: string;
  guests: number;
  receivedAt: string;
};

/**
 * The oldest `limit` new requests in use, oldest first: the office answers in the order they came.
 * The (status, created_at, id) index of migration 20261122000700 serves it, read backwards.
 */
export async function selectWaitingRequests(tx: Transaction, limit: number): Promise<WaitingRequestRow[]> {
  return tx.query<WaitingRequestRow>(
    `select id, reference, name, property, ${isoDate('arrival')} as arrival,
            ${isoDate('departure')} as departure, guests, ${isoTimestamp('created_at')} as "receivedAt"
     from dashboard.booking_requests
     where status = 'new' and deleted_at is null
     order by created_at, id
     limit $1`,
    [limit],
  );
}

/**
 * A confirmed stay arriving or leaving, with how to reach its guest and its money; `movingCount` is how
 * many stays the whole window holds, not only the rows read.
 */
export type MovingStayRow = BookingMoney & {
  departure: string;
  email: string;
  phone: string;
  movingCount: number;
};

/**
 * Confirmed stays in use whose `edge` (arrival or departure) falls from `from` to `through`, soonest
 * first, at most `limit`. Arrivals use the arrival index of 20261122000700, departures the confirmed
 * stays' departure index of 20261128000100.
 */
export async function selectMovingStays(
  tx: Transaction,
  edge: 'arrival' | 'departure',
  { from, through, limit }: { from: string; through: string; limit: number },
): Promise<MovingStayRow[]> {
  const column = edge === 'arrival' ? 'request.arrival' : 'request.departure';
  return tx.query<MovingStayRow>(
    `select ${moneyColumns}, ${isoDate('request.departure')} as departure, request.email, request.phone,
            (count(*) over ())::integer as "movingCount"
     from dashboard.booking_requests request
     where request.status = 'confirmed' and request.deleted_at is null
       and ${column} between $1::date and $2::date
     order by ${column}, request.reference
     limit $3`,
    [from, through, limit],
  );
}

/** The balances due now or overdue: the first rows in the office's order, and how many and how much in all. */
export type DueBalances = { rows: BookingMoney[]; count: number; outstandingPence: number };

/**
 * Confirmed bookings in use with money due by `today`, exactly those `judgeBalance` calls overdue or
 * due now: something outstanding, and the last due day reached or what was due on confirmation (the
 * deposit, or the whole stay) not all received. The first `limit` in the office's order (overdue
 * first, the longest overdue first; then by arrival), with the count and the outstanding of them all.
 * One statement: the payments summed once per booking, the confirmed stays read from their partial
 * index (20261128000200), and only the rows listed read whole.
 */
export async function selectDueBalances(tx: Transaction, today: string, limit: number): Promise<DueBalances> {
  const rows = await tx.query<BookingMoney & { dueCount: number; dueOutstandingPence: string }>(
    `with money as (
       select request.id, request.arrival, request.reference, request.total_pence - coalesce(paid.received, 0) as outstanding,
              coalesce(paid.received, 0) < case when request.balance_due_date is null
                then request.total_pence else request.deposit_pence end as unpaid_first,
              coalesce(request.balance_due_date, (request.status_changed_at at time zone 'Asia/Kolkata')::date) as due_on
       from dashboard.booking_requests request
       left join (select booking_request_id, sum(amount_pence) as received from public.payments group by booking_request_id) paid
         on paid.booking_request_id = request.id
       where request.status = 'confirmed' and request.deleted_at is null
     ), due as (
       select id, arrival, reference, coalesce(due_on < $1::date, false) as overdue, due_on,
              count(*) over () as count, sum(outstanding) over () as outstanding
       from money
       where outstanding > 0 and (due_on <= $1::date or unpaid_first)
       order by 4 desc, case when due_on < $1::date then due_on end, arrival, reference
       limit $2
     )
     select ${moneyColumns}, due.count::integer as "dueCount", due.outstanding::text as "dueOutstandingPence"
     from due join dashboard.booking_requests request on request.id = due.id
     order by due.overdue desc, case when due.overdue then due.due_on end, due.arrival, due.reference`,
    [today, limit],
  );
  return {
    rows,
    count: rows[0]?.dueCount ?? 0,
    outstandingPence: Number(rows[0]?.dueOutstandingPence ?? 0),
  };
}

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

/** A property's nights or money in one `YYYY-MM` month. */
export type MonthFigure = { property: string; month: string; value: number };

/**
 * The nights of confirmed stays in use in each month and property from `from` to `through` (both the
 * 1st and the last of a month): a stay across a month's end gives each month its own nights. One
 * statement, the stays read from the confirmed stays' covering index by departure (20261129000310).
 */
export async function selectNightsByMonth(
  tx: Transaction,
  from: string,
  through: string,
): Promise<MonthFigure[]> {
  return tx.query<MonthFigure>(
    `select request.property, to_char(month.first, 'YYYY-MM') as month,
            sum(least(request.departure, (month.first + interval '1 month')::date)
                - greatest(request.arrival, month.first::date))::integer as value
     from dashboard.booking_requests request
     cross join lateral generate_series(
       date_trunc('month', greatest(request.arrival, $1::date)),
       date_trunc('month', least(request.departure - 1, $2::date)),
       interval '1 month') as month (first)
     where request.status = 'confirmed' and request.deleted_at is null
       and request.departure > $1::date and request.arrival <= $2::date
     group by 1, 2`,
    [from, through],
  );
}

/**
 * The money of each month and property from `from` to `through`: the totals of the confirmed stays in
 * use arriving in the month (`kind` confirmed), and what the ledger received in the month for bookings
 * in use, whatever their status (`kind` received). One statement, each half read from a covering index
 * (the confirmed stays' by arrival, 20261129000300; the ledger's by day, 20261129000320); the sums as float8, exact for whole
 * pence up to 2^53 and read by the driver as numbers (a bigint would come back as text).
 */
export async function selectRevenueByMonth(
  tx: Transaction,
  from: string,
  through: string,
): Promise<(MonthFigure & { kind: 'confirmed' | 'received' })[]> {
  return tx.query<MonthFigure & { kind: 'confirmed' | 'received' }>(
    `select 'confirmed' as kind, request.property, to_char(request.arrival, 'YYYY-MM') as month,
            sum(request.total_pence)::float8 as value
     from dashboard.booking_requests request
     where request.status = 'confirmed' and request.deleted_at is null
       and request.arrival between $1::date and $2::date
     group by 2, 3
     union all
     select 'received', request.property, to_char(payment.received_on, 'YYYY-MM'),
            sum(payment.amount_pence)::float8
     -- The admins' view of the ledger, as the bookings': the policies' per-row quals stay out of the plan.
     from dashboard.payments payment
     join dashboard.booking_requests request on request.id = payment.booking_request_id
     where payment.received_on between $1::date and $2::date and request.deleted_at is null
     group by 2, 3`,
    [from, through],
  );
}
