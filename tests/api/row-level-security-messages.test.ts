import { beforeAll, describe, expect, it } from 'vitest';
import { messageAuthors } from '../../src/features/booking/booking-message-contract.ts';
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
 * What the database allows on a booking's messages, whatever a service does: a guest reads and
 * writes the messages of their own bookings only, in their own name and as the guest; an admin reads
 * every message and writes as the office in their own name; each side marks read only what the other
 * wrote; nobody edits or removes a message; anon and the server alone read nothing.
 */

let ownBooking = '';
let otherBooking = '';
let officeMessage = '';
let guestMessage = '';
let otherMessage = '';

const insertMessage = async (booking: string, author: string, authorId: string, body: string) =>
  (
    await asOwner<{ id: string }>(
      'insert into booking_messages (booking_request_id, author, author_id, body) values ($1, $2, $3, $4) returning id',
      [booking, author, authorId, body],
    )
  )[0]?.id as string;

beforeAll(async () => {
  const book = async (userId: string) =>
    (await insertBooking(asOwner, { userId, property: madeUpProperty('rls-messages-villa') })).id;
  ownBooking = await book(guestA.claims.sub);
  otherBooking = await book(guestB.claims.sub);
  guestMessage = await insertMessage(ownBooking, 'guest', guestA.claims.sub, 'From guest A');
  officeMessage = await insertMessage(ownBooking, 'office', admin.claims.sub, 'From the office to A');
  otherMessage = await insertMessage(otherBooking, 'guest', guestB.claims.sub, 'From guest B');
});

/** `touches`, with a row refused by a policy's check, or the trigger, counted as refused too. */
async function attempt(db: Parameters<typeof touches>[0], statement: string) {
  await db.query('savepoint refused');
  try {
    const outcome = await touches(db, statement);
    await db.query('release savepoint refused');
    return outcome;
  } catch (error) {
    await db.query('rollback to savepoint refused');
    if (/violates row-level security policy|stays as written/.test(String(error))) return 'refused' as const;
    throw error;
  }
}

const write = (booking: string, author: string, authorId: string) =>
  `insert into booking_messages (booking_request_id, author, author_id, body)
   values ('${booking}', '${author}', '${authorId}', 'Written in an RLS test')`;
const markRead = (id: string) => `update booking_messages set read_at = now() where id = '${id}'`;
const readOne = (id: string) => `select id, body from booking_messages where id = '${id}'`;

describe('booking messages', () => {
  it('let a guest read their own bookings’ messages and nobody else’s', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, readOne(guestMessage))).toBe(1);
      expect(await attempt(db, readOne(officeMessage))).toBe(1);
      expect(await attempt(db, readOne(otherMessage))).toBe(0);
    });
    await asCaller(guestB, async (db) => {
      expect(await attempt(db, readOne(guestMessage))).toBe(0);
      expect(await attempt(db, readOne(otherMessage))).toBe(1);
    });
  });

  it('let a guest write on their own booking, as the guest and in their own name only', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, write(ownBooking, 'guest', guestA.claims.sub))).toBe(1);
      expect(await attempt(db, write(otherBooking, 'guest', guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, write(ownBooking, 'office', guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, write(ownBooking, 'guest', guestB.claims.sub))).toBe('refused');
    });
  });

  it('never make an admin of a guest who wrote themselves an admin claim', async () => {
    await asCaller(selfPromoted, async (db) => {
      expect(await attempt(db, readOne(otherMessage))).toBe(0);
      expect(await attempt(db, write(otherBooking, 'office', guestA.claims.sub))).toBe('refused');
    });
  });

  it('let a guest mark read the office’s messages to them, never their own or another’s', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, markRead(officeMessage))).toBe(1);
      expect(await attempt(db, markRead(guestMessage))).toBe(0);
      expect(await attempt(db, markRead(otherMessage))).toBe(0);
    });
  });

  it('let an admin read every message, write as the office in their own name, and mark the guest’s read', async () => {
    await asCaller(admin, async (db) => {
      expect(await attempt(db, readOne(guestMessage))).toBe(1);
      expect(await attempt(db, readOne(otherMessage))).toBe(1);
      expect(await attempt(db, write(otherBooking, 'office', admin.claims.sub))).toBe(1);
      expect(await attempt(db, write(otherBooking, 'office', guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, write(otherBooking, 'guest', admin.claims.sub))).toBe('refused');
      expect(await attempt(db, markRead(guestMessage))).toBe(1);
      expect(await attempt(db, markRead(officeMessage))).toBe(0);
    });
  });

  it('keep a message as written: no edit of its words, no unreading, no delete', async () => {
    await asCaller(admin, async (db) => {
      expect(
        await attempt(db, `update booking_messages set body = 'Changed' where id = '${guestMessage}'`),
      ).toBe('refused');
      expect(await attempt(db, `delete from booking_messages where id = '${guestMessage}'`)).toBe('refused');
      await db.query(markRead(guestMessage));
      expect(await attempt(db, markRead(guestMessage))).toBe('refused');
    });
  });

  it.each([
    ['anon', anon],
    ['the server', server],
  ])('refuse %s reading or writing any message', async (_name, caller) => {
    await asCaller(caller, async (db) => {
      expect(await attempt(db, readOne(guestMessage))).toBe('refused');
      expect(await attempt(db, write(ownBooking, 'guest', guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, markRead(officeMessage))).toBe('refused');
    });
  });

  it('refuse control characters and oversize text in the database too', async () => {
    await asCaller(guestA, async (db) => {
      await expect(
        db.query(
          `insert into booking_messages (booking_request_id, author, author_id, body) values ($1, 'guest', $2, $3)`,
          [ownBooking, guestA.claims.sub, 'bell\u0007'],
        ),
      ).rejects.toThrow(/booking_messages_body_check/);
    });
    await asCaller(guestA, async (db) => {
      await expect(
        db.query(
          `insert into booking_messages (booking_request_id, author, author_id, body) values ($1, 'guest', $2, $3)`,
          [ownBooking, guestA.claims.sub, 'x'.repeat(2001)],
        ),
      ).rejects.toThrow(/booking_messages_body_check/);
    });
  });

  it('hold the list of authors the code uses equal to the database’s', async () => {
    const [check] = await asOwner<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.booking_messages'::regclass and conname = 'booking_messages_author_check'`,
    );
    const listed = [...(check?.definition ?? '').matchAll(/'([^']+)'::text/g)]
      .map((match) => match[1])
      .sort();
    expect(listed).toEqual([...messageAuthors].sort());
  });
});
