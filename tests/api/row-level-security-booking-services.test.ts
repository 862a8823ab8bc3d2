import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import {
  admin,
  anon,
  asCaller,
  asOwner,
  guestA,
  guestB,
  selfPromoted,
  server,
  touches,
} from '../support/roles.ts';

/**
 * What the database allows on booked services, whatever a service does: a guest reads and adds the
 * services of their own open bookings (unpaid, unpriced by themselves) and cancels them before they
 * start; another guest sees and touches none; anon nothing; an admin reads, prices, confirms and
 * refunds any; the server does everything, a purge included; and nobody rewrites what was chosen.
 */

let bookingOfA = '';
let serviceOfA = '';
let startedOfA = '';
let cancelledBookingOfA = '';

/** A massage at 16:00 India time on a day far ahead, or `startsAt` when given. */
const addService = (
  booking: string,
  by: string,
  fields: { status?: string; key?: string; startsAt?: string; price?: string } = {},
) => {
  const startsAt = fields.startsAt ?? '2090-01-12T16:00:00+05:30';
  return `insert into booking_services (booking_request_id, service, service_name, starts_at, service_date, service_time,
     quantity, price_pence, free_cancellation_until, late_refund_percent, status, request_key, created_by)
   values ('${booking}', 'ayurvedic-massage', 'Ayurvedic massage', '${startsAt}',
     ('${startsAt}'::timestamptz at time zone 'Asia/Kolkata')::date,
     to_char('${startsAt}'::timestamptz at time zone 'Asia/Kolkata', 'HH24:MI'),
     1, ${fields.price ?? '4500'}, '${startsAt}'::timestamptz - interval '6 hours', 0, '${fields.status ?? 'requested'}',
     '${fields.key ?? `key-${Math.random().toString(36).slice(2, 12)}`}', '${by}')
   returning id`;
};

/** Whether a statement was refused (a grant or a policy), or how many rows it touched. */
async function attempt(db: pg.Client, statement: string) {
  await db.query('savepoint attempt');
  try {
    const result = await db.query(statement);
    await db.query('release savepoint attempt');
    return result.rowCount ?? 0;
  } catch (error) {
    await db.query('rollback to savepoint attempt');
    if (
      /permission denied|row-level security|only the office|keeps what was chosen|has started|stays/.test(
        String(error),
      )
    ) {
      return 'refused' as const;
    }
    throw error;
  }
}

beforeAll(async () => {
  const property = madeUpProperty('rls-services-villa');
  bookingOfA = (
    await insertBooking(asOwner, {
      userId: guestA.claims.sub,
      property,
      status: 'confirmed',
      statusChangedAt: 'now',
    })
  ).id;
  cancelledBookingOfA = (
    await insertBooking(asOwner, {
      userId: guestA.claims.sub,
      property: madeUpProperty('rls-services-villa'),
      status: 'cancelled',
      statusChangedAt: 'now',
    })
  ).id;
  const [row] = await asOwner<{ id: string }>(addService(bookingOfA, guestA.claims.sub), []);
  serviceOfA = String(row?.id);
  const [started] = await asOwner<{ id: string }>(
    addService(bookingOfA, guestA.claims.sub, { startsAt: '2020-01-12T16:00:00+05:30' }),
    [],
  );
  startedOfA = String(started?.id);
});

const readOne = () => `select 1 from booking_services where id = '${serviceOfA}'`;
const cancelOne = (id = serviceOfA) => `update booking_services set status = 'cancelled' where id = '${id}'`;

