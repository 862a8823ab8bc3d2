import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { quoteStay } from '../../src/lib/pricing.ts';
import { bookingInsert } from '../support/booking-scenario.ts';
import { asRole, ownerQuery } from '../support/sql.ts';

type Claims = Record<string, unknown> & { sub: string };

// Fresh people and properties in every test: other test files share this database.
const signedIn = (extra: Record<string, unknown> = {}): Claims => ({
  sub: crypto.randomUUID(),
  role: 'authenticated',
  app_metadata: {},
  ...extra,
});
const admin = () => signedIn({ app_metadata: { role: 'admin' } });
// A user can edit user_metadata, so it must never make anyone an admin.
const selfPromoted = () => signedIn({ user_metadata: { role: 'admin' } });
const anon = { role: 'anon' };
const aProperty = () => `test-villa-${crypto.randomUUID().slice(0, 8)}`;

type Stay = { userId: string; property: string; arrival: string; departure: string; guests?: number };

/** A booking request's columns as the booking service will store them, quote included. */
function requestRow({ userId, property, arrival, departure, guests = 4 }: Stay): Record<string, unknown> {
  const quote = quoteStay({ weeklyRatePence: 265_000, arrival, departure, guests, today: '2027-01-01' });
  return {
    user_id: userId,
    name: 'Meera Nair',
    email: 'meera@example.com',
    phone: '+91 98470 12345',
    city: 'Kochi',
    property,
    arrival,
    departure,
    guests,
    message: null,
    nights: quote.nights,
    weekly_rate_pence: quote.weeklyRatePence,
    subtotal_pence: quote.subtotalPence,
    discount_pence: quote.discountPence,
    total_pence: quote.totalPence,
    deposit_pence: quote.depositPence,
    balance_pence: quote.balancePence,
    balance_due_date: quote.balanceDueDate,
  };
}

const insertStatement = (row: Record<string, unknown>) => bookingInsert(row, 'id, status');

/** Stores a request directly as the owner, in any status, the way a test needs it to start. */
async function seed(stay: Stay, extra: Record<string, unknown> = {}): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(...insertStatement({ ...requestRow(stay), ...extra }));
  return row?.id as string;
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [
    id,
  ]);
  return row?.status;
}

const march = { arrival: '2027-03-01', departure: '2027-03-08' };

