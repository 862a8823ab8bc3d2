import { beforeAll, describe, expect, it } from 'vitest';
import { insertBookedService, insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import {
  paymentColumns,
  paymentInsert,
  sessionInsert,
  storePayment,
  storeRefund,
} from '../support/payment-rows.ts';
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
 * What the database allows on a service's money (#49), by role: a guest reads the payment and the
 * sessions of their own stay's services only, and writes none of them, nor marks their service paid;
 * anon reads nothing; an admin reads every one; the server opens a service's session and records its
 * payment, and notes it on the service.
 */

type Side = { booking: string; service: string; payment: string; session: string; refund: string };
let own: Side;
let other: Side;

async function stayWithPaidService(userId: string): Promise<Side> {
  const booking = (
    await insertBooking(asOwner, {
      userId,
      property: madeUpProperty('rls-service-pay-villa'),
      arrival: '2091-04-01',
      status: 'confirmed',
      statusChangedAt: 'now',
    })
  ).id;
  const service = await insertBookedService(asOwner, booking, { date: '2091-04-02', createdBy: userId });
  const payment = await storePayment(asOwner, booking, {
    kind: 'balance',
    amountPence: 4_500,
    serviceId: service,
    provider: 'stand-in',
    providerReference: `pi_rls_service_${crypto.randomUUID()}`,
  });
  const [session] = await asOwner<{ id: string }>(
    ...sessionInsert(
      {
        booking_request_id: booking,
        booking_service_id: service,
        provider_session_id: `cs_rls_service_${crypto.randomUUID()}`,
        kind: 'balance',
        amount_pence: 4_500,
      },
      'id',
    ),
  );
  const refund = await storeRefund(asOwner, booking, {
    paymentId: payment,
    amountPence: 1_000,
    reason: 'office',
    status: 'owed',
    problem: 'Paid back by hand in the RLS test.',
  });
  return { booking, service, payment, session: session?.id as string, refund };
}

beforeAll(async () => {
  own = await stayWithPaidService(guestA.claims.sub);
  other = await stayWithPaidService(guestB.claims.sub);
});

const reads = (side: Side): string[] => [
  `select booking_service_id from payments where id = '${side.payment}'`,
  `select booking_service_id from payment_sessions where id = '${side.session}'`,
  `select payment_id from booking_services where id = '${side.service}'`,
  // Which payment a refund came from: the account shows a service's refund on its own card.
  `select payment_id from payment_refunds where id = '${side.refund}'`,
];

describe('a service’s payments and sessions', () => {
  it('are nothing to anon', async () => {
    await asCaller(anon, async (db) => {
      for (const statement of reads(own)) expect(await touches(db, statement), statement).toBe('refused');
    });
  });

  it('are read by the guest whose stay the service is on, and by no other guest', async () => {
    await asCaller(guestA, async (db) => {
      for (const statement of reads(own)) expect(await touches(db, statement), statement).toBe(1);
      for (const statement of reads(other)) expect(await touches(db, statement), statement).toBe(0);
    });
    // Guest A calling themselves admin sees what guest A sees, and nothing of guest B's.
    await asCaller(selfPromoted, async (db) => {
      for (const statement of reads(other)) expect(await touches(db, statement), statement).toBe(0);
    });
  });

  it('are read whole by an admin', async () => {
    await asCaller(admin, async (db) => {
      for (const statement of [...reads(own), ...reads(other)])
        expect(await touches(db, statement), statement).toBe(1);
    });
  });

  it('refuse a guest paying their own service by hand, opening its session or marking it paid', async () => {
    const unpaid = await insertBookedService(asOwner, own.booking, {
      date: '2091-04-03',
      createdBy: guestA.claims.sub,
    });
    await asCaller(guestA, async (db) => {
      const payment = paymentColumns(own.booking, {
        kind: 'balance',
        amountPence: 4_500,
        serviceId: unpaid,
        provider: 'stand-in',
        providerReference: `pi_rls_guest_${crypto.randomUUID()}`,
      });
      expect(await touches(db, ...paymentInsert(payment))).toBe('refused');
      const session = sessionInsert({
        booking_request_id: own.booking,
        booking_service_id: unpaid,
        provider_session_id: `cs_rls_guest_${crypto.randomUUID()}`,
        kind: 'balance',
        amount_pence: 4_500,
      });
      expect(await touches(db, ...session)).toBe('refused');
      await db.query('savepoint mark');
      await expect(
        db.query('update booking_services set payment_id = $2 where id = $1', [unpaid, own.payment]),
      ).rejects.toThrow(/only the office prices, settles or refunds a booked service/);
      await db.query('rollback to savepoint mark');
    });
  });

  it('let the server open a service’s session, record its payment and note it on the service', async () => {
    const unpaid = await insertBookedService(asOwner, own.booking, {
      date: '2091-04-04',
      createdBy: guestA.claims.sub,
    });
    await asCaller(server, async (db) => {
      const session = sessionInsert({
        booking_request_id: own.booking,
        booking_service_id: unpaid,
        provider_session_id: `cs_rls_server_${crypto.randomUUID()}`,
        kind: 'balance',
        amount_pence: 4_500,
      });
      expect(await touches(db, ...session)).toBe(1);
      const [payment] = (
        await db.query<{ id: string }>(
          ...paymentInsert(
            paymentColumns(own.booking, {
              kind: 'balance',
              amountPence: 4_500,
              serviceId: unpaid,
              provider: 'stand-in',
              providerReference: `pi_rls_server_${crypto.randomUUID()}`,
            }),
            'id',
          ),
        )
      ).rows;
      expect(
        await touches(db, 'update booking_services set payment_id = $2 where id = $1', [unpaid, payment?.id]),
      ).toBe(1);
    });
  });
});
