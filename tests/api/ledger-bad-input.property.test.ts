import { beforeAll } from 'vitest';
import * as notesFunction from '../../netlify/functions/admin-booking-notes.mts';
import * as paymentsFunction from '../../netlify/functions/admin-booking-payments.mts';
import { noteInputSchema } from '../../src/features/booking/booking-note-contract.ts';
import { type PaymentInput, paymentInputSchema } from '../../src/features/payment/payment-ledger-contract.ts';
import { adminNotesRoute, adminPaymentsRoute } from '../../src/lib/api-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { type Admin, invoke, signedInAdmin } from '../support/admins.ts';
import { type Post, sameSiteRequest } from '../support/bad-bodies.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against the ledger's writes, as an admin: every answer is a 4xx in the API's
 * one error shape (or the 201 a valid body earns), never a 5xx, and a refused request stores nothing.
 * The contract's schemas are the oracle; a payment the schema accepts is stored unless it passes the
 * booking's total (£700 here), which is a 409.
 */

let admin: Admin;
const numRuns = propertyRuns(30);

beforeAll(async () => {
  admin = await signedInAdmin();
});

const send = (fn: Parameters<typeof invoke>[0], pathname: string, request: Post) =>
  invoke(
    fn,
    sameSiteRequest(pathname, {
      ...request,
      headers: [...(request.headers ?? []), ['cookie', admin.cookie]],
    }),
  );

const countRows = async (table: 'payments' | 'booking_notes', bookingId: string) => {
  const [row] = await ownerQuery<{ rows: number }>(
    `select count(*)::int as rows from ${table} where booking_request_id = $1`,
    [bookingId],
  );
  return row?.rows ?? 0;
};

describeBadInput({
  name: 'POST /api/admin/booking-requests/:id/payments',
  schema: paymentInputSchema,
  // The marker is a confirmed booking of this request's own, with nothing paid yet.
  prepare: () => insertBookingRequest({ status: 'confirmed' }),
  validBody: () => ({
    kind: 'deposit',
    amount: '175',
    receivedOn: todayInKerala(),
    method: 'card',
    note: 'By phone',
  }),
  send: (request, bookingId) => send(paymentsFunction, adminPaymentsRoute(bookingId), request),
  observe: (bookingId) => countRows('payments', bookingId),
  accepted: (input) =>
    (input as PaymentInput).amount <= 70000
      ? { status: 201, changes: (rows: number) => rows + 1 }
      : { status: 409 },
  runs: numRuns,
  nul: { fields: ['amount', 'note'], runs: propertyRuns(15) },
  sendsForms: false,
  idempotent: true,
});

describeBadInput({
  name: 'POST /api/admin/booking-requests/:id/notes',
  schema: noteInputSchema,
  prepare: () => insertBookingRequest(),
  validBody: () => ({ body: 'Arriving late.\nCot needed.' }),
  send: (request, bookingId) => send(notesFunction, adminNotesRoute(bookingId), request),
  observe: (bookingId) => countRows('booking_notes', bookingId),
  accepted: () => ({ status: 201, changes: (rows: number) => rows + 1 }),
  runs: numRuns,
  nul: { fields: ['body'], runs: propertyRuns(15) },
  sendsForms: false,
});
