import { randomUUID } from 'node:crypto';
import { addDays, daysBetween } from '../../src/lib/dates.ts';

/**
 * The one way a test, a benchmark or `npm run seed:demo` makes a booking request without the API: a
 * row that passes every check of the table, with defaults for whatever the caller does not care about
 * (a week at £700 for four guests, of a made-up property no other test books, so no confirmed stay
 * overlaps it), written as the database owner. It runs through the caller's own query function, so
 * the same rows go in over Vitest's database, the e2e server's or a script's.
 */

/** What a booking may be given; anything left out takes the default. */
export type BookingScenario = {
  userId?: string;
  name?: string;
  email?: string;
  phone?: string;
  city?: string;
  property?: string;
  /** `YYYY-MM-DD`; 2090-01-10 unless given, far from every real calendar. */
  arrival?: string;
  /** `YYYY-MM-DD`; a week after arrival unless given. */
  departure?: string;
  guests?: number;
  message?: string;
  /** `new` unless given; put in directly, so the status trigger (which guards moves) lets any status in. */
  status?: string;
  /** An ISO timestamp, or `now` (what the status trigger stamps when the office moves a request). */
  statusChangedAt?: string;
  createdAt?: string;
  deletedAt?: string;
  /** Left to the database unless given (`KV-2090-0001`). */
  reference?: string;
  /** When a `held` booking's hold ends: an ISO timestamp; 30 minutes from now for a hold unless given. */
  heldUntil?: string;
  /** The quote; by default £100 a night, a quarter of it the deposit, the balance due 45 days before arrival. */
  weeklyRatePence?: number;
  subtotalPence?: number;
  discountPence?: number;
  depositPence?: number;
  /** `YYYY-MM-DD`, or null when everything is due on confirmation. */
  balanceDueDate?: string | null;
};

/** A query as the database owner: SQL text and its values in, rows out. */
export type RunQuery = <Row extends Record<string, unknown>>(
  text: string,
  values: unknown[],
) => Promise<Row[]>;

/** A slug no content file has and no other test picks, so its calendar is this test's alone. */
export const madeUpProperty = (prefix = 'made-up-villa') => `${prefix}-${randomUUID().slice(0, 12)}`;

