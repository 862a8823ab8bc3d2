import { beforeAll, describe, expect, it } from 'vitest';
import { refundReasons, refundStatuses } from '../../src/features/payment/refund-contract.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { refundInsert } from '../support/payment-rows.ts';
import { storePayment, storeRefund } from '../support/payment-scenario.ts';
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
 * What the database allows on refunds, whatever a service does: the server asks for and settles
 * them; an admin asks for one in their own name and settles one; a guest reads the refunds of their
 * own bookings (never the provider's ids or the office's words); anon reads nothing. What goes back
 * from a payment never passes what it brought in, and a refund is settled once, forward.
 */

let ownBooking = '';
let otherBooking = '';
let ownPayment = '';
let ownRefund = '';
let otherRefund = '';

async function insertPaidBooking(userId: string): Promise<{ booking: string; payment: string }> {
  const { id: booking } = await insertBooking(asOwner, {
    userId,
    name: 'RLS Refund',
    email: `rls-refund+${crypto.randomUUID()}@example.com`,
    property: madeUpProperty('rls-refund-villa'),
    arrival: '2091-03-01',
    status: 'confirmed',
    statusChangedAt: 'now',
  });
  const payment = await storePayment(asOwner, booking, {
    amountPence: 17500,
    receivedOn: '2091-01-01',
    provider: 'stand-in',
    providerReference: `pi_rls_${crypto.randomUUID()}`,
  });
  return { booking, payment };
}

const insertRefund = (booking: string, payment: string) =>
  storeRefund(asOwner, booking, {
    paymentId: payment,
    amountPence: 1000,
    reason: 'cancellation',
    status: 'owed',
    provider: 'stand-in',
    problem: 'refused',
  });

beforeAll(async () => {
  const own = await insertPaidBooking(guestA.claims.sub);
  const other = await insertPaidBooking(guestB.claims.sub);
  ownBooking = own.booking;
  ownPayment = own.payment;
  otherBooking = other.booking;
  ownRefund = await insertRefund(ownBooking, ownPayment);
  otherRefund = await insertRefund(otherBooking, other.payment);
});

/** `touches`, with a row refused by a policy's check counted as refused too. */
async function attempt(db: Parameters<typeof touches>[0], statement: string | [string, unknown[]]) {
  const [sql, values] = typeof statement === 'string' ? [statement, []] : statement;
  try {
    return await touches(db, sql, values);
  } catch (error) {
    if (/violates row-level security policy/.test(String(error))) return 'refused' as const;
    throw error;
  }
}

const askAsServer = () =>
  refundInsert({
    booking_request_id: ownBooking,
    payment_id: ownPayment,
    amount_pence: 100,
    reason: 'cancellation',
  });
const askAsAdmin = (requestedBy: string, reason = 'office') =>
  refundInsert({
    booking_request_id: ownBooking,
    payment_id: ownPayment,
    amount_pence: 100,
    reason,
    requested_by: requestedBy,
  });
const settle = () =>
  `update payment_refunds set status = 'refunded', settled_at = now() where id = '${ownRefund}'`;

describe('refunds', () => {
  it.each([
    ['anon', anon],
    ['a signed-in guest', guestA],
    ['a guest who wrote themselves an admin claim', selfPromoted],
  ])('refuse %s asking for or settling a refund', async (_name, caller) => {
    await asCaller(caller, async (db) => {
      for (const statement of [askAsServer(), askAsAdmin(guestA.claims.sub), settle()]) {
        expect([0, 'refused'], `${caller.name}: ${statement}`).toContain(await attempt(db, statement));
      }
    });
  });

  it('let a guest read what went back on their own bookings only, without the office’s details', async () => {
    await asCaller(guestA, async (db) => {
      expect(
        await attempt(db, `select id, amount_pence, status from payment_refunds where id = '${ownRefund}'`),
      ).toBe(1);
      expect(await attempt(db, `select id from payment_refunds where id = '${otherRefund}'`)).toBe(0);
      expect(await attempt(db, `select problem from payment_refunds where id = '${ownRefund}'`)).toBe(
        'refused',
      );
      expect(
        await attempt(db, `select provider_refund_id from payment_refunds where id = '${ownRefund}'`),
      ).toBe('refused');
    });
  });

  it('refuse anon reading any of it', async () => {
    await asCaller(anon, async (db) => {
      expect(await attempt(db, `select id from payment_refunds where id = '${ownRefund}'`)).toBe('refused');
    });
  });

  it('let an admin read every refund, ask for one in their own name and settle one', async () => {
    await asCaller(admin, async (db) => {
      expect(
        await attempt(
          db,
          `select * from dashboard.payment_refunds where id in ('${ownRefund}', '${otherRefund}')`,
        ),
      ).toBe(2);
      expect(await attempt(db, askAsAdmin(admin.claims.sub))).toBe(1);
      expect(await attempt(db, askAsAdmin(guestA.claims.sub))).toBe('refused');
      expect(await attempt(db, askAsAdmin(admin.claims.sub, 'cancellation'))).toBe('refused');
      expect(await attempt(db, settle())).toBe(1);
    });
  });

  it('let the server ask for and settle refunds', async () => {
    await asCaller(server, async (db) => {
      expect(await attempt(db, askAsServer())).toBe(1);
      expect(await attempt(db, settle())).toBe(1);
    });
  });

  it('keep what goes back from a payment within what it brought in', async () => {
    await asCaller(server, async (db) => {
      const tooMuch = refundInsert({
        booking_request_id: ownBooking,
        payment_id: ownPayment,
        amount_pence: 16501,
        reason: 'cancellation',
      });
      await expect(db.query(...tooMuch)).rejects.toThrow(/would pass the 17500 pence paid/);
    });
    await asCaller(server, async (db) => {
      const otherBookings = refundInsert({
        booking_request_id: otherBooking,
        payment_id: ownPayment,
        amount_pence: 100,
        reason: 'cancellation',
      });
      await expect(db.query(...otherBookings)).rejects.toThrow(/from a payment of its own booking/);
    });
  });

  it('settle a refund once, forward', async () => {
    await asCaller(server, async (db) => {
      await db.query(settle());
      await expect(
        db.query(`update payment_refunds set status = 'owed' where id = '${ownRefund}'`),
      ).rejects.toThrow(/A refund is settled once, forward/);
    });
    await asCaller(server, async (db) => {
      await expect(
        db.query(`update payment_refunds set status = 'pending' where id = '${ownRefund}'`),
      ).rejects.toThrow(/A refund is settled once, forward/);
    });
  });

  it('hold the lists the code uses equal to the database’s', async () => {
    const checks = await asOwner<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.payment_refunds'::regclass and contype = 'c'`,
    );
    const listed = (column: string) => {
      const check = checks.find(({ name }) => name === `payment_refunds_${column}_check`);
      return [...(check?.definition ?? '').matchAll(/'([^']+)'::text/g)].map((match) => match[1]).sort();
    };
    expect(listed('reason')).toEqual([...refundReasons].sort());
    expect(listed('status')).toEqual([...refundStatuses].sort());
  });
});
