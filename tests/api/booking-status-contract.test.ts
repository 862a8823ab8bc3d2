import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type BookingStatus,
  bookingStatuses,
  bookingStatusMoves,
} from '../../src/features/booking/booking-contract.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { bookingColumns, bookingInsert, madeUpProperty } from '../support/booking-scenario.ts';

/**
 * The booking contract is the TypeScript copy of two database facts: the status check of
 * `booking_requests` and its status trigger. The database enforces them; these tests hold the copy
 * equal to them, so a status or a move added on one side only fails here. Everything runs as the
 * table's owner in one transaction that is rolled back, each attempt inside its own savepoint.
 */

const client = new pg.Client({ connectionString: inject('databaseUrl') });

beforeAll(async () => {
  await client.connect();
  await client.query('begin');
});

afterAll(async () => {
  await client.query('rollback').catch(() => {});
  await client.end();
});

/**
 * Runs `statement` in a savepoint: undefined when it succeeds, else the check it broke (rolled back, so
 * the next attempt can run). Any other error fails the test.
 */
async function attempt(statement: string, values: unknown[]): Promise<string | undefined> {
  await client.query('savepoint attempt');
  try {
    await client.query(statement, values);
    await client.query('release savepoint attempt');
    return undefined;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code !== '23514') throw error;
    await client.query('rollback to savepoint attempt');
    return constraint;
  }
}

const quote = quoteStay({
  weeklyRatePence: 265_000,
  arrival: '2027-03-14',
  departure: '2027-03-21',
  guests: 4,
  today: '2027-01-01',
});

// Each request gets its own property, so confirming one never overlaps another's stay.
const insertRequest = (status: string) =>
  bookingInsert(
    {
      ...bookingColumns({
        name: 'Meera Nair',
        email: 'meera@example.com',
        phone: '+91 98470 12345',
        property: madeUpProperty('status-villa'),
        arrival: '2027-03-14',
        departure: '2027-03-21',
        ...quote,
        status,
      }),
      status,
    },
    'id',
  );

/** A stored request in `status`, put there directly: an insert is not a move, so the trigger allows it. */
async function requestIn(status: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(...insertRequest(status));
  return rows[0]?.id as string;
}

const moveTo = (id: string, status: string) =>
  attempt('update public.booking_requests set status = $2 where id = $1', [id, status]);

describe('the booking_requests status check', () => {
  it('allows exactly the statuses of the contract', async () => {
    const candidates = [...bookingStatuses, 'pending', 'Declined', ''];
    const allowed: string[] = [];
    for (const status of candidates) {
      const broken = await attempt(...insertRequest(status));
      if (broken === undefined) allowed.push(status);
      else expect(broken).toBe('booking_requests_status_check');
    }
    expect(allowed).toEqual([...bookingStatuses]);
  });
});

describe('the booking_requests status trigger', () => {
  const pairs = bookingStatuses.flatMap((from) =>
    bookingStatuses.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)('allows %s → %s exactly when the contract lists the move', async (from, to) => {
    const id = await requestIn(from);
    const listed = (bookingStatusMoves[from] as readonly BookingStatus[]).includes(to);
    expect(await moveTo(id, to)).toBe(listed ? undefined : 'booking_requests_status_transition');
  });

  it('lets every status stay where it is, which is no move at all', async () => {
    for (const status of bookingStatuses) {
      const id = await requestIn(status);
      expect(await moveTo(id, status)).toBeUndefined();
    }
  });
});
