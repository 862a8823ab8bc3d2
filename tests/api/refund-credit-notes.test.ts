import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import * as refundFunction from '../../netlify/functions/admin-booking-refund.mts';
import * as refundsFunction from '../../netlify/functions/admin-booking-refunds.mts';
import { bookingLedgerAnswerSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { adminPaymentsRoute, adminRefundRoute, adminRefundsRoute } from '../../src/lib/api-contract.ts';
import { addDays, formatStayDate, todayInKerala } from '../../src/lib/dates.ts';
import { emailsTo } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A refund that reaches the guest is a document and an email: the guest is sent its credit note, a
 * PDF numbered from a stored sequence (no two alike, none lost to a refused settlement), and nothing
 * while the refund is only owed.
 */

const today = todayInKerala();
let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

const send = (module: typeof paymentsFunction, method: string, route: string, body: unknown) =>
  invoke(module, adminRequest(method, route, { cookie: admin.cookie, body }));

/** A confirmed week of a made-up home with £900 received by bank transfer and £50 of it refunded, owed. */
async function owedRefund(label: string) {
  const email = `credit.${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const booking = await insertBooking(ownerQuery, {
    name: 'Meera Pillai',
    email,
    property: madeUpProperty('credit-note-villa'),
    arrival: addDays(today, 210),
    weeklyRatePence: 265_000,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
  const paid = await send(paymentsFunction, 'POST', adminPaymentsRoute(booking.id), {
    kind: 'deposit',
    amount: '900',
    receivedOn: today,
    method: 'bank_transfer',
  });
  expect(paid.status, await paid.clone().text()).toBe(201);
  const refunded = await send(refundsFunction, 'POST', adminRefundsRoute(booking.id), {
    mode: 'amount',
    amount: '50',
  });
  expect(refunded.status, await refunded.clone().text()).toBe(201);
  const ledger = bookingLedgerAnswerSchema.parse(await refunded.json());
  const [refund] = ledger.refunds;
  expect(refund?.status).toBe('owed');
  return { booking, email, refundId: refund?.id as string };
}

const creditNotesTo = async (email: string) =>
  (await emailsTo(email)).filter(({ subject }) => subject.startsWith('Refunded:'));

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

const numberOf = async (refundId: string) =>
  (
    await ownerQuery<{ number: string | null; status: string }>(
      'select credit_note_number as number, status from payment_refunds where id = $1',
      [refundId],
    )
  )[0];

describe('a refund’s credit note', () => {
  it('is emailed once the refund is back with the guest, in words, with the PDF; nothing while owed', async () => {
    const { booking, email, refundId } = await owedRefund('hand');
    expect(await creditNotesTo(email)).toEqual([]);
    expect(await numberOf(refundId)).toEqual({ number: null, status: 'owed' });

    const settled = await send(refundFunction, 'PATCH', adminRefundRoute(booking.id, refundId), {
      status: 'refunded',
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    const { number } = (await numberOf(refundId)) ?? {};
    expect(number).toMatch(/^CN\/\d{4}\/\d{6}$/);

    const [message, ...more] = await creditNotesTo(email);
    expect(more).toEqual([]);
    expect(message?.subject).toMatch(new RegExp(`^Refunded: £50 for .+ \\(${booking.reference}\\)$`));
    expect(message?.text).toContain(`We refunded £50 of your booking ${booking.reference} at`);
    expect(message?.text).toContain(`on ${formatStayDate(today)}: our office sent it back the way you paid.`);
    const file = `credit-note-${number?.replaceAll('/', '-')}.pdf`;
    expect(message?.text).toContain(`The credit note is attached (${file}).`);
    expect(message?.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      [file, 'application/pdf'],
    ]);
    const text = await pdfText(message?.attachments[0]?.bytes as Uint8Array);
    const [{ receipt = '' } = {}] = await ownerQuery<{ receipt: string }>(
      'select receipt_number as receipt from payments where booking_request_id = $1',
      [booking.id],
    );
    for (const words of ['Credit note', number ?? '', '£50', 'Meera Pillai', booking.reference, receipt]) {
      expect(text).toContain(words);
    }
  });

  it('numbers refunds settled at the same moment once each, and a refused settlement takes no number', async () => {
    const owed = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((label) => owedRefund(label)));
    const answers = await Promise.all(
      owed.map(({ booking, refundId }) =>
        send(refundFunction, 'PATCH', adminRefundRoute(booking.id, refundId), { status: 'refunded' }),
      ),
    );
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    const numbers = await Promise.all(owed.map(async ({ refundId }) => (await numberOf(refundId))?.number));
    expect(new Set(numbers).size).toBe(5);
    for (const number of numbers) expect(number).toMatch(/^CN\/\d{4}\/\d{6}$/);

    // A settlement that fails after its number was given rolls the number back with it.
    const refused = await owedRefund('refused');
    await expect(
      ownerQuery(
        `do $$ begin
           update payment_refunds set status = 'refunded', settled_at = now() where id = '${refused.refundId}';
           raise exception 'the settlement failed';
         end $$`,
      ),
    ).rejects.toThrow('the settlement failed');
    expect(await numberOf(refused.refundId)).toEqual({ number: null, status: 'owed' });
    // Every number the year's counter gave is stored on a refund: none was lost.
    const year = numbers[0]?.slice(3, 7);
    const [counter] = await ownerQuery<{ last: number; max: number }>(
      `select counter.last_number as last,
              (select max(substr(credit_note_number, 9)::integer) from payment_refunds
               where credit_note_number like 'CN/' || $1 || '/%') as max
       from app_private.credit_note_counters counter where financial_year = $1`,
      [year],
    );
    expect(counter?.last).toBe(counter?.max);
  });
});
