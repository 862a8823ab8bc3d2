import { beforeAll } from 'vitest';
import * as accountMessages from '../../netlify/functions/account-booking-messages.mts';
import * as adminMessages from '../../netlify/functions/admin-booking-messages.mts';
import { messageInputSchema } from '../../src/features/booking/booking-message-contract.ts';
import { accountMessagesRoute, adminMessagesRoute } from '../../src/lib/api-contract.ts';
import { accountIdOf, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, invoke, signedInAdmin } from '../support/admins.ts';
import { type Post, sameSiteRequest } from '../support/bad-bodies.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against both sides of a booking's conversation: every answer is a 4xx in the
 * API's one error shape (or the 201 a valid message earns), never a 5xx, and a refused request stores
 * no message. The contract's schema is the oracle.
 */

let guest: Guest & { cookie: string };
let guestId = '';
let admin: Admin;
const numRuns = propertyRuns(30);

beforeAll(async () => {
  [guest, admin] = [await signedInGuest(), await signedInAdmin()];
  guestId = await accountIdOf(guest.email);
});

const send = (fn: Parameters<typeof invoke>[0], pathname: string, request: Post, cookie: string) =>
  invoke(
    fn,
    sameSiteRequest(pathname, { ...request, headers: [...(request.headers ?? []), ['cookie', cookie]] }),
  );

const countMessages = async (bookingId: string) => {
  const [row] = await ownerQuery<{ rows: number }>(
    'select count(*)::int as rows from booking_messages where booking_request_id = $1',
    [bookingId],
  );
  return row?.rows ?? 0;
};

const shared = {
  schema: messageInputSchema,
  validBody: () => ({ body: 'We land at COK at 9 pm.\nIs a late check-in all right?' }),
  observe: countMessages,
  accepted: () => ({ status: 201, changes: (rows: number) => rows + 1 }),
  runs: numRuns,
  nul: { fields: ['body'], runs: propertyRuns(15) },
  sendsForms: false,
  idempotent: true,
};

// A guest may write 20 messages an hour across their bookings (guestMessageLimits), and the valid bodies
// the properties generate can pass that, as a random seed decides: a guest writes on five bookings at
// most, and then a new guest takes over, so a 429 here is never the limit doing its job.
const writers = new Map<string, string>();
let writer: { cookie: string; id: string; bookings: number } | undefined;

async function guestBooking(): Promise<string> {
  if (!writer || writer.bookings === 5) {
    const next = writer ? await signedInGuest() : guest;
    writer = { cookie: next.cookie, id: writer ? await accountIdOf(next.email) : guestId, bookings: 0 };
  }
  writer.bookings++;
  const { id } = await insertBooking(ownerQuery, {
    userId: writer.id,
    property: madeUpProperty('bad-messages-villa'),
  });
  writers.set(id, writer.cookie);
  return id;
}

describeBadInput({
  ...shared,
  name: 'POST /api/account/booking-requests/:id/messages',
  prepare: guestBooking,
  send: (request, bookingId) =>
    send(accountMessages, accountMessagesRoute(bookingId), request, writers.get(bookingId) ?? guest.cookie),
});

describeBadInput({
  ...shared,
  name: 'POST /api/admin/booking-requests/:id/messages',
  prepare: async () =>
    (await insertBooking(ownerQuery, { property: madeUpProperty('bad-messages-villa') })).id,
  send: (request, bookingId) => send(adminMessages, adminMessagesRoute(bookingId), request, admin.cookie),
});
