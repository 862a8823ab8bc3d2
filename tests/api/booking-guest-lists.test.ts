import { beforeAll, describe, expect, it } from 'vitest';
import * as accountGuests from '../../netlify/functions/account-booking-guests.mts';
import * as adminGuests from '../../netlify/functions/admin-booking-guests.mts';
import * as formCPage from '../../netlify/functions/admin-form-c.mts';
import * as formCCsv from '../../netlify/functions/admin-form-c-csv.mts';
import { formCColumns, guestListRetentionDays } from '../../src/features/booking/guest-list-contract.ts';
import { accountGuestListRoute, adminGuestListRoute, apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays } from '../../src/lib/dates.ts';
import { seal } from '../../src/server/booking/guests/guest-details-cipher.ts';
import { forgetExpiredGuestLists } from '../../src/server/booking/guests/guest-list-service.ts';
import { accountIdOf, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { readCsv } from '../support/csv.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Who is coming: the guest lists every guest on their own confirmed booking, with Form C's details for
 * foreign nationals, validated field by field; the list is sealed before it reaches the database;
 * the guest reads it back masked, the office whole, each office read recorded; the day's Form C
 * export lists the foreign arrivals as a page and a CSV; the retention job deletes old lists.
 */

let guest: Guest & { cookie: string };
let other: Guest & { cookie: string };
let office: Admin;
let booking = { id: '', reference: '' };
// A day of its own, far from every other test's stays, for the Form C export.
const arrivalDay = '2091-02-14';

const passport = 'K4817263';
const foreignGuest = {
  name: 'Eleanor Whitcombe',
  childAge: null,
  formC: {
    nationality: 'GB',
    sex: 'female',
    dateOfBirth: '1984-06-02',
    addressAbroad: '12 Cotham Hill, Bristol BS6 6LA, United Kingdom',
    passportNumber: passport,
    passportPlaceOfIssue: 'Peterborough, United Kingdom',
    passportIssuedOn: '2085-03-01',
    passportExpiresOn: '2095-03-01',
    visaNumber: 'ETA9K2L7Q',
    visaType: 'e-tourist',
    visaPlaceOfIssue: 'e-Visa',
    visaIssuedOn: '2091-01-10',
    visaValidUntil: '2092-01-09',
    arrivedInIndia: '2091-02-12',
    arrivingFrom: 'Mumbai, India',
    goingNext: 'Colombo, Sri Lanka',
    employedInIndia: false,
    purpose: 'tourism',
    phoneInIndia: '+91 98470 12345',
    phoneAtHome: '+44 7700 900123',
  },
};
const { passportNumber: _passport, visaNumber: _visa, ...shownBack } = foreignGuest.formC;
const validList = {
  arrivalTime: '14:30',
  guests: [foreignGuest, { name: 'Arjun Menon', childAge: 9, formC: null }],
};

const asGuest = (cookie: string | undefined, method: string, id: string, body?: unknown) =>
  invoke(accountGuests, adminRequest(method, accountGuestListRoute(id), { cookie, body }));

const officeCookie = () => office.cookie;

const asOffice = (cookie: string, id: string) =>
  invoke(adminGuests, adminRequest('GET', adminGuestListRoute(id), { cookie }));

const readsOf = (id: string) =>
  ownerQuery<{ admin_id: string; purpose: string; export_day: string | null }>(
    `select admin_id, purpose, to_char(export_day, 'YYYY-MM-DD') as export_day
     from guest_list_reads where booking_request_id = $1 order by id`,
    [id],
  );

beforeAll(async () => {
  [guest, other, office] = [await signedInGuest(), await signedInGuest(), await signedInAdmin()];
  booking = await insertBooking(ownerQuery, {
    userId: await accountIdOf(guest.email),
    name: guest.name,
    email: guest.email,
    property: madeUpProperty('guests-villa'),
    arrival: arrivalDay,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
});

describe('the guest list on a booking', () => {
  it('is empty and open on a confirmed booking before arrival', async () => {
    const response = await asGuest(guest.cookie, 'GET', booking.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ open: true, list: null });
  });

  it('is stored once however often it is sent, and read back whole but for the passport and visa numbers', async () => {
    const [first, second] = await Promise.all([
      asGuest(guest.cookie, 'PUT', booking.id, validList),
      asGuest(guest.cookie, 'PUT', booking.id, validList),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answer = await second.json();
    expect(answer).toEqual({
      open: true,
      list: {
        arrivalTime: '14:30',
        updatedAt: expect.stringMatching(/Z$/),
        guests: [
          {
            id: expect.any(String),
            name: 'Eleanor Whitcombe',
            childAge: null,
            formC: { ...shownBack, passportEnding: '263', visaEnding: 'L7Q' },
          },
          { id: expect.any(String), name: 'Arjun Menon', childAge: 9, formC: null },
        ],
      },
    });
    expect(JSON.stringify(answer)).not.toContain(passport);
    expect(JSON.stringify(answer)).not.toContain('ETA9K2L7Q');
    const rows = await ownerQuery('select 1 from booking_guest_lists where booking_request_id = $1', [
      booking.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('is sealed in the database: no column holds a passport, visa or name in plain text', async () => {
    const [row] = await ownerQuery<Record<string, unknown>>(
      'select * from booking_guest_lists where booking_request_id = $1',
      [booking.id],
    );
    const stored = JSON.stringify(row);
    for (const secret of [passport, 'ETA9K2L7Q', 'Whitcombe', 'Colombo'])
      expect(stored).not.toContain(secret);
    expect(row?.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(row?.foreign_guests).toBe(1);
    // Nor in any email: the list sends none.
    const emails = await ownerQuery('select 1 from email_outbox where body like $1', [`%${passport}%`]);
    expect(emails).toEqual([]);
  });

  it('saves again as read back: the passport and visa numbers kept, a guest added, one replaced', async () => {
    const read = (await (await asGuest(guest.cookie, 'GET', booking.id)).json()) as {
      list: {
        guests: {
          id: string;
          name: string;
          childAge: number | null;
          formC: Record<string, unknown> | null;
        }[];
      };
    };
    const [eleanor, arjun] = read.list.guests;
    const { passportEnding: _p, visaEnding: _v, ...given } = eleanor?.formC ?? {};
    const again = await asGuest(guest.cookie, 'PUT', booking.id, {
      arrivalTime: '15:00',
      guests: [
        { ...eleanor, formC: { ...given, passportNumber: { keep: true }, visaNumber: { keep: true } } },
        arjun,
        {
          name: 'Tom Whitcombe',
          childAge: null,
          formC: { ...foreignGuest.formC, passportNumber: 'P9876543', visaNumber: { keep: true } },
        },
      ],
    });
    expect(again.status).toBe(422);
    // A new guest has no visa number to keep: refused on its field, nothing stored.
    expect(((await again.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      'guests.2.formC.visaNumber': 'Enter the visa number: we have none saved for this guest',
    });
    const saved = await asGuest(guest.cookie, 'PUT', booking.id, {
      arrivalTime: '15:00',
      guests: [
        { ...eleanor, formC: { ...given, passportNumber: { keep: true }, visaNumber: { keep: true } } },
        arjun,
        {
          name: 'Tom Whitcombe',
          childAge: null,
          formC: { ...foreignGuest.formC, passportNumber: 'P9876543', visaNumber: 'ETA5550001' },
        },
      ],
    });
    expect(saved.status).toBe(200);
    const office = (await (await asOffice(officeCookie(), booking.id)).json()) as {
      list: {
        arrivalTime: string;
        guests: { name: string; formC: { passportNumber: string; visaNumber: string } | null }[];
      };
    };
    expect(office.list.arrivalTime).toBe('15:00');
    expect(
      office.list.guests.map((one) => [one.name, one.formC?.passportNumber, one.formC?.visaNumber]),
    ).toEqual([
      ['Eleanor Whitcombe', passport, 'ETA9K2L7Q'],
      ['Arjun Menon', undefined, undefined],
      ['Tom Whitcombe', 'P9876543', 'ETA5550001'],
    ]);
    // Back to the list the rest of these tests read; the office's read above is forgotten with it.
    expect((await asGuest(guest.cookie, 'PUT', booking.id, validList)).status).toBe(200);
    await ownerQuery('delete from guest_list_reads where booking_request_id = $1', [booking.id]);
  });

  it('refuses dates out of order and a visa not valid on arrival, on their fields', async () => {
    const response = await asGuest(guest.cookie, 'PUT', booking.id, {
      ...validList,
      guests: [
        {
          ...foreignGuest,
          formC: {
            ...foreignGuest.formC,
            passportIssuedOn: '2090-01-01',
            passportExpiresOn: '2089-01-01',
            visaValidUntil: '2091-02-01',
          },
        },
      ],
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      'guests.0.formC.passportExpiresOn': 'The passport’s date of expiry comes after its date of issue',
      'guests.0.formC.visaValidUntil': 'The visa must be valid on the day they arrived in India',
    });
  });

  it('refuses bad fields with a message each, and stores nothing', async () => {
    const before = await ownerQuery<{ updated_at: Date }>(
      'select updated_at from booking_guest_lists where booking_request_id = $1',
      [booking.id],
    );
    const response = await asGuest(guest.cookie, 'PUT', booking.id, {
      arrivalTime: '25:00',
      guests: [
        {
          name: 'Eve\u0007Null',
          childAge: 19,
          formC: {
            ...foreignGuest.formC,
            nationality: 'XX',
            sex: 'f',
            dateOfBirth: '1899-12-31',
            passportNumber: 'K48!',
            visaNumber: 'x'.repeat(40),
            visaType: 'holiday',
            arrivedInIndia: '2091-02-30',
            arrivingFrom: 'a'.repeat(101),
            goingNext: 'Colombo\nLine two',
            employedInIndia: 'maybe',
            purpose: 'fun',
            phoneInIndia: '12',
            phoneAtHome: '',
          },
        },
      ],
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields).sort()).toEqual(
      [
        'arrivalTime',
        'guests.0.name',
        'guests.0.childAge',
        'guests.0.formC.nationality',
        'guests.0.formC.passportNumber',
        'guests.0.formC.visaNumber',
        'guests.0.formC.visaType',
        'guests.0.formC.arrivedInIndia',
        'guests.0.formC.arrivingFrom',
        'guests.0.formC.goingNext',
        'guests.0.formC.sex',
        'guests.0.formC.dateOfBirth',
        'guests.0.formC.employedInIndia',
        'guests.0.formC.purpose',
        'guests.0.formC.phoneInIndia',
        'guests.0.formC.phoneAtHome',
      ].sort(),
    );
    expect(error.fields['guests.0.name']).toMatch(/control character/);
    expect(error.fields['guests.0.formC.sex']).toBe('Choose female, male or transgender, as on the passport');
    expect(error.fields['guests.0.formC.phoneAtHome']).toBe('Enter their phone number at home');
    const after = await ownerQuery<{ updated_at: Date }>(
      'select updated_at from booking_guest_lists where booking_request_id = $1',
      [booking.id],
    );
    expect(after).toEqual(before);
  });

  it('refuses an empty list and a body too large', async () => {
    const empty = await asGuest(guest.cookie, 'PUT', booking.id, { arrivalTime: '10:00', guests: [] });
    expect(empty.status).toBe(422);
    const huge = await asGuest(guest.cookie, 'PUT', booking.id, {
      arrivalTime: '10:00',
      guests: [{ name: 'x'.repeat(70_000) }],
    });
    expect(huge.status).toBe(413);
  });

  it('is not found for another guest, and asks who you are when signed out', async () => {
    expect((await asGuest(other.cookie, 'GET', booking.id)).status).toBe(404);
    expect((await asGuest(other.cookie, 'PUT', booking.id, validList)).status).toBe(404);
    expect((await asGuest(undefined, 'GET', booking.id)).status).toBe(401);
    expect((await asGuest(undefined, 'PUT', booking.id, validList)).status).toBe(401);
  });

  it('is closed on a booking not confirmed, and after departure', async () => {
    const userId = await accountIdOf(guest.email);
    const waiting = await insertBooking(ownerQuery, { userId, property: madeUpProperty('guests-villa') });
    const departed = await insertBooking(ownerQuery, {
      userId,
      property: madeUpProperty('guests-villa'),
      arrival: '2021-03-03',
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    for (const id of [waiting.id, departed.id]) {
      expect(await (await asGuest(guest.cookie, 'GET', id)).json()).toEqual({ open: false, list: null });
      const refused = await asGuest(guest.cookie, 'PUT', id, validList);
      expect(refused.status).toBe(409);
    }
  });
});

describe('the office and the guest list', () => {
  it('reads it whole on the booking, and each read is recorded in the admin’s name', async () => {
    const response = await asOffice(office.cookie, booking.id);
    expect(response.status).toBe(200);
    const { list } = (await response.json()) as { list: { guests: typeof validList.guests } };
    expect(list.guests[0]).toEqual({ ...foreignGuest, id: expect.any(String) });
    expect(list.guests[1]).toEqual({ id: expect.any(String), name: 'Arjun Menon', childAge: 9, formC: null });
    expect(await readsOf(booking.id)).toEqual([
      { admin_id: office.id, purpose: 'booking_detail', export_day: null },
    ]);
  });

  it('refuses a guest (403) and the signed out (401)', async () => {
    expect((await asOffice(guest.cookie, booking.id)).status).toBe(403);
    expect((await invoke(adminGuests, adminRequest('GET', adminGuestListRoute(booking.id)))).status).toBe(
      401,
    );
    expect(await readsOf(booking.id)).toHaveLength(1);
  });

  it('exports the day’s foreign guests as a page and as a CSV, each export recorded', async () => {
    const page = await invoke(
      formCPage,
      adminRequest('GET', `${apiRoutes.adminFormC}?day=${arrivalDay}`, { cookie: office.cookie }),
    );
    expect(page.status).toBe(200);
    const { day, rows } = (await page.json()) as { day: string; rows: Record<string, string>[] };
    expect(day).toBe(arrivalDay);
    const ours = rows.filter((row) => row.reference === booking.reference);
    expect(ours).toEqual([
      {
        reference: booking.reference,
        propertyName: expect.any(String),
        name: 'Eleanor Whitcombe',
        nationality: 'United Kingdom',
        sex: 'Female',
        dateOfBirth: '1984-06-02',
        addressAbroad: '12 Cotham Hill, Bristol BS6 6LA, United Kingdom',
        passportNumber: passport,
        passportPlaceOfIssue: 'Peterborough, United Kingdom',
        passportIssuedOn: '2085-03-01',
        passportExpiresOn: '2095-03-01',
        visaNumber: 'ETA9K2L7Q',
        visaType: 'e-Tourist visa',
        visaPlaceOfIssue: 'e-Visa',
        visaIssuedOn: '2091-01-10',
        visaValidUntil: '2092-01-09',
        arrivedInIndia: '2091-02-12',
        arrival: arrivalDay,
        arrivalTime: '14:30',
        arrivingFrom: 'Mumbai, India',
        goingNext: 'Colombo, Sri Lanka',
        intendedStay: '7 nights',
        departure: addDays(arrivalDay, 7),
        employedInIndia: 'No',
        purpose: 'Tourism',
        phoneInIndia: '+91 98470 12345',
        phoneAtHome: '+44 7700 900123',
      },
    ]);

    const csv = await invoke(
      formCCsv,
      adminRequest('GET', `${apiRoutes.adminFormCCsv}?day=${arrivalDay}`, { cookie: office.cookie }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="form-c-${arrivalDay}.csv"`);
    const [header, ...records] = readCsv(await csv.text());
    expect(header).toEqual(formCColumns.map(([, heading]) => heading));
    expect(header?.slice(0, 6)).toEqual([
      'Booking',
      'Property',
      'Name',
      'Nationality',
      'Sex',
      'Date of birth',
    ]);
    expect(records.filter((record) => record[0] === booking.reference)).toEqual([
      [
        booking.reference,
        expect.any(String),
        'Eleanor Whitcombe',
        'United Kingdom',
        'Female',
        '1984-06-02',
        '12 Cotham Hill, Bristol BS6 6LA, United Kingdom',
        passport,
        'Peterborough, United Kingdom',
        '2085-03-01',
        '2095-03-01',
        'ETA9K2L7Q',
        'e-Tourist visa',
        'e-Visa',
        '2091-01-10',
        '2092-01-09',
        '2091-02-12',
        arrivalDay,
        '14:30',
        'Mumbai, India',
        'Colombo, Sri Lanka',
        '7 nights',
        addDays(arrivalDay, 7),
        'No',
        'Tourism',
        '+91 98470 12345',
        '+44 7700 900123',
      ],
    ]);
    expect((await readsOf(booking.id)).slice(1)).toEqual([
      { admin_id: office.id, purpose: 'form_c_page', export_day: arrivalDay },
      { admin_id: office.id, purpose: 'form_c_csv', export_day: arrivalDay },
    ]);
  });

  it('refuses a day that is not a real date with a field message', async () => {
    const response = await invoke(
      formCPage,
      adminRequest('GET', `${apiRoutes.adminFormC}?day=2091-02-31`, { cookie: office.cookie }),
    );
    expect(response.status).toBe(422);
    expect(
      ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.day,
    ).toMatch(/real day/);
  });

  it('lists nobody who arrives another day', async () => {
    const response = await invoke(
      formCPage,
      adminRequest('GET', `${apiRoutes.adminFormC}?day=${addDays(arrivalDay, 1)}`, { cookie: office.cookie }),
    );
    const { rows } = (await response.json()) as { rows: { reference: string }[] };
    expect(rows.filter((row) => row.reference === booking.reference)).toEqual([]);
  });
});

describe('the retention job', () => {
  it(`deletes a list ${guestListRetentionDays} days after departure, and keeps current ones`, async () => {
    const departedStay = await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      property: madeUpProperty('guests-villa'),
      arrival: '2021-03-03',
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const departure = addDays('2021-03-03', 7);
    const sealed = seal(JSON.stringify({ guests: [foreignGuest] }), departedStay.id);
    await ownerQuery(
      `insert into booking_guest_lists (booking_request_id, arrival_time, foreign_guests, details, key_id, updated_by)
       values ($1, '12:00', 1, $2, $3, $4)`,
      [departedStay.id, sealed.details, sealed.keyId, await accountIdOf(guest.email)],
    );
    const listOf = (id: string) =>
      ownerQuery('select 1 from booking_guest_lists where booking_request_id = $1', [id]);

    await forgetExpiredGuestLists(addDays(departure, guestListRetentionDays));
    expect(await listOf(departedStay.id)).toHaveLength(1);

    expect(
      await forgetExpiredGuestLists(addDays(departure, guestListRetentionDays + 1)),
    ).toBeGreaterThanOrEqual(1);
    expect(await listOf(departedStay.id)).toEqual([]);
    expect(await listOf(booking.id)).toHaveLength(1);
  });
});
