import { describe, expect, it } from 'vitest';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { storePayment } from '../support/payment-rows.ts';
import { asOwner, guestA } from '../support/roles.ts';

/**
 * The ledger keeps a service's money apart from its stay's (#49): a service's payment is held within
 * the service's price, once, and only while the service is confirmed and priced; the stay's total
 * still bounds the stay's own payments, whatever its services received.
 */

const addService = async (booking: string, fields: { status: string; price: number | null }) =>
  (
    await asOwner<{ id: string }>(
      `insert into booking_services (booking_request_id, service, service_name, starts_at, service_date, service_time,
         quantity, price_pence, free_cancellation_until, late_refund_percent, status, request_key, created_by)
       values ($1, 'ayurvedic-massage', 'Ayurvedic massage', '2091-02-14T16:00:00+05:30', '2091-02-14', '16:00',
         1, $2, '2091-02-14T10:00:00+05:30', 0, $3, $4, $5)
       returning id`,
      [
        booking,
        fields.price,
        fields.status,
        `key-${Math.random().toString(36).slice(2, 12)}`,
        guestA.claims.sub,
      ],
    )
  )[0].id;

// Stored directly: these are the table's own checks, whatever way a payment comes in.
const pay = (booking: string, pence: number, service: string | null) =>
  storePayment(asOwner, booking, {
    kind: 'other',
    amountPence: pence,
    serviceId: service,
    provider: 'stand-in',
    providerReference: `ref-${Math.random().toString(36).slice(2, 12)}`,
  });

const refusal = async (write: Promise<unknown>) => {
  try {
    await write;
  } catch (error) {
    return (error as { constraint?: string }).constraint;
  }
  return 'stored';
};

const confirmedStay = async (totalPence: number) =>
  (
    await insertBooking(asOwner, {
      userId: guestA.claims.sub,
      property: madeUpProperty('service-ledger-villa'),
      status: 'confirmed',
      statusChangedAt: 'now',
      subtotalPence: totalPence,
    })
  ).id;

describe('a service paid on its own in the ledger', () => {
  it('is stored within its price and leaves the whole stay still payable', async () => {
    const stay = await confirmedStay(100_000);
    const massage = await addService(stay, { status: 'confirmed', price: 4_500 });
    expect(await refusal(pay(stay, 4_500, massage))).toBe('stored');
    // The stay's own payments reach its whole total: the service's 4,500 is not counted in it.
    expect(await refusal(pay(stay, 100_000, null))).toBe('stored');
    expect(await refusal(pay(stay, 1, null))).toBe('payments_within_the_booking_total');
  });

  it('is taken once: a second payment of the same service is refused, one row stored', async () => {
    const stay = await confirmedStay(100_000);
    const massage = await addService(stay, { status: 'confirmed', price: 4_500 });
    await pay(stay, 4_500, massage);
    // The price refuses a second whole payment; the unique index refuses even a second one within it.
    expect(await refusal(pay(stay, 4_500, massage))).toBe('payments_within_the_service_price');
    const halved = await addService(stay, { status: 'confirmed', price: 4_500 });
    await pay(stay, 2_000, halved);
    expect(await refusal(pay(stay, 2_000, halved))).toBe('payments_one_per_service');
    const stored = await asOwner<{ n: number }>(
      'select count(*)::int as n from payments where booking_service_id = any($1::uuid[])',
      [[massage, halved]],
    );
    expect(stored[0].n).toBe(2);
  });

  it('is never more than its price', async () => {
    const stay = await confirmedStay(100_000);
    const massage = await addService(stay, { status: 'confirmed', price: 4_500 });
    expect(await refusal(pay(stay, 4_501, massage))).toBe('payments_within_the_service_price');
  });

  it.each([
    ['awaiting its price', 'awaiting_price', null],
    ['not yet confirmed', 'requested', 4_500],
    ['cancelled', 'cancelled', 4_500],
  ])('is refused for a service %s', async (_, status, price) => {
    const stay = await confirmedStay(100_000);
    const service = await addService(stay, { status, price });
    expect(await refusal(pay(stay, 4_500, service))).toBe('payments_only_on_confirmed_services');
  });

  it('is refused when the service is booked on another stay', async () => {
    const stay = await confirmedStay(100_000);
    const other = await confirmedStay(100_000);
    const massage = await addService(other, { status: 'confirmed', price: 4_500 });
    expect(await refusal(pay(stay, 4_500, massage))).toBe('payments_service_on_its_booking');
  });

  it("does not release the arrival pack, which waits for the stay's deposit", async () => {
    // A stay of £100 (deposit £25) with a £45 massage paid: the massage alone passes the deposit.
    const stay = await confirmedStay(10_000);
    const massage = await addService(stay, { status: 'confirmed', price: 4_500 });
    await pay(stay, 4_500, massage);
    const released = () =>
      asOwner<{ released: boolean }>('select public.arrival_pack_is_released($1) as released', [stay]);
    expect((await released())[0].released).toBe(false);
    await pay(stay, 2_500, null);
    expect((await released())[0].released).toBe(true);
  });
});
