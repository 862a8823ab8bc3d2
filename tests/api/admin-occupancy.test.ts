import { beforeAll, describe, expect, it } from 'vitest';
import * as occupancyFunction from '../../netlify/functions/admin-occupancy.mts';
import { type OccupancyAnswer, occupancyAnswerSchema } from '../../src/features/admin/occupancy-contract.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * The occupancy calendar's API: a month's new and confirmed stays per property. Each test books a
 * made-up property of its own, so other tests' rows never land in its row.
 */

let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

const uniqueProperty = () => `calendar-villa-${crypto.randomUUID().slice(0, 8)}`;

async function askMonth(month: string) {
  return invoke(
    occupancyFunction,
    adminRequest('GET', `/api/admin/occupancy?month=${encodeURIComponent(month)}`, { cookie: admin.cookie }),
  );
}

async function readMonth(month: string): Promise<OccupancyAnswer> {
  const response = await askMonth(month);
  expect(response.status, await response.clone().text()).toBe(200);
  return occupancyAnswerSchema.parse(await response.json());
}

/** A stay of `nights` nights from `arrival`, with the status given. */
async function book(property: string, arrival: string, nights: number, status = 'confirmed') {
  const id = await insertBookingRequest({ property, arrival, status });
  await ownerQuery(
    'update booking_requests set departure = arrival + $2::int, nights = $2::int where id = $1',
    [id, nights],
  );
  const [row] = await ownerQuery<{ reference: string }>(
    'select reference from booking_requests where id = $1',
    [id],
  );
  return { id, reference: row?.reference as string };
}

const staysOf = (answer: OccupancyAnswer, slug: string) =>
  answer.properties.find((property) => property.slug === slug)?.stays ?? [];

describe('the occupancy of a month', () => {
  it('lists the nights other platforms have blocked beside the stays, by the feed’s name', async () => {
    const property = uniqueProperty();
    const [feed] = await ownerQuery<{ id: string }>(
      `insert into property_calendar_feeds (property, label, url) values ($1, 'Airbnb', 'https://airbnb.example/c.ics')
       returning id`,
      [property],
    );
    await ownerQuery(
      `insert into property_blocks (property, stay, feed_id, uid)
       values ($1, daterange('2081-02-26', '2081-03-03'), $2, 'edge'), ($1, daterange('2081-03-20', '2081-03-23'), $2, 'mid'),
              ($1, daterange('2081-04-02', '2081-04-05'), $2, 'later')`,
      [property, feed?.id],
    );
    const stay = await book(property, '2081-03-10', 4);
    const answer = await readMonth('2081-03');
    const row = answer.properties.find((each) => each.slug === property);
    expect(row?.stays.map(({ reference }) => reference)).toEqual([stay.reference]);
    expect(row?.blocks.map(({ label, arrival, departure }) => ({ label, arrival, departure }))).toEqual([
      { label: 'Airbnb', arrival: '2081-02-26', departure: '2081-03-03' },
      { label: 'Airbnb', arrival: '2081-03-20', departure: '2081-03-23' },
    ]);
  });

  it('lists every property of the catalogue by name, in its order, even those with no stay', async () => {
    const answer = await readMonth('2080-06');
    const { properties } = await loadCatalogue();
    expect(answer.month).toBe('2080-06');
    expect(answer.properties.slice(0, properties.length).map(({ slug, name }) => ({ slug, name }))).toEqual(
      properties.map(({ slug, name }) => ({ slug, name })),
    );
  });

  it('answers the new and confirmed stays of the month with their reference, status and dates', async () => {
    const property = uniqueProperty();
    const confirmed = await book(property, '2080-03-10', 7, 'confirmed');
    const fresh = await book(property, '2080-03-20', 4, 'new');
    await book(property, '2080-03-01', 3, 'declined');
    await book(property, '2080-03-05', 2, 'cancelled');
    const trashed = await book(property, '2080-03-25', 3, 'confirmed');
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [trashed.id]);
    await book(property, '2080-04-02', 3, 'confirmed');

    const stays = staysOf(await readMonth('2080-03'), property);
    expect(stays).toEqual([
      {
        id: confirmed.id,
        reference: confirmed.reference,
        status: 'confirmed',
        name: 'Test Guest',
        guests: 4,
        arrival: '2080-03-10',
        departure: '2080-03-17',
      },
      expect.objectContaining({
        id: fresh.id,
        status: 'new',
        arrival: '2080-03-20',
        departure: '2080-03-24',
      }),
    ]);
  });

  it('answers an instant booking held while the guest pays, and leaves out a hold whose time ran out', async () => {
    const property = uniqueProperty();
    const held = await book(property, '2080-05-10', 4, 'held');
    const lapsed = await insertBooking(ownerQuery, {
      property,
      arrival: '2080-05-20',
      status: 'held',
      heldUntil: new Date(Date.now() - 60_000).toISOString(),
    });
    const stays = staysOf(await readMonth('2080-05'), property);
    expect(stays).toEqual([expect.objectContaining({ id: held.id, status: 'held', arrival: '2080-05-10' })]);
    expect(stays.map(({ id }) => id)).not.toContain(lapsed.id);
  });

  it('includes a stay that crosses the edges of the month, in both months, and none that only touches them', async () => {
    const property = uniqueProperty();
    const acrossNewYear = await book(property, '2081-12-28', 7);
    // Leaves on the 1st of March: its last night is in February.
    const leavesOnTheFirst = await book(property, '2082-02-25', 4);
    // Its last night is 30 April: it leaves on 1 May.
    const wholeMonth = await book(property, '2082-03-31', 31);

    expect(staysOf(await readMonth('2081-12'), property).map(({ id }) => id)).toEqual([acrossNewYear.id]);
    expect(staysOf(await readMonth('2082-01'), property)).toEqual([
      expect.objectContaining({ id: acrossNewYear.id, arrival: '2081-12-28', departure: '2082-01-04' }),
    ]);
    expect(staysOf(await readMonth('2082-02'), property).map(({ id }) => id)).toEqual([leavesOnTheFirst.id]);
    expect(staysOf(await readMonth('2082-03'), property).map(({ id }) => id)).toEqual([wholeMonth.id]);
    expect(staysOf(await readMonth('2082-04'), property).map(({ id }) => id)).toEqual([wholeMonth.id]);
    expect(staysOf(await readMonth('2082-05'), property)).toEqual([]);
  });

  it('shows a stay of a property the catalogue no longer has under its slug, after the catalogue', async () => {
    const property = uniqueProperty();
    await book(property, '2083-07-01', 3);
    const answer = await readMonth('2083-07');
    const { properties } = await loadCatalogue();
    const row = answer.properties.find(({ slug }) => slug === property);
    expect(row?.name).toBe(property);
    expect(answer.properties.indexOf(row as never)).toBeGreaterThanOrEqual(properties.length);
  });

  it.each([
    ['no month', ''],
    ['a month of 13', '2027-13'],
    ['a day', '2027-03-01'],
    ['words', 'March 2027'],
    ['a year past 2100', '2101-01'],
    ['markup', '<b>2027-03</b>'],
  ])('refuses %s with 400 and a message on the month field', async (_case, month) => {
    const response = await askMonth(month);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.fields?.month).toMatch(/month/i);
  });

  it('refuses a request without a month parameter at all with 400', async () => {
    const response = await invoke(
      occupancyFunction,
      adminRequest('GET', '/api/admin/occupancy', { cookie: admin.cookie }),
    );
    expect(response.status).toBe(400);
  });
});