describe('booking_requests row level security', () => {
  it('refuses anon everything', async () => {
    const id = await seed({ userId: crypto.randomUUID(), property: aProperty(), ...march });
    const [insert, values] = insertStatement(
      requestRow({ userId: crypto.randomUUID(), property: aProperty(), ...march }),
    );
    for (const [statement, parameters] of [
      [insert, values],
      ['select * from booking_requests', []],
      [`update booking_requests set status = 'confirmed' where id = $1`, [id]],
      ['delete from booking_requests where id = $1', [id]],
    ] as const) {
      await asRole('anon', anon, async (db) => {
        await expect(db.query(statement, [...parameters])).rejects.toThrow(/permission denied/);
      });
    }
    expect(await statusOf(id)).toBe('new');
  });

  it('lets the server (service_role) store a request, which starts as new', async () => {
    await asRole('service_role', { role: 'service_role' }, async (db) => {
      const { rows } = await db.query(
        ...insertStatement(requestRow({ userId: crypto.randomUUID(), property: aProperty(), ...march })),
      );
      expect(rows).toEqual([{ id: expect.any(String), status: 'new' }]);
    });
  });

  // A request carries its price, so only the server, which priced it, may store it (20261122000600).
  it.each([
    ['for themselves', 'self'],
    ['in someone else’s name', 'other'],
    ['already confirmed', 'confirmed'],
  ] as const)('refuses a guest inserting a request %s, even with an honest quote', async (_case, kind) => {
    const guest = signedIn();
    const userId = kind === 'other' ? crypto.randomUUID() : guest.sub;
    const row = requestRow({ userId, property: aProperty(), ...march });
    await asRole('authenticated', guest, async (db) => {
      await expect(
        db.query(...insertStatement(kind === 'confirmed' ? { ...row, status: 'confirmed' } : row)),
      ).rejects.toThrow(/permission denied/);
    });
  });

  it('refuses an admin inserting a request through the API roles too', async () => {
    await asRole('authenticated', admin(), async (db) => {
      await expect(
        db.query(
          ...insertStatement(requestRow({ userId: crypto.randomUUID(), property: aProperty(), ...march })),
        ),
      ).rejects.toThrow(/permission denied/);
    });
  });

  it('shows guest A their own requests and guest B none of them', async () => {
    const [guestA, guestB] = [signedIn(), signedIn()];
    const property = aProperty();
    const mine = await seed({ userId: guestA.sub, property, ...march });
    await seed({ userId: guestA.sub, property, ...march }, { deleted_at: new Date() });
    const list = 'select id from booking_requests where property = $1';
    await asRole('authenticated', guestA, async (db) => {
      // A request the office deleted is gone from the guest's list too.
      expect((await db.query(list, [property])).rows).toEqual([{ id: mine }]);
    });
    await asRole('authenticated', guestB, async (db) => {
      expect((await db.query(list, [property])).rows).toEqual([]);
      expect((await db.query('select * from booking_requests where id = $1', [mine])).rows).toEqual([]);
    });
  });

  it.each([
    ['the guest who sent it', 'owner'],
    ['another guest', 'other'],
    ['a guest who set user_metadata.role to admin', 'selfPromoted'],
  ] as const)('lets %s change or delete nothing', async (_who, kind) => {
    const guest = signedIn();
    const claims = kind === 'owner' ? guest : kind === 'other' ? signedIn() : selfPromoted();
    const id = await seed({ userId: guest.sub, property: aProperty(), ...march });
    const stored = () => ownerQuery('select * from booking_requests where id = $1', [id]);
    const before = await stored();
    await asRole('authenticated', claims, async (db) => {
      const changes = [
        `update booking_requests set status = 'confirmed' where id = $1`,
        `update booking_requests set status = 'declined' where id = $1`,
        'update booking_requests set deleted_at = now() where id = $1',
        'delete from booking_requests where id = $1',
      ];
      for (const change of changes) expect((await db.query(change, [id])).rowCount).toBe(0);
      await expect(db.query('update booking_requests set guests = 2 where id = $1', [id])).rejects.toThrow(
        /permission denied/,
      );
    });
    expect(await stored()).toEqual(before);
  });

  it('shows a guest who set user_metadata.role to admin only their own requests', async () => {
    const someone = signedIn();
    const property = aProperty();
    await seed({ userId: someone.sub, property, ...march });
    await asRole('authenticated', selfPromoted(), async (db) => {
      expect(
        (await db.query('select id from booking_requests where property = $1', [property])).rows,
      ).toEqual([]);
    });
  });

  it('lets an admin read every request, change its status, soft-delete, restore and delete it', async () => {
    const guest = signedIn();
    const property = aProperty();
    const id = await seed({ userId: guest.sub, property, ...march });
    const deleted = await seed({ userId: guest.sub, property, ...march }, { deleted_at: new Date() });
    await asRole('authenticated', admin(), async (db) => {
      const { rows } = await db.query('select id from booking_requests where property = $1 order by id', [
        property,
      ]);
      expect(rows.map((row) => row.id).sort()).toEqual([id, deleted].sort());
      const update = async (change: string) =>
        (await db.query(`update booking_requests set ${change} where id = $1`, [id])).rowCount;
      expect(await update(`status = 'confirmed'`)).toBe(1);
      expect(await update('deleted_at = now()')).toBe(1);
      expect(await update('deleted_at = null')).toBe(1);
      expect((await db.query('delete from booking_requests where id = $1', [id])).rowCount).toBe(1);
    });
  });

  it('lets an admin change only the status and the deleted state', async () => {
    const id = await seed({ userId: crypto.randomUUID(), property: aProperty(), ...march });
    for (const change of [
      'total_pence = 1',
      'arrival = arrival + 1',
      'status_changed_at = now()',
      'user_id = gen_random_uuid()',
    ]) {
      await asRole('authenticated', admin(), async (db) => {
        await expect(db.query(`update booking_requests set ${change} where id = $1`, [id])).rejects.toThrow(
          /permission denied/,
        );
      });
    }
  });
});