describe('booked services', () => {
  it('are nothing to anon', async () => {
    await asCaller(anon, async (db) => {
      expect(await touches(db, readOne())).toBe('refused');
      expect(await attempt(db, addService(bookingOfA, guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, cancelOne())).toBe('refused');
      expect(await attempt(db, 'delete from booking_services')).toBe('refused');
    });
  });

  it('are read, added and cancelled by the guest whose booking they are on', async () => {
    await asCaller(guestA, async (db) => {
      expect(await touches(db, readOne())).toBe(1);
      expect(await attempt(db, addService(bookingOfA, guestA.claims.sub))).toBe(1);
      expect(
        await attempt(
          db,
          addService(bookingOfA, guestA.claims.sub, { status: 'awaiting_price', price: 'null' }),
        ),
      ).toBe(1);
      expect(await attempt(db, cancelOne())).toBe(1);
    });
  });

  it('refuse their guest anything but that', async () => {
    await asCaller(guestA, async (db) => {
      // Added as confirmed or in another's name, on a cancelled booking, priced or paid by themselves.
      expect(await attempt(db, addService(bookingOfA, guestA.claims.sub, { status: 'confirmed' }))).toBe(
        'refused',
      );
      expect(await attempt(db, addService(bookingOfA, guestB.claims.sub))).toBe('refused');
      expect(await attempt(db, addService(cancelledBookingOfA, guestA.claims.sub))).toBe('refused');
      expect(
        await attempt(db, `update booking_services set price_pence = 1 where id = '${serviceOfA}'`),
      ).toBe('refused');
      expect(
        await attempt(db, `update booking_services set status = 'confirmed' where id = '${serviceOfA}'`),
      ).toBe('refused');
      expect(await attempt(db, `update booking_services set quantity = 3 where id = '${serviceOfA}'`)).toBe(
        'refused',
      );
      expect(await attempt(db, cancelOne(startedOfA))).toBe('refused');
      expect(await attempt(db, `delete from booking_services where id = '${serviceOfA}'`)).toBe('refused');
    });
  });

  it('are nothing to another guest', async () => {
    await asCaller(guestB, async (db) => {
      expect(await touches(db, readOne())).toBe(0);
      expect(await attempt(db, addService(bookingOfA, guestB.claims.sub))).toBe('refused');
      expect(await attempt(db, cancelOne())).toBe(0);
      expect(
        await attempt(db, `update booking_services set price_pence = 1 where id = '${serviceOfA}'`),
      ).toBe(0);
    });
  });

  it('give no office powers to a guest who calls themselves admin in user_metadata', async () => {
    await asCaller(selfPromoted, async (db) => {
      expect(
        await attempt(db, `update booking_services set price_pence = 1 where id = '${serviceOfA}'`),
      ).toBe('refused');
      expect(await attempt(db, addService(bookingOfA, guestA.claims.sub, { status: 'confirmed' }))).toBe(
        'refused',
      );
    });
  });

  it('are read, priced, confirmed and refunded by an admin, who deletes none', async () => {
    await asCaller(admin, async (db) => {
      expect(await touches(db, readOne())).toBe(1);
      expect(
        await attempt(
          db,
          `update booking_services set status = 'confirmed', price_pence = 5000 where id = '${serviceOfA}'`,
        ),
      ).toBe(1);
      expect(await attempt(db, cancelOne())).toBe(1);
      expect(
        await attempt(
          db,
          `update booking_services set status = 'refunded', refund_pence = 5000 where id = '${serviceOfA}'`,
        ),
      ).toBe(1);
      expect(
        await attempt(
          db,
          `update booking_services set status = 'confirmed', refund_pence = null where id = '${serviceOfA}'`,
        ),
      ).toBe('refused');
      expect(await attempt(db, `delete from booking_services where id = '${serviceOfA}'`)).toBe('refused');
    });
  });

  it('keep what was chosen, even from the server, which may purge them', async () => {
    await asCaller(server, async (db) => {
      expect(await touches(db, readOne())).toBe(1);
      expect(
        await attempt(db, `update booking_services set service = 'fishing' where id = '${serviceOfA}'`),
      ).toBe('refused');
      expect(await attempt(db, `delete from booking_services where id = '${serviceOfA}'`)).toBe(1);
    });
  });

  it('store one row for one add, however often it is sent', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, addService(bookingOfA, guestA.claims.sub, { key: 'double-click-1' }))).toBe(1);
      await db.query('savepoint twice');
      await expect(
        db.query(addService(bookingOfA, guestA.claims.sub, { key: 'double-click-1' })),
      ).rejects.toThrow(/booking_services_one_row_per_add/);
      await db.query('rollback to savepoint twice');
    });
  });
});
