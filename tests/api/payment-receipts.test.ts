import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as guestReceiptFunction from '../../netlify/functions/account-booking-receipt.mts';
import * as accountRequestsFunction from '../../netlify/functions/account-booking-requests.mts';
import * as officeReceiptFunction from '../../netlify/functions/admin-booking-receipt.mts';
import { accountReceiptRoute, adminReceiptRoute, apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { paths } from '../../src/lib/paths.ts';
import { accountIdOf, type Guest, getWithCookies, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { recordOfficePayment, storePayment } from '../support/payment-scenario.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Every payment's PDF receipt, downloaded: the guest's own from the account page's link (another
 * guest's is not found, a signed-out guest is sent to sign in), the office's from a booking's Payments.
 * The PDF is read back for what it says.
 */

const today = todayInKerala();
let guest: Guest & { cookie: string; id: string };
let stranger: Guest & { cookie: string };
let admin: Admin;
let booking: { id: string; reference: string };
let deposit: string;
let balance: string;

beforeAll(async () => {
  const signedIn = await signedInGuest();
  guest = { ...signedIn, id: await accountIdOf(signedIn.email) };
  stranger = await signedInGuest();
  admin = await signedInAdmin();
  // A week at £2,650: a deposit of £662.50 paid online, then £1,000 of the balance by bank transfer.
  booking = await insertBooking(ownerQuery, {
    userId: guest.id,
    name: 'Meera Pillai',
    email: guest.email,
    property: madeUpProperty('receipt-villa'),
    arrival: addDays(today, 200),
    weeklyRatePence: 265_000,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
  // Stored directly: a card payment with Stripe's own id for it, which no stand-in session gives.
  deposit = await storePayment(ownerQuery, booking.id, {
    amountPence: 66250,
    receivedOn: today,
    provider: 'stripe',
    providerReference: 'pi_receipt_test',
  });
  balance = await recordOfficePayment(
    booking.id,
    { kind: 'balance', amountPence: 100000, receivedOn: today, method: 'bank_transfer' },
    admin,
  );
});

/** A payment's stored receipt number, and the file its receipt is saved as. */
async function numberOf(paymentId: string): Promise<{ number: string; file: string }> {
  const [row] = await ownerQuery<{ receipt_number: string }>(
    'select receipt_number from payments where id = $1',
    [paymentId],
  );
  const number = row?.receipt_number ?? '';
  return { number, file: `receipt-${number.replaceAll('/', '-')}.pdf` };
}

/** The PDF's text on one line. */
async function readPdf(response: Response): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await response.arrayBuffer()), useSystemFonts: false })
    .promise;
  const page = await pdf.getPage(1);
  return (await page.getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

const download = (bookingId: string, paymentId: string, cookie: string) =>
  invoke(guestReceiptFunction, getWithCookies(accountReceiptRoute(bookingId, paymentId), cookie));

describe("the guest's receipts", () => {
  it('lists each payment on the account page with the id its receipt is named by', async () => {
    const response = await invoke(
      accountRequestsFunction,
      getWithCookies(apiRoutes.accountBookingRequests, guest.cookie),
    );
    const { bookingRequests } = (await response.json()) as {
      bookingRequests: { id: string; ledger: { payments: { id: string }[] } | null }[];
    };
    const mine = bookingRequests.find(({ id }) => id === booking.id);
    expect(mine?.ledger?.payments.map(({ id }) => id)).toEqual([deposit, balance]);
  });

  it('answers a payment of their own as a PDF to save, never kept by a cache', async () => {
    const response = await download(booking.id, deposit, guest.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const { number, file } = await numberOf(deposit);
    expect(number).toMatch(/^KVR\/\d{4}\/\d{6}$/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await readPdf(response);
    expect(text).toContain(`Receipt number ${number}`);
    expect(text).toContain('Meera Pillai');
    expect(text).toContain('Card, online (Stripe)');
    expect(text).toContain('pi_receipt_test');
    expect(text).toContain('Amount received £662.50');
    expect(text).toContain('GST included: 18%');
    expect(text).toContain('Taxable value £561.44');
    expect(text).toContain('Still to pay £1,987.50 by');
  });

  it('numbers the next payment after it, with what was left then', async () => {
    const response = await download(booking.id, balance, guest.cookie);
    expect(response.headers.get('content-disposition')).toContain((await numberOf(balance)).file);
    const text = await readPdf(response);
    expect(text).toContain('Bank transfer');
    expect(text).toContain('Received so far £1,662.50');
    expect(text).toContain('Still to pay £987.50 by');
  });

  it('finds no receipt of another guest’s booking, nor of a payment the booking does not have', async () => {
    for (const [bookingId, paymentId, cookie] of [
      [booking.id, deposit, stranger.cookie],
      [booking.id, crypto.randomUUID(), guest.cookie],
      [crypto.randomUUID(), deposit, guest.cookie],
      ['not-a-uuid', deposit, guest.cookie],
      [booking.id, 'not-a-uuid', guest.cookie],
    ] as const) {
      const response = await download(bookingId, paymentId, cookie);
      expect(response.status, `${bookingId} ${paymentId}`).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('sends a guest who is not signed in to sign in, and back to the account page', async () => {
    const response = await invoke(
      guestReceiptFunction,
      new Request(new URL(accountReceiptRoute(booking.id, deposit), siteOrigin)),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${paths.login}?next=${encodeURIComponent(paths.account)}`);
  });

  it('refuses to do anything but read', async () => {
    const response = await invoke(
      guestReceiptFunction,
      new Request(new URL(accountReceiptRoute(booking.id, deposit), siteOrigin), {
        method: 'POST',
        headers: { cookie: guest.cookie },
      }),
    );
    expect(response.status).toBe(405);
  });
});

describe('receipt numbers', () => {
  const record = async (bookingId: string, pence: number) =>
    ownerQuery<{ id: string; receipt_number: string }>(
      'select id, receipt_number from payments where id = $1',
      [
        await recordOfficePayment(bookingId, {
          kind: 'other',
          amountPence: pence,
          receivedOn: today,
          method: 'cash',
        }),
      ],
    );

  it('are given once, in the order payments are recorded, and kept when an entry before them is removed', async () => {
    const stay = await insertBooking(ownerQuery, {
      property: madeUpProperty('receipt-villa'),
      weeklyRatePence: 265_000,
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const [first] = await record(stay.id, 10_000);
    const [second] = await record(stay.id, 20_000);
    const serial = (number = '') => Number(number.split('/')[2]);
    expect(serial(second?.receipt_number)).toBeGreaterThan(serial(first?.receipt_number));
    await ownerQuery('delete from payments where id = $1', [first?.id]);
    expect((await numberOf(second?.id ?? '')).number).toBe(second?.receipt_number);
    const [third] = await record(stay.id, 30_000);
    expect(serial(third?.receipt_number)).toBeGreaterThan(serial(second?.receipt_number));
    // The financial year April to March, as GST numbers its invoices.
    const [year] = await ownerQuery<{ fy: string }>(`select app_private.financial_year_of($1::date) as fy`, [
      today,
    ]);
    expect(third?.receipt_number.split('/')[1]).toBe(year?.fy);
  });

  it('are never given twice, however many payments are recorded at once', async () => {
    const stays = await Promise.all(
      Array.from({ length: 8 }, () =>
        insertBooking(ownerQuery, {
          property: madeUpProperty('receipt-villa'),
          weeklyRatePence: 265_000,
          status: 'confirmed',
          statusChangedAt: 'now',
        }),
      ),
    );
    const numbers = (await Promise.all(stays.map((stay) => record(stay.id, 5_000)))).map(
      ([row]) => row?.receipt_number,
    );
    expect(new Set(numbers).size).toBe(8);
  });

  it.each([
    ['2027-03-31', '2627'],
    ['2027-04-01', '2728'],
    ['2099-12-31', '9900'],
  ])('puts %s in the financial year %s', async (day, fy) => {
    const [row] = await ownerQuery<{ fy: string }>(`select app_private.financial_year_of($1::date) as fy`, [
      day,
    ]);
    expect(row?.fy).toBe(fy);
  });
});

describe("the office's copy", () => {
  const officeDownload = (bookingId: string, paymentId: string, cookie?: string) =>
    invoke(officeReceiptFunction, adminRequest('GET', adminReceiptRoute(bookingId, paymentId), { cookie }));

  it('is the same receipt, for an admin', async () => {
    const response = await officeDownload(booking.id, deposit, admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await readPdf(response)).toContain(`Receipt number ${(await numberOf(deposit)).number}`);
  });

  it('refuses a guest, even on their own booking, and the signed out', async () => {
    expect((await officeDownload(booking.id, deposit, guest.cookie)).status).toBe(403);
    expect((await officeDownload(booking.id, deposit)).status).toBe(401);
  });

  it('finds no payment another booking has', async () => {
    const other = await insertBooking(ownerQuery, { status: 'confirmed', statusChangedAt: 'now' });
    expect((await officeDownload(other.id, deposit, admin.cookie)).status).toBe(404);
  });
});