describe('booking_requests confirmed stays never overlap', () => {
  const confirm = (db: pg.Client, id: string) =>
    db.query(`update booking_requests set status = 'confirmed' where id = $1`, [id]);

  it('refuses confirming a second overlapping stay of the same property', async () => {
    const property = aProperty();
    await seed({ userId: crypto.randomUUID(), property, ...march }, { status: 'confirmed' });
    for (const stay of [
      march,
      { arrival: '2027-02-25', departure: '2027-03-02' },
      { arrival: '2027-03-07', departure: '2027-03-20' },
      { arrival: '2027-03-03', departure: '2027-03-04' },
      { arrival: '2027-02-01', departure: '2027-04-01' },
    ]) {
      const id = await seed({ userId: crypto.randomUUID(), property, ...stay });
      await asRole('authenticated', admin(), async (db) => {
        await expect(confirm(db, id)).rejects.toMatchObject({
          code: '23P01',
          constraint: 'booking_requests_confirmed_stays_do_not_overlap',
        });
      });
      expect(await statusOf(id)).toBe('new');
    }
  });

  it('allows overlapping new requests, other properties and back-to-back stays', async () => {
    const [property, elsewhere] = [aProperty(), aProperty()];
    await seed({ userId: crypto.randomUUID(), property, ...march }, { status: 'confirmed' });
    const guest = signedIn();
    await asRole('service_role', { role: 'service_role' }, async (db) => {
      for (let copy = 0; copy < 3; copy++) {
        await db.query(...insertStatement(requestRow({ userId: guest.sub, property, ...march })));
      }
    });
    const before = await seed({
      userId: crypto.randomUUID(),
      property,
      arrival: '2027-02-22',
      departure: '2027-03-01',
    });
    const after = await seed({
      userId: crypto.randomUUID(),
      property,
      arrival: '2027-03-08',
      departure: '2027-03-15',
    });
    const other = await seed({ userId: crypto.randomUUID(), property: elsewhere, ...march });
    await asRole('authenticated', admin(), async (db) => {
      for (const id of [before, after, other]) expect((await confirm(db, id)).rowCount).toBe(1);
    });
  });

  it('lets declined, cancelled and deleted requests free their dates, and refuses restoring an overlap', async () => {
    const property = aProperty();
    const cancelled = await seed(
      { userId: crypto.randomUUID(), property, ...march },
      { status: 'confirmed' },
    );
    await seed({ userId: crypto.randomUUID(), property, ...march }, { status: 'declined' });
    const deleted = await seed(
      { userId: crypto.randomUUID(), property, ...march },
      { status: 'confirmed', deleted_at: new Date() },
    );
    const id = await seed({ userId: crypto.randomUUID(), property, ...march });
    await ownerQuery(`update booking_requests set status = 'cancelled' where id = $1`, [cancelled]);
    await asRole('authenticated', admin(), async (db) => {
      expect((await confirm(db, id)).rowCount).toBe(1);
      await expect(
        db.query('update booking_requests set deleted_at = null where id = $1', [deleted]),
      ).rejects.toMatchObject({ code: '23P01' });
    });
  });

  it('leaves exactly one of 20 overlapping requests confirmed when admins confirm them all at once', async () => {
    const property = aProperty();
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, day) =>
        seed({
          userId: crypto.randomUUID(),
          property,
          // Every stay holds the nights from 20 to 25 May, so each pair overlaps.
          arrival: `2027-05-${String(day + 1).padStart(2, '0')}`,
          departure: '2027-05-25',
        }),
      ),
    );
    const claims = admin();
    const clients = ids.map(() => new pg.Client({ connectionString: inject('databaseUrl') }));
    try {
      // Every connection is open and inside its transaction before the first update, so they race.
      await Promise.all(
        clients.map(async (client) => {
          await client.connect();
          await client.query('begin');
          await client.query('set local role authenticated');
          await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        }),
      );
      const results = await Promise.allSettled(
        clients.map(async (client, index) => {
          await confirm(client, ids[index] as string);
          await client.query('commit');
        }),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      // Each loser sees the overlap (23P01), never a deadlock (40P01): confirmations take turns.
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: '23P01' });
      }
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
    }
    const confirmed = await ownerQuery<{ count: number }>(
      `select count(*)::int as count from booking_requests where property = $1 and status = 'confirmed'`,
      [property],
    );
    expect(confirmed).toEqual([{ count: 1 }]);
  });
});

