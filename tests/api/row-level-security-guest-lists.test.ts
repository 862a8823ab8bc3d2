import { beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import {
  admin,
  anon,
  asCaller,
  asOwner,
  type Caller,
  guestA,
  guestB,
  selfPromoted,
  server,
  touches,
} from '../support/roles.ts';

/**
 * What the database allows on guest lists, whatever a service does: nobody but the server reads or
 * writes them, not their own guest, not another, not anon, not even an admin (the office reads them
 * through the server, which records each read); the reads' record is the admins' to read and the
 * server's to append to, and nobody rewrites it.
 */

let bookingOfA = '';

const readLists = 'select * from booking_guest_lists';
const writeList = (booking: string, by: string) =>
  `insert into booking_guest_lists (booking_request_id, arrival_time, foreign_guests, details, key_id, updated_by)
   values ('${booking}', '12:00', 0, '${'A'.repeat(60)}', '0123456789abcdef', '${by}')`;
const recordRead = (booking: string, by: string) =>
  `insert into guest_list_reads (booking_request_id, admin_id, purpose) values ('${booking}', '${by}', 'booking_detail')`;

beforeAll(async () => {
  bookingOfA = (
    await insertBooking(asOwner, {
      userId: guestA.claims.sub,
      property: madeUpProperty('rls-guests-villa'),
      status: 'confirmed',
      statusChangedAt: 'now',
    })
  ).id;
  await asOwner(writeList(bookingOfA, guestA.claims.sub));
  await asOwner(recordRead(bookingOfA, admin.claims.sub));
});

const everyoneButTheServer: Caller[] = [anon, guestA, guestB, selfPromoted, admin];

describe('guest lists', () => {
  it.each(everyoneButTheServer.map((caller) => [caller.name, caller] as const))(
    'refuse %s any select, insert, update or delete',
    async (_name, caller) => {
      await asCaller(caller, async (db) => {
        expect(await touches(db, readLists)).toBe('refused');
        expect(await touches(db, writeList(bookingOfA, String(caller.claims.sub ?? guestA.claims.sub)))).toBe(
          'refused',
        );
        expect(await touches(db, `update booking_guest_lists set arrival_time = '13:00'`)).toBe('refused');
        expect(await touches(db, 'delete from booking_guest_lists')).toBe('refused');
      });
    },
  );

  it('let the server read, replace and delete them', async () => {
    await asCaller(server, async (db) => {
      expect(
        await touches(db, `select 1 from booking_guest_lists where booking_request_id = '${bookingOfA}'`),
      ).toBe(1);
      expect(
        await touches(
          db,
          `update booking_guest_lists set arrival_time = '13:00' where booking_request_id = '${bookingOfA}'`,
        ),
      ).toBe(1);
      expect(
        await touches(db, `delete from booking_guest_lists where booking_request_id = '${bookingOfA}'`),
      ).toBe(1);
    });
  });
});

describe('the record of who read guest details', () => {
  it('is read by admins only', async () => {
    const reads = `select 1 from guest_list_reads where booking_request_id = '${bookingOfA}'`;
    await asCaller(admin, async (db) => expect(await touches(db, reads)).toBe(1));
    for (const caller of [guestA, selfPromoted]) {
      await asCaller(caller, async (db) => expect(await touches(db, reads)).toBe(0));
    }
    await asCaller(anon, async (db) => expect(await touches(db, reads)).toBe('refused'));
  });

  it('is appended to by the server alone, and rewritten by nobody', async () => {
    await asCaller(server, async (db) => {
      expect(await touches(db, recordRead(bookingOfA, admin.claims.sub))).toBe(1);
      expect(await touches(db, `update guest_list_reads set purpose = 'form_c_csv'`)).toBe('refused');
      expect(await touches(db, 'delete from guest_list_reads')).toBe('refused');
    });
    for (const caller of [admin, guestA]) {
      await asCaller(caller, async (db) => {
        expect(await touches(db, recordRead(bookingOfA, caller.claims.sub))).toBe('refused');
        expect(await touches(db, 'delete from guest_list_reads')).toBe('refused');
      });
    }
  });
});
