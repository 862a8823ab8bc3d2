import { beforeAll } from 'vitest';
import * as accountGuests from '../../netlify/functions/account-booking-guests.mts';
import { guestListInputSchema } from '../../src/features/booking/guest-list-contract.ts';
import { accountGuestListRoute } from '../../src/lib/api-contract.ts';
import { accountIdOf, type Guest, signedInGuest } from '../support/accounts.ts';
import { invoke } from '../support/admins.ts';
import { type Post, sameSiteRequest } from '../support/bad-bodies.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against a guest's own booking's guest list: every answer is a 4xx in the
 * API's one error shape (or the 200 a valid list earns), never a 5xx, and a refused request stores no
 * list. The contract's schema is the oracle. The harness posts; the endpoint takes the list by PUT.
 */

let guest: Guest & { cookie: string };
let guestId = '';

beforeAll(async () => {
  guest = await signedInGuest();
  guestId = await accountIdOf(guest.email);
});

const countLists = async (bookingId: string) => {
  const [row] = await ownerQuery<{ rows: number }>(
    'select count(*)::int as rows from booking_guest_lists where booking_request_id = $1',
    [bookingId],
  );
  return row?.rows ?? 0;
};

describeBadInput({
  name: 'PUT /api/account/booking-requests/:id/guests',
  schema: guestListInputSchema,
  validBody: () => ({
    arrivalTime: '21:15',
    guests: [
      {
        name: 'Eleanor Whitcombe',
        childAge: null,
        formC: {
          nationality: 'GB',
          sex: 'male',
          dateOfBirth: '1979-11-30',
          addressAbroad: '4 Al Sadd Street, Doha, Qatar',
          passportNumber: '123456789',
          passportPlaceOfIssue: 'London, United Kingdom',
          passportIssuedOn: '2086-05-01',
          passportExpiresOn: '2096-05-01',
          visaNumber: 'ETA12345',
          visaType: 'e-tourist',
          visaPlaceOfIssue: 'e-Visa',
          visaIssuedOn: '2089-12-01',
          visaValidUntil: '2090-11-30',
          arrivedInIndia: '2090-01-08',
          arrivingFrom: 'Doha, Qatar',
          goingNext: 'Chennai, India',
          employedInIndia: false,
          purpose: 'business',
          phoneInIndia: '+91 98470 12345',
          phoneAtHome: '+974 5555 1234',
        },
      },
    ],
  }),
  prepare: async () =>
    (
      await insertBooking(ownerQuery, {
        userId: guestId,
        property: madeUpProperty('bad-guests-villa'),
        status: 'confirmed',
        statusChangedAt: 'now',
      })
    ).id,
  send: (request: Post, bookingId) =>
    invoke(
      accountGuests,
      sameSiteRequest(accountGuestListRoute(bookingId), {
        ...request,
        method: (request.method ?? 'POST') === 'POST' ? 'PUT' : request.method,
        headers: [...(request.headers ?? []), ['cookie', guest.cookie]],
      }),
    ),
  observe: countLists,
  accepted: () => ({ status: 200, changes: () => 1 }),
  runs: propertyRuns(20),
  nul: { fields: ['arrivalTime'], runs: propertyRuns(10) },
  sendsForms: false,
  fieldPaths: true,
});