describe('booking_requests status transitions', () => {
  it.each([
    ['new', 'confirmed'],
    ['new', 'declined'],
    ['confirmed', 'cancelled'],
  ])('allows %s → %s and records when', async (from, to) => {
    const id = await seed({ userId: crypto.randomUUID(), property: aProperty(), ...march }, { status: from });
    await asRole('authenticated', admin(), async (db) => {
      const { rows } = await db.query(
        'update booking_requests set status = $2 where id = $1 returning status, status_changed_at',
        [id, to],
      );
      expect(rows).toEqual([{ status: to, status_changed_at: expect.any(Date) }]);
    });
  });

  it.each([
    ['confirmed', 'new'],
    ['declined', 'confirmed'],
    ['new', 'cancelled'],
    ['confirmed', 'declined'],
    ['declined', 'new'],
    ['cancelled', 'confirmed'],
    ['cancelled', 'new'],
  ])('refuses %s → %s', async (from, to) => {
    const id = await seed({ userId: crypto.randomUUID(), property: aProperty(), ...march }, { status: from });
    await asRole('authenticated', admin(), async (db) => {
      await expect(
        db.query('update booking_requests set status = $2 where id = $1', [id, to]),
      ).rejects.toMatchObject({
        code: '23514',
        constraint: 'booking_requests_status_transition',
        message: `A booking request cannot go from ${from} to ${to}`,
      });
    });
    expect(await statusOf(id)).toBe(from);
  });

  it('holds for the table owner too, and for a deleted request', async () => {
    const property = aProperty();
    const confirmed = await seed(
      { userId: crypto.randomUUID(), property, ...march },
      { status: 'confirmed' },
    );
    await expect(
      ownerQuery(`update booking_requests set status = 'new' where id = $1`, [confirmed]),
    ).rejects.toMatchObject({ code: '23514' });
    const deleted = await seed(
      { userId: crypto.randomUUID(), property, ...march },
      { deleted_at: new Date() },
    );
    await asRole('authenticated', admin(), async (db) => {
      await expect(
        db.query(`update booking_requests set status = 'confirmed' where id = $1`, [deleted]),
      ).rejects.toThrow(/restore it first/);
    });
  });

  it('leaves status_changed_at alone when the status does not change', async () => {
    const id = await seed({ userId: crypto.randomUUID(), property: aProperty(), ...march });
    await asRole('authenticated', admin(), async (db) => {
      const { rows } = await db.query(
        `update booking_requests set status = 'new', deleted_at = now() where id = $1 returning status_changed_at`,
        [id],
      );
      expect(rows).toEqual([{ status_changed_at: null }]);
    });
  });
});

describe('booking_requests checks', () => {
  const stay = { userId: crypto.randomUUID(), property: 'test-villa-checks', ...march };

  it.each<[string, Record<string, unknown>]>([
    ['departure on the arrival day', { departure: march.arrival, nights: 0 }],
    ['nights that are not the stay', { nights: 6 }],
    ['no guests', { guests: 0 }],
    ['a total that is not subtotal less discount', { total_pence: 1 }],
    ['a discount larger than the subtotal', { discount_pence: 300_000, total_pence: -35_000 }],
    ['deposit and balance that do not make the total', { deposit_pence: 1 }],
    ['a negative balance', { deposit_pence: 265_001, balance_pence: -1 }],
    ['a balance with no due date', { balance_due_date: null }],
    ['a balance due after arrival', { balance_due_date: '2027-03-02' }],
    ['a status that does not exist', { status: 'paid' }],
    ['a property that is not a slug', { property: 'Kovalam Cliff Villa' }],
    ['an empty message', { message: '' }],
  ])('refuses %s', async (_case, change) => {
    await expect(ownerQuery(...insertStatement({ ...requestRow(stay), ...change }))).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('stores what the pricing function quotes, for every rule it applies', async () => {
    const property = aProperty();
    for (const [arrival, departure, guests] of [
      ['2027-03-01', '2027-03-11', 2],
      ['2027-01-20', '2027-01-27', 4],
      ['2027-02-16', '2027-02-17', 1],
    ] as const) {
      await seed({ userId: crypto.randomUUID(), property, arrival, departure, guests });
    }
    const [count] = await ownerQuery<{ count: number }>(
      'select count(*)::int as count from booking_requests where property = $1',
      [property],
    );
    expect(count).toEqual({ count: 3 });
  });
});
