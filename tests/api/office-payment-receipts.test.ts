import { beforeAll, describe, expect, it } from 'vitest';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import { adminPaymentsRoute } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { emailsTo } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A payment the office records (a bank transfer, cash) is a document and an email as an online one is:
 * the guest is sent its receipt, the same PDF, once, however often the same request is retried.
 */

const today = todayInKerala();
let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

async function record(id: string, body: unknown, key?: string) {
  const request = adminRequest('POST', adminPaymentsRoute(id), { cookie: admin.cookie, body });
  if (key) request.headers.set('idempotency-key', key);
  return invoke(paymentsFunction, request);
}

describe('a payment the office records', () => {
  it('emails the guest its receipt with the PDF attached, once for a retried request', async () => {
    const email = `transfer.${crypto.randomUUID().slice(0, 8)}@example.com`;
    // A week at £2,650: the deposit is £662.50.
    const booking = await insertBooking(ownerQuery, {
      name: 'Meera Pillai',
      email,
      property: madeUpProperty('transfer-villa'),
      arrival: addDays(today, 200),
      weeklyRatePence: 265_000,
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const body = { kind: 'deposit', amount: '662.50', receivedOn: today, method: 'bank_transfer' };
    const key = crypto.randomUUID();
    const first = await record(booking.id, body, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await record(booking.id, body, key);
    expect(again.status).toBe(201);

    const receipts = (await emailsTo(email)).filter(({ subject }) => subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toMatch(
      new RegExp(`^Payment received: £662\\.50 for .+ \\(${booking.reference}\\)$`),
    );
    expect(receipt?.text).toContain('we received your deposit of £662.50');
    expect(receipt?.text).toContain('paid by bank transfer.');
    expect(receipt?.text).not.toContain('online');
    const [{ receipt_number: number = '' } = {}] = await ownerQuery<{ receipt_number: string }>(
      'select receipt_number from payments where booking_request_id = $1',
      [booking.id],
    );
    const file = `receipt-${number.replaceAll('/', '-')}.pdf`;
    expect(receipt?.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      [file, 'application/pdf'],
    ]);
    expect(receipt?.attachments[0]?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt?.text).toContain('Next: the balance of £1,987.50 is due by');
  });

  it('sends nothing when the payment is refused', async () => {
    const email = `refused.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const booking = await insertBooking(ownerQuery, {
      email,
      property: madeUpProperty('refused-villa'),
      arrival: addDays(today, 200),
    });
    const response = await record(booking.id, {
      kind: 'deposit',
      amount: '100',
      receivedOn: today,
      method: 'bank_transfer',
    });
    expect(response.status).toBe(409);
    expect(await emailsTo(email)).toEqual([]);
  });
});
