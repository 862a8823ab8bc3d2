import { beforeAll, describe, expect, it } from 'vitest';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import * as writePackFunction from '../../netlify/functions/admin-arrival-pack.mts';
import * as listPacksFunction from '../../netlify/functions/admin-arrival-packs.mts';
import * as releaseFunction from '../../netlify/functions/admin-booking-arrival-pack.mts';
import {
  adminArrivalPackReleaseRoute,
  adminArrivalPackRoute,
  apiRoutes,
} from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { sendArrivalPacks } from '../../src/server/booking/arrival-packs/arrival-pack-service.ts';
import {
  accountIdOf,
  asClient,
  emailsTo,
  type Guest,
  getWithCookies,
  signedInGuest,
} from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { recordOfficePayment } from '../support/payment-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The arrival pack: the office writes one per property; a guest reads it on their booking only once
 * the deposit is received or the office released it early, never on another's booking or before; it
 * is emailed once a week before arrival, to released bookings only.
 */

const property = 'kakkanad-skyline-apartment';
const pack = {
  address: 'Skyline Tower, flat 12B\nKakkanad, Kochi 682030',
  latitude: 10.0159,
  longitude: 76.3419,
  directionsFromCok: 'Prepaid taxi from the arrivals hall, about 50 minutes.',
  directionsFromTrv: 'Train to Ernakulam Junction (4 hours), then a taxi.',
  checkInSteps: 'Show your reference at the desk.\nThe caretaker brings the keys.',
  caretakerPhone: '+91 98470 22222',
  wifiName: 'Skyline-12B',
  wifiPassword: 'kayal-pack-secret-7431',
  houseManual: 'Lift to the 12th floor. Shoes off indoors.',
};

let guest: Guest & { cookie: string };
let other: Guest & { cookie: string };
let office: Admin;
// Far in the future and on days of this file's own, so no other confirmed stay meets these.
const year = 2093 + Math.floor(Math.random() * 5);
const paidArrival = `${year}-03-02`;
const earlyArrival = `${year}-04-06`;
const unpaidArrival = `${year}-05-04`;
let paid = { id: '', reference: '' };
let early = { id: '', reference: '' };
let unpaid = { id: '', reference: '' };

async function packOnAccount(cookie: string, id: string) {
  const response = await accountBookingRequests(
    getWithCookies(apiRoutes.accountBookingRequests, cookie),
    asClient(),
  );
  const text = await response.text();
  const { bookingRequests } = JSON.parse(text) as { bookingRequests: { id: string; arrivalPack: unknown }[] };
  return { text, pack: bookingRequests.find((request) => request.id === id)?.arrivalPack };
}

const release = (method: 'GET' | 'POST', id: string, cookie = office.cookie) =>
  invoke(releaseFunction, adminRequest(method, adminArrivalPackReleaseRoute(id), { cookie }));

const confirmedStay = async (userId: string, arrival: string) =>
  insertBooking(ownerQuery, { userId, property, arrival, status: 'confirmed', statusChangedAt: 'now' });

beforeAll(async () => {
  [guest, other, office] = [await signedInGuest(), await signedInGuest(), await signedInAdmin()];
  const guestId = await accountIdOf(guest.email);
  paid = await confirmedStay(guestId, paidArrival);
  early = await confirmedStay(guestId, earlyArrival);
  unpaid = await confirmedStay(await accountIdOf(other.email), unpaidArrival);
  await ownerQuery(`update booking_requests set email = $1 where id in ($2, $3)`, [
    guest.email,
    paid.id,
    early.id,
  ]);
});

