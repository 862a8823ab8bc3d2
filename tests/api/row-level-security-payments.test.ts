import { beforeAll, describe, expect, it } from 'vitest';
import { payableKinds } from '../../src/lib/payment-due.ts';
import {
  paymentCurrencies,
  paymentProviders,
  paymentSessionStatuses,
} from '../../src/server/payments/index.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { sessionInsert } from '../support/payment-rows.ts';
import { paymentColumns, paymentInsert, storePayment } from '../support/payment-scenario.ts';
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
 * What the database allows on online payments' tables, whatever a service does: only the server opens
 * and settles payment sessions, stores provider events and records what a provider received; a guest
 * reads the sessions of their own bookings, an admin reads all; a provider's event and a provider's
 * payment reference are stored once.
 */

let ownBooking = '';
let otherBooking = '';
let ownSession = '';
let otherSession = '';
const eventId = `evt_rls_${crypto.randomUUID()}`;

async function insertConfirmedBooking(userId: string): Promise<string> {
  const booking = await insertBooking(asOwner, {
    userId,
    name: 'RLS Payer',
    email: `rls-pay+${crypto.randomUUID()}@example.com`,
    property: madeUpProperty('rls-pay-villa'),
    arrival: '2091-03-01',
    guests: 2,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
  return booking.id;
}

async function insertSession(bookingId: string): Promise<string> {
  const [row] = await asOwner<{ id: string }>(
    ...sessionInsert(
      {
        booking_request_id: bookingId,
        provider_session_id: `cs_rls_${crypto.randomUUID()}`,
        amount_pence: 17500,
      },
      'id',
    ),
  );
  return row?.id as string;
}

beforeAll(async () => {
  ownBooking = await insertConfirmedBooking(guestA.claims.sub);
  otherBooking = await insertConfirmedBooking(guestB.claims.sub);
  ownSession = await insertSession(ownBooking);
  otherSession = await insertSession(otherBooking);
  await asOwner(
    `insert into payment_provider_events (provider, event_id, type) values ('stand-in', $1, 'checkout.session.completed')`,
    [eventId],
  );
});

/** `touches`, with a row refused by a policy's check counted as refused too. */
async function attempt(db: Parameters<typeof touches>[0], statement: string, values: unknown[] = []) {
  try {
    return await touches(db, statement, values);
  } catch (error) {
    if (/violates row-level security policy/.test(String(error))) return 'refused' as const;
    throw error;
  }
}

/** A provider's payment on the guest's own booking, in the table's column names. */
const providersPayment = (columns: Record<string, unknown> = {}) => ({
  ...paymentColumns(ownBooking, {
    amountPence: 17500,
    receivedOn: '2091-01-01',
    provider: 'stand-in',
    providerReference: `pi_rls_${crypto.randomUUID()}`,
  }),
  ...columns,
});

const serverWrites = (): [string, unknown[]][] => [
  sessionInsert({
    booking_request_id: ownBooking,
    provider_session_id: `cs_rls_${crypto.randomUUID()}`,
    amount_pence: 17500,
  }),
  [`update payment_sessions set status = 'expired', settled_at = now() where id = '${ownSession}'`, []],
  [
    `insert into payment_provider_events (provider, event_id, type) values ('stand-in', 'evt_${crypto.randomUUID()}', 'x')`,
    [],
  ],
  paymentInsert(providersPayment()),
];

describe('online payment tables', () => {
  it.each([
    ['anon', anon],
    ['a signed-in guest', guestA],
    ['a guest who wrote themselves an admin claim', selfPromoted],
    ['an admin', admin],
  ])(
    'refuse %s opening or settling sessions, storing events or recording a provider’s payment',
    async (_name, caller) => {
      await asCaller(caller, async (db) => {
        for (const [statement, values] of serverWrites()) {
          expect([0, 'refused'], `${caller.name}: ${statement}`).toContain(
            await attempt(db, statement, values),
          );
        }
      });
    },
  );

  it('let a guest read the sessions of their own bookings only, and no provider event', async () => {
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, `select id from payment_sessions where id = '${ownSession}'`)).toBe(1);
      expect(await attempt(db, `select id from payment_sessions where id = '${otherSession}'`)).toBe(0);
      expect(await attempt(db, `select * from payment_provider_events where event_id = '${eventId}'`)).toBe(
        0,
      );
    });
  });

  it('refuse anon reading any of it', async () => {
    await asCaller(anon, async (db) => {
      expect(await attempt(db, `select id from payment_sessions where id = '${ownSession}'`)).toBe('refused');
      expect(await attempt(db, `select * from payment_provider_events where event_id = '${eventId}'`)).toBe(
        'refused',
      );
    });
  });

  it('let an admin read every session and event', async () => {
    await asCaller(admin, async (db) => {
      expect(
        await attempt(db, `select id from payment_sessions where id in ('${ownSession}', '${otherSession}')`),
      ).toBe(2);
      expect(await attempt(db, `select * from payment_provider_events where event_id = '${eventId}'`)).toBe(
        1,
      );
    });
  });

  it('let the server open and settle sessions, store events and record what a provider received', async () => {
    await asCaller(server, async (db) => {
      for (const [statement, values] of serverWrites())
        expect(await attempt(db, statement, values), statement).toBe(1);
    });
  });

  it('refuse the server recording a payment without a provider, or in an admin’s name', async () => {
    await asCaller(server, async (db) => {
      const {
        provider: _provider,
        provider_reference: _reference,
        ...withoutProvider
      } = providersPayment({
        amount_pence: 100,
      });
      await expect(attempt(db, ...paymentInsert(withoutProvider))).rejects.toThrow(
        /payments_recorded_by_an_admin_or_a_provider/,
      );
      const inAnAdminsName = providersPayment({ amount_pence: 100, recorded_by: admin.claims.sub });
      expect(await attempt(db, ...paymentInsert(inAnAdminsName))).toBe('refused');
    });
  });

  it('store a provider’s event once, and a provider’s payment reference once', async () => {
    await asCaller(server, async (db) => {
      const event = `insert into payment_provider_events (provider, event_id, type) values ('stand-in', '${eventId}', 'x')`;
      await expect(db.query(event)).rejects.toThrow(/duplicate key/);
    });
    const reference = `pi_once_${crypto.randomUUID()}`;
    const pay = () =>
      storePayment(asOwner, ownBooking, {
        amountPence: 1000,
        receivedOn: '2091-01-01',
        provider: 'stripe',
        providerReference: reference,
      });
    await pay();
    await expect(pay()).rejects.toThrow(/payments_recorded_once_per_provider_reference/);
  });

  it('let the server record a payment in rupees only with its paise, rate and date, which its guest reads', async () => {
    const reference = `pay_rupees_${crypto.randomUUID()}`;
    const inRupees = (columns: Record<string, unknown>) =>
      paymentInsert(
        providersPayment({
          amount_pence: 1000,
          method: 'upi',
          provider: 'razorpay',
          provider_reference: reference,
          ...columns,
        }),
      );
    const rate = { paid_minor: 117200, rupees_per_pound: 117.2, rate_of: '2090-12-30' };
    await asCaller(server, async (db) => {
      await expect(attempt(db, ...inRupees({ paid_currency: 'INR' }))).rejects.toThrow(
        /payments_rupees_at_a_dated_rate/,
      );
      await expect(attempt(db, ...inRupees(rate))).rejects.toThrow(/payments_rupees_at_a_dated_rate/);
    });
    await asCaller(server, async (db) => {
      expect(await attempt(db, ...inRupees({ paid_currency: 'INR', ...rate }))).toBe(1);
    });
    // asCaller rolls its transaction back: the row a guest reads is the owner's.
    await asOwner(...inRupees({ paid_currency: 'INR', ...rate }));
    const read = `select paid_currency, paid_minor, rupees_per_pound, rate_of from payments where booking_request_id = '${ownBooking}' and paid_currency = 'INR'`;
    await asCaller(guestA, async (db) => expect(await attempt(db, read)).toBe(1));
    await asCaller(guestB, async (db) => expect(await attempt(db, read)).toBe(0));
    await asCaller(anon, async (db) => expect(await attempt(db, read)).toBe('refused'));
    const dated = { charge_minor: 117200, rupees_per_pound: 117.2, rate_of: '2090-12-30' };
    const undated = { charge_minor: null, rupees_per_pound: null, rate_of: null };
    const session = (currency: string, rupees: typeof dated | typeof undated) =>
      asOwner(
        ...sessionInsert({
          booking_request_id: ownBooking,
          provider: 'razorpay',
          provider_session_id: `plink_${crypto.randomUUID()}`,
          amount_pence: 1000,
          currency,
          ...rupees,
        }),
      );
    await session('INR', dated);
    await expect(session('INR', undated)).rejects.toThrow(/payment_sessions_rupees_at_a_dated_rate/);
    await expect(session('GBP', dated)).rejects.toThrow(/payment_sessions_rupees_at_a_dated_rate/);
  });

  it('hold the lists the code uses equal to the database’s', async () => {
    const checks = await asOwner<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid in ('public.payment_sessions'::regclass, 'public.payments'::regclass) and contype = 'c'`,
    );
    const listed = (table: string, column: string) => {
      const check = checks.find(({ name }) => name === `${table}_${column}_check`);
      return [...(check?.definition ?? '').matchAll(/'([^']+)'::text/g)].map((match) => match[1]).sort();
    };
    expect(listed('payment_sessions', 'provider')).toEqual([...paymentProviders].sort());
    expect(listed('payments', 'provider')).toEqual([...paymentProviders].sort());
    expect(listed('payment_sessions', 'status')).toEqual([...paymentSessionStatuses].sort());
    expect(listed('payment_sessions', 'currency')).toEqual([...paymentCurrencies].sort());
    expect(listed('payments', 'paid_currency')).toEqual([...paymentCurrencies].sort());
    expect(listed('payment_sessions', 'kind')).toEqual([...payableKinds].sort());
  });
});
