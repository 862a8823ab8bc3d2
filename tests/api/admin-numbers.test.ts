import { beforeAll, describe, expect, it } from 'vitest';
import * as numbersFunction from '../../netlify/functions/admin-numbers.mts';
import { sumByMonth, sumByProperty } from '../../src/features/admin/numbers.ts';
import { type NumbersAnswer, numbersAnswerSchema } from '../../src/features/admin/numbers-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { readBookingNumbers } from '../../src/server/booking/booking-numbers-service.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBookedService, insertBooking } from '../support/booking-scenario.ts';
import { storePayments } from '../support/payment-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The owner's numbers (`GET /api/admin/numbers`). The service is asked about a day in 2041, whose two
 * seasons (October 2040 to September 2042) no other test books, on one villa of the catalogue; the
 * function is asked about today. The 401/403 guard is admin-endpoints-guard.test.ts's.
 */

const property = 'poovar-estuary-villa';
const day = '2041-11-15';
let admin: Admin;
let numbers: NumbersAnswer;
let stayAcrossMonths: string;

const cell = (answer: NumbersAnswer, year: 'thisYear' | 'lastYear', month: string) =>
  answer[year].find((found) => found.property === property && found.month === month);

beforeAll(async () => {
  admin = await signedInAdmin();
  const confirmed = { property, status: 'confirmed', weeklyRatePence: 70_000 };
  // 3 nights in October, 2 in November; £500 arriving in October.
  stayAcrossMonths = (
    await insertBooking(ownerQuery, { ...confirmed, arrival: '2041-10-29', departure: '2041-11-03' })
  ).id;
  // Across the seasons' turn: 3 nights in last season's September, 1 in this October; £400 in September.
  await insertBooking(ownerQuery, { ...confirmed, arrival: '2041-09-28', departure: '2041-10-02' });
  // Last season's October: 7 nights, £700.
  await insertBooking(ownerQuery, { ...confirmed, arrival: '2040-10-10', departure: '2040-10-17' });
  // Neither a cancelled stay, a request not yet answered, nor a stay in the trash counts.
  await insertBooking(ownerQuery, {
    ...confirmed,
    status: 'cancelled',
    arrival: '2041-11-10',
    departure: '2041-11-20',
  });
  await insertBooking(ownerQuery, { property, arrival: '2041-12-10', departure: '2041-12-20' });
  await insertBooking(ownerQuery, {
    ...confirmed,
    arrival: '2041-12-01',
    departure: '2041-12-08',
    deletedAt: '2041-01-01T00:00:00Z',
  });
  // Received from the ledger in the month the money came: £125 in October, £200 in December.
  // Stored directly: the office cannot type a day in 2041 yet.
  await storePayments(ownerQuery, stayAcrossMonths, [
    { kind: 'deposit', amountPence: 12500, receivedOn: '2041-10-20', method: 'card' },
    { kind: 'balance', amountPence: 20000, receivedOn: '2041-12-05', method: 'bank_transfer' },
  ]);
  // A massage paid on its own that October: a service's money, not the stay's revenue.
  const massage = await insertBookedService(ownerQuery, stayAcrossMonths, {
    date: '2041-10-30',
    createdBy: admin.id,
  });
  await storePayments(ownerQuery, stayAcrossMonths, [
    { kind: 'balance', amountPence: 4500, receivedOn: '2041-10-20', method: 'card', serviceId: massage },
  ]);
  // The visitor a function's guard hands the service for this admin, as bench:admin builds it.
  const { id, email, name } = admin;
  const claims = { sub: id, email, role: 'authenticated' as const, app_metadata: { role: 'admin' } };
  numbers = await readBookingNumbers({ claims, user: { id, email, name, isAdmin: true } }, day);
});

describe('the owner’s numbers', () => {
  it('covers this season and the last, October to September, every property in every month', () => {
    expect(numbers.season).toMatchObject({ from: '2041-10-01', through: '2042-09-30', label: '2041–42' });
    expect(numbers.lastSeason).toMatchObject({ from: '2040-10-01', through: '2041-09-30', label: '2040–41' });
    expect(numbers.season.months).toHaveLength(12);
    expect(numbers.thisYear).toHaveLength(12 * numbers.properties.length);
    expect(cell(numbers, 'thisYear', '2042-02')).toMatchObject({ nightsAvailable: 28, nightsBooked: 0 });
  });

  it('counts each month’s nights of a stay across a month’s end and a season’s turn', () => {
    expect(cell(numbers, 'thisYear', '2041-10')).toMatchObject({ nightsBooked: 3 + 1, nightsAvailable: 31 });
    expect(cell(numbers, 'thisYear', '2041-11')).toMatchObject({ nightsBooked: 2, nightsAvailable: 30 });
    expect(cell(numbers, 'lastYear', '2041-09')).toMatchObject({ nightsBooked: 3, nightsAvailable: 30 });
    expect(cell(numbers, 'lastYear', '2040-10')).toMatchObject({ nightsBooked: 7 });
  });

  it('leaves out cancelled stays, unanswered requests and stays in the trash', () => {
    expect(cell(numbers, 'thisYear', '2041-11')?.nightsBooked).toBe(2);
    expect(cell(numbers, 'thisYear', '2041-12')).toMatchObject({ nightsBooked: 0, confirmedPence: 0 });
  });

  it('puts a confirmed stay’s total in its arrival month and the ledger’s money in the month received, its services’ left out', () => {
    expect(cell(numbers, 'thisYear', '2041-10')).toMatchObject({
      confirmedPence: 50_000,
      receivedPence: 12_500,
    });
    expect(cell(numbers, 'thisYear', '2041-11')).toMatchObject({ confirmedPence: 0, receivedPence: 0 });
    expect(cell(numbers, 'thisYear', '2041-12')?.receivedPence).toBe(20_000);
    expect(cell(numbers, 'lastYear', '2041-09')?.confirmedPence).toBe(40_000);
    expect(cell(numbers, 'lastYear', '2040-10')?.confirmedPence).toBe(70_000);
  });

  it('sums by month beside the same month of last season, and by property over the season', () => {
    const october = sumByMonth(numbers)[0];
    expect(october?.key).toBe('2041-10');
    expect(october?.thisYear.nightsBooked).toBeGreaterThanOrEqual(4);
    expect(october?.lastYear.nightsBooked).toBeGreaterThanOrEqual(7);
    const villa = sumByProperty(numbers).find(({ key }) => key === property);
    expect(villa?.thisYear).toEqual({
      nightsBooked: 6,
      nightsAvailable: 365,
      confirmedPence: 50_000,
      receivedPence: 32_500,
    });
    expect(villa?.lastYear).toMatchObject({
      nightsBooked: 10,
      nightsAvailable: 365,
      confirmedPence: 110_000,
    });
  });

  it('answers an admin with today’s season', async () => {
    const response = await invoke(
      numbersFunction,
      adminRequest('GET', '/api/admin/numbers', { cookie: admin.cookie }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = numbersAnswerSchema.parse(await response.json());
    expect(answer.today).toBe(todayInKerala());
    expect(answer.season.from <= answer.today && answer.today <= answer.season.through).toBe(true);
  });
});