describe('the arrival pack', () => {
  it('is written by the office, whole, for a property of the catalogue', async () => {
    const written = await invoke(
      writePackFunction,
      adminRequest('PUT', adminArrivalPackRoute(property), { cookie: office.cookie, body: pack }),
    );
    expect(written.status).toBe(200);
    const listed = await invoke(
      listPacksFunction,
      adminRequest('GET', apiRoutes.adminArrivalPacks, { cookie: office.cookie }),
    );
    const { properties } = (await listed.json()) as { properties: { property: string; pack: unknown }[] };
    expect(properties.find((entry) => entry.property === property)?.pack).toEqual({
      ...pack,
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('refuses a property the catalogue lacks (404), bad fields (422 per field) and a guest (403)', async () => {
    const put = (slug: string, body: unknown, cookie = office.cookie) =>
      invoke(writePackFunction, adminRequest('PUT', adminArrivalPackRoute(slug), { cookie, body }));
    expect((await put('no-such-villa', pack)).status).toBe(404);
    const bad = await put(property, {
      ...pack,
      wifiName: 'bell\u0007',
      latitude: 91,
      houseManual: 'x'.repeat(5001),
    });
    expect(bad.status).toBe(422);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['houseManual', 'latitude', 'wifiName']);
    expect((await put(property, pack, guest.cookie)).status).toBe(403);
  });

  it('is absent from the guest’s booking and every answer before the deposit is received', async () => {
    const before = await packOnAccount(guest.cookie, paid.id);
    expect(before.pack).toBeNull();
    expect(before.text).not.toContain(pack.wifiPassword);
    expect(await (await release('GET', paid.id)).json()).toEqual({
      released: false,
      releasedEarlyAt: null,
      propertyHasPack: true,
    });
  });

  it('is on the guest’s booking once the deposit is received, and only on that booking', async () => {
    const [booking] = await ownerQuery<{ deposit_pence: number }>(
      'select deposit_pence from booking_requests where id = $1',
      [paid.id],
    );
    await recordOfficePayment(
      paid.id,
      {
        kind: 'deposit',
        amountPence: booking?.deposit_pence ?? 0,
        receivedOn: todayInKerala(),
        method: 'cash',
      },
      office,
    );
    expect((await packOnAccount(guest.cookie, paid.id)).pack).toEqual({
      ...pack,
      updatedAt: expect.any(String),
    });
    expect((await packOnAccount(guest.cookie, early.id)).pack).toBeNull();
    const others = await packOnAccount(other.cookie, unpaid.id);
    expect(others.pack).toBeNull();
    expect(others.text).not.toContain(pack.wifiPassword);
  });

  it('is released early by the office, for that booking alone', async () => {
    expect((await release('POST', early.id, guest.cookie)).status).toBe(403);
    const released = await release('POST', early.id);
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({
      released: true,
      releasedEarlyAt: expect.stringMatching(/Z$/),
      propertyHasPack: true,
    });
    expect((await packOnAccount(guest.cookie, early.id)).pack).toMatchObject({ wifiName: pack.wifiName });
    expect((await packOnAccount(other.cookie, unpaid.id)).pack).toBeNull();
    expect((await release('GET', crypto.randomUUID())).status).toBe(404);
  });

  it('is emailed once, a week before arrival, to released bookings only', async () => {
    const runs = await Promise.all([
      sendArrivalPacks(addDays(paidArrival, -7)),
      sendArrivalPacks(addDays(paidArrival, -7)),
    ]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await sendArrivalPacks(addDays(paidArrival, -3))).toBe(0);
    const rows = await ownerQuery<{ booking_request_id: string; body: string | null; status: string }>(
      `select booking_request_id, body, status from email_outbox where kind = 'arrival_pack' and booking_request_id = any($1::uuid[])`,
      [[paid.id, early.id, unpaid.id]],
    );
    expect(rows.map((row) => row.booking_request_id)).toEqual([paid.id]);
    // Sent, its text erased from the table: the pack stays in its own.
    expect(rows[0]).toMatchObject({ status: 'sent', body: null });
    // The guest also has the deposit's receipt on this booking; the pack is its own email.
    const [email] = (await emailsTo(guest.email)).filter(
      ({ subject }) => subject.startsWith('Your arrival pack') && subject.includes(paid.reference),
    );
    expect(email?.text).toContain(pack.wifiPassword);
    // Eight days out is not yet; the unreleased stay of the other guest never.
    expect(await sendArrivalPacks(addDays(earlyArrival, -8))).toBe(0);
    expect(await sendArrivalPacks(addDays(unpaidArrival, -7))).toBe(0);
  });
});
