import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
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
 * What the database allows on arrival packs, whatever a service does: admins write and read every
 * pack and release one early; a guest reads the pack of a home only while they hold a booking of it
 * that is released (confirmed, and its deposit received or released early), and writes nothing; anon
 * reads nothing; the server reads packs and releases to email them.
 */

const packed = madeUpProperty('rls-pack-villa');
const unpacked = madeUpProperty('rls-pack-villa');
let paidBooking = '';
let unpaidBooking = '';

const insertPack = (property: string) =>
  asOwner(
    `insert into arrival_packs (property, address, latitude, longitude, directions_from_cok, directions_from_trv,
       check_in_steps, caretaker_phone, wifi_name, wifi_password, house_manual, updated_by)
     values ($1, 'Cliff Road', 8.4, 76.9, 'Taxi', 'Taxi', 'Ring the bell', '+91 98470 33333', 'Villa', 'secret', 'Manual', $2)`,
    [property, admin.claims.sub],
  );

beforeAll(async () => {
  await insertPack(packed);
  await insertPack(unpacked);
  const book = async (userId: string, property: string) =>
    (await insertBooking(asOwner, { userId, property, status: 'confirmed', statusChangedAt: 'now' })).id;
  paidBooking = await book(guestA.claims.sub, packed);
  unpaidBooking = await book(guestB.claims.sub, unpacked);
  await recordOfficePayment(paidBooking, { kind: 'deposit', method: 'cash' });
});

async function attempt(db: Parameters<typeof touches>[0], statement: string) {
  await db.query('savepoint refused');
  try {
    const outcome = await touches(db, statement);
    await db.query('release savepoint refused');
    return outcome;
  } catch (error) {
    await db.query('rollback to savepoint refused');
    if (/violates row-level security policy/.test(String(error))) return 'refused' as const;
    throw error;
  }
}

const readPack = (property: string) =>
  `select wifi_password from arrival_packs where property = '${property}'`;
const rewrite = (property: string, by: string) =>
  `update arrival_packs set wifi_password = 'changed', updated_by = '${by}' where property = '${property}'`;
const releaseEarly = (booking: string, by: string) =>
  `insert into arrival_pack_releases (booking_request_id, released_by) values ('${booking}', '${by}')`;

describe('arrival packs', () => {
  it('let a guest read the pack of a home they hold a paid booking of, and no other', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, readPack(packed))).toBe(1);
      expect(await attempt(db, readPack(unpacked))).toBe(0);
    });
  });

  it('hide the pack from a guest whose booking’s deposit is not received, until the office releases it', async () => {
    await asCaller(guestB, async (db) => {
      expect(await attempt(db, readPack(unpacked))).toBe(0);
      expect(await attempt(db, readPack(packed))).toBe(0);
    });
    await asOwner('insert into arrival_pack_releases (booking_request_id, released_by) values ($1, $2)', [
      unpaidBooking,
      admin.claims.sub,
    ]);
    await asCaller(guestB, async (db) => {
      expect(await attempt(db, readPack(unpacked))).toBe(1);
    });
    await asOwner('update booking_requests set status = $1 where id = $2', ['cancelled', unpaidBooking]);
    await asCaller(guestB, async (db) => {
      expect(await attempt(db, readPack(unpacked))).toBe(0);
    });
  });

  it('withdraw the pack once the day after departure has passed in Kerala, paid or released early, from the guest and from the server that emails it', async () => {
    const property = madeUpProperty('rls-pack-villa');
    await insertPack(property);
    const today = todayInKerala();
    const stay = (
      await insertBooking(asOwner, {
        userId: guestA.claims.sub,
        property,
        arrival: addDays(today, -8),
        departure: addDays(today, -1),
        status: 'confirmed',
        statusChangedAt: 'now',
      })
    ).id;
    await asOwner('insert into arrival_pack_releases (booking_request_id, released_by) values ($1, $2)', [
      stay,
      admin.claims.sub,
    ]);
    const released = async () =>
      (
        await asOwner<{ released: boolean }>('select public.arrival_pack_is_released($1) as released', [stay])
      )[0]?.released;
    // The guest left yesterday: today is the day after departure, and the pack is still theirs.
    await asCaller(guestA, async (db) => expect(await attempt(db, readPack(property))).toBe(1));
    expect(await released()).toBe(true);

    await asOwner('update booking_requests set arrival = $2, departure = $3 where id = $1', [
      stay,
      addDays(today, -9),
      addDays(today, -2),
    ]);
    await asCaller(guestA, async (db) => expect(await attempt(db, readPack(property))).toBe(0));
    expect(await released()).toBe(false);
  });

  it('refuse guests writing packs or releasing them, a self-made admin claim included', async () => {
    for (const caller of [guestA, selfPromoted]) {
      await asCaller(caller, async (db) => {
        expect(await attempt(db, rewrite(packed, guestA.claims.sub))).toBe(0);
        expect(await attempt(db, releaseEarly(paidBooking, guestA.claims.sub))).toBe('refused');
        expect(await attempt(db, 'select * from arrival_pack_releases')).toBe(0);
      });
    }
  });

  it('let an admin read and rewrite every pack and release one early, in their own name', async () => {
    await asCaller(admin, async (db) => {
      expect(await attempt(db, readPack(unpacked))).toBe(1);
      expect(await attempt(db, rewrite(packed, admin.claims.sub))).toBe(1);
      expect(await attempt(db, rewrite(packed, guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, releaseEarly(paidBooking, guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, releaseEarly(paidBooking, admin.claims.sub))).toBe(1);
    });
  });

  it('refuse anon everything', async () => {
    await asCaller(anon, async (db) => {
      expect(await attempt(db, readPack(packed))).toBe('refused');
      expect(await attempt(db, 'select * from arrival_pack_releases')).toBe('refused');
      expect(await attempt(db, 'select * from arrival_pack_emails')).toBe('refused');
    });
  });

  it('let the server read packs and releases and claim emails, never write a pack', async () => {
    await asCaller(server, async (db) => {
      expect(await attempt(db, readPack(packed))).toBe(1);
      expect(
        await attempt(db, `insert into arrival_pack_emails (booking_request_id) values ('${paidBooking}')`),
      ).toBe(1);
      expect(await attempt(db, rewrite(packed, admin.claims.sub))).toBe('refused');
    });
  });
});