/** Every column of a scenario's row, in the table's names, with the defaults filled in. */
export function bookingColumns(scenario: BookingScenario = {}): Record<string, unknown> {
  const arrival = scenario.arrival ?? '2090-01-10';
  const departure = scenario.departure ?? addDays(arrival, 7);
  const nights = daysBetween(arrival, departure);
  const weeklyRatePence = scenario.weeklyRatePence ?? 70_000;
  const subtotalPence = scenario.subtotalPence ?? Math.round((weeklyRatePence * nights) / 7);
  const discountPence = scenario.discountPence ?? 0;
  const totalPence = subtotalPence - discountPence;
  const depositPence = scenario.depositPence ?? Math.round(totalPence / 4);
  const optional = {
    message: scenario.message,
    status: scenario.status,
    status_changed_at: scenario.statusChangedAt,
    created_at: scenario.createdAt,
    deleted_at: scenario.deletedAt,
    reference: scenario.reference,
    held_until:
      scenario.heldUntil ??
      (scenario.status === 'held' ? new Date(Date.now() + 30 * 60_000).toISOString() : undefined),
  };
  return {
    user_id: scenario.userId ?? randomUUID(),
    name: scenario.name ?? 'Test Guest',
    email: scenario.email ?? 'guest@example.com',
    phone: scenario.phone ?? '+44 7700 900123',
    city: scenario.city ?? 'Kochi',
    property: scenario.property ?? madeUpProperty(),
    arrival,
    departure,
    guests: scenario.guests ?? 4,
    nights,
    weekly_rate_pence: weeklyRatePence,
    subtotal_pence: subtotalPence,
    discount_pence: discountPence,
    total_pence: totalPence,
    deposit_pence: depositPence,
    balance_pence: totalPence - depositPence,
    balance_due_date: scenario.balanceDueDate === undefined ? addDays(arrival, -45) : scenario.balanceDueDate,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

/** A stored booking: its id and the reference the database gave it. */
export type StoredBooking = { id: string; reference: string };

/** The most rows one insert carries (Postgres takes at most 65,535 values a statement). */
const rowsPerInsert = 1000;

/**
 * Stores the bookings, in the order given, and answers each one's id and reference. Rows that set the
 * same columns go in together, a thousand at a time, so a benchmark's hundred thousand are quick. With
 * `skipTaken`, a confirmed stay whose nights another holds is left out instead of refused.
 */
export async function insertBookings(
  run: RunQuery,
  scenarios: BookingScenario[],
  { skipTaken = false }: { skipTaken?: boolean } = {},
): Promise<StoredBooking[]> {
  const rows = scenarios.map(bookingColumns);
  const stored: StoredBooking[] = [];
  for (let start = 0; start < rows.length; ) {
    const names = Object.keys(rows[start] as Record<string, unknown>);
    const batch: Record<string, unknown>[] = [];
    while (start < rows.length && batch.length < rowsPerInsert) {
      const row = rows[start] as Record<string, unknown>;
      if (Object.keys(row).join() !== names.join()) break;
      batch.push(row);
      start++;
    }
    const values = batch.flatMap((row) => names.map((name) => row[name]));
    const tuples = batch.map(
      (_row, index) =>
        `(${names.map((name, column) => `$${index * names.length + column + 1}${cast(name)}`).join(', ')})`,
    );
    stored.push(
      ...(await run<StoredBooking>(
        `insert into public.booking_requests (${names.join(', ')}) values ${tuples.join(', ')}
         ${skipTaken ? 'on conflict do nothing' : ''} returning id, reference`,
        values,
      )),
    );
  }
  return stored;
}

/**
 * The insert of one row given in the table's own column names, exactly as given, with what it should
 * return: for a test that inserts as another role, or a row the table's checks must refuse.
 */
export function bookingInsert(
  columns: Record<string, unknown>,
  returning = 'id, reference',
): [string, unknown[]] {
  const names = Object.keys(columns);
  return [
    `insert into public.booking_requests (${names.join(', ')})
     values (${names.map((_name, index) => `$${index + 1}`).join(', ')})
     returning ${returning}`,
    Object.values(columns),
  ];
}

/** Stores one booking and answers its id and reference. */
export async function insertBooking(run: RunQuery, scenario: BookingScenario = {}): Promise<StoredBooking> {
  const [stored] = await insertBookings(run, [scenario]);
  if (!stored) throw new Error('The booking insert returned no row');
  return stored;
}

/**
 * Stores the rows a query makes, for seeding many at once inside the database: `select` must give the
 * `columns` named (in the table's names, in that order); `withQueries` are the `with` clauses it reads.
 */
export async function insertBookingsFrom(
  run: RunQuery,
  { withQueries, columns, select }: { withQueries?: string; columns: string[]; select: string },
  values: unknown[],
): Promise<number> {
  const rows = await run<{ id: string }>(
    `${withQueries ? `with ${withQueries} ` : ''}insert into public.booking_requests (${columns.join(', ')})
     ${select}
     returning id`,
    values,
  );
  return rows.length;
}

const timestampColumns = new Set(['status_changed_at', 'created_at', 'deleted_at']);
const dateColumns = new Set(['arrival', 'departure', 'balance_due_date']);

function cast(name: string): string {
  if (timestampColumns.has(name)) return '::timestamptz';
  if (dateColumns.has(name)) return '::date';
  if (name === 'user_id') return '::uuid';
  return '';
}

/** What a booked service may be given; a massage for one, confirmed at £45, on 2090-01-12 at 16:00. */
export type BookedServiceScenario = {
  service?: string;
  name?: string;
  /** `YYYY-MM-DD` in India; 2090-01-12 unless given. */
  date?: string;
  time?: string;
  pricePence?: number | null;
  /** `confirmed` unless given (`awaiting_price` when the price is null). */
  status?: string;
  /** Hours before it starts that it is free to cancel: 24 unless given. */
  freeHours?: number;
  lateRefundPercent?: number;
  createdBy: string;
};

/** A service booked on `bookingId`, as the owner writes it: its row's id. */
export async function insertBookedService(
  run: RunQuery,
  bookingId: string,
  scenario: BookedServiceScenario,
): Promise<string> {
  const date = scenario.date ?? '2090-01-12';
  const time = scenario.time ?? '16:00';
  const pricePence = scenario.pricePence === undefined ? 4_500 : scenario.pricePence;
  const [row] = await run<{ id: string }>(
    `insert into booking_services (booking_request_id, service, service_name, starts_at, service_date, service_time,
       quantity, price_pence, free_cancellation_until, late_refund_percent, status, request_key, created_by)
     values ($1, $2, $3, ($4 || 'T' || $5 || ':00+05:30')::timestamptz, $4::date, $5, 1, $6,
       ($4 || 'T' || $5 || ':00+05:30')::timestamptz - make_interval(hours => $7), $8, $9, $10, $11)
     returning id`,
    [
      bookingId,
      scenario.service ?? 'ayurvedic-massage',
      scenario.name ?? 'Ayurvedic massage',
      date,
      time,
      pricePence,
      scenario.freeHours ?? 24,
      scenario.lateRefundPercent ?? 0,
      scenario.status ?? (pricePence === null ? 'awaiting_price' : 'confirmed'),
      `scenario-${randomUUID()}`,
      scenario.createdBy,
    ],
  );
  if (!row) throw new Error('The booked service was not stored');
  return row.id;
}
