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
  const [online] = await ownerQuery<{ id: string }>(
    `insert into payments (booking_request_id, kind, amount_pence, received_on, method, provider, provider_reference, recorded_by)
     values ($1, 'deposit', 66250, $2, 'card', 'stripe', 'pi_receipt_test', null) returning id`,
    [booking.id, today],
  );
  const [byHand] = await ownerQuery<{ id: string }>(
    `insert into payments (booking_request_id, kind, amount_pence, received_on, method, recorded_by)
     values ($1, 'balance', 100000, $2, 'bank_transfer', gen_random_uuid()) returning id`,
    [booking.id, today],
  );
  deposit = online?.id as string;
  balance = byHand?.id as string;
});

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
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt-${booking.reference}-1.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await readPdf(response);
    expect(text).toContain(`Receipt number ${booking.reference}-1`);
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
    expect(response.headers.get('content-disposition')).toContain(`receipt-${booking.reference}-2.pdf`);
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

describe("the office's copy", () => {
  const officeDownload = (bookingId: string, paymentId: string, cookie?: string) =>
    invoke(officeReceiptFunction, adminRequest('GET', adminReceiptRoute(bookingId, paymentId), { cookie }));

  it('is the same receipt, for an admin', async () => {
    const response = await officeDownload(booking.id, deposit, admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await readPdf(response)).toContain(`Receipt number ${booking.reference}-1`);
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
