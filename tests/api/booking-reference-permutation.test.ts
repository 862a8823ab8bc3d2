import { describe, expect, it } from 'vitest';
import { ownerQuery } from '../support/sql.ts';

/**
 * The permutation behind booking references (migration 20261125000500), tried on every count a year
 * can have. Apart from booking-references.test.ts because it is integer arithmetic and md5, the same
 * on every PostgreSQL: CI's PostgreSQL 15 pass runs that file for its concurrent inserts, not this one
 * (15 s of the database's CPU on a quiet machine, 90 s on a loaded one).
 */
describe('the number inside a booking reference', () => {
  it('gives every count of a year its own number: the permutation is one to one', async () => {
    const [row] = await ownerQuery<{ numbers: number; distinct: number; low: number; high: number }>(
      `select count(*)::int as numbers, count(distinct n)::int as distinct, min(n) as low, max(n) as high
       from (select app_private.scramble_reference_number(count) as n from generate_series(0, 899999) count) s`,
    );
    expect(row).toEqual({ numbers: 900000, distinct: 900000, low: 100000, high: 999999 });
  });
});

/**
 * Buyers' enquiries number themselves through the same permutation under a key of their own domain
 * (migration 20261202000300): the n-th enquiry's number says nothing about the n-th booking's.
 */
describe('the number inside a buyer’s enquiry reference', () => {
  it('is one to one over a year’s counts, as the bookings’ is', async () => {
    const [row] = await ownerQuery<{ numbers: number; distinct: number; low: number; high: number }>(
      `select count(*)::int as numbers, count(distinct n)::int as distinct, min(n) as low, max(n) as high
       from (select app_private.scramble_reference_number(count, 'buyer-enquiry') as n
             from generate_series(0, 899999) count) s`,
    );
    expect(row).toEqual({ numbers: 900000, distinct: 900000, low: 100000, high: 999999 });
  });

  it('numbers a new enquiry with no number a booking of the year’s counts so far has', async () => {
    const [stored] = await ownerQuery<{ reference: string }>(
      `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget,
         home_loan, paying_from_abroad, time_zone)
       values ('kovalam-samudra-villa', 'villas', 'buying', 'Reference Test', 'reference@example.com',
         '+91 98470 00001', 'India', '₹2 crore', false, false, 'Asia/Kolkata')
       returning reference`,
    );
    expect(stored?.reference).toMatch(/^KB-\d{4}-\d{6}$/);
    const [, year, number] = stored?.reference.split('-') ?? [];
    // Under the bookings' own permutation, the count this enquiry took (one of these) gave its number.
    const [row] = await ownerQuery<{ same: number }>(
      `select count(*)::int as same
       from generate_series(1, (select last_number from app_private.buyer_enquiry_reference_counters
                                where year = $1::integer)) count
       where app_private.scramble_reference_number(count) = $2::integer`,
      [year, number],
    );
    expect(row?.same).toBe(0);
  });

  it('never gives the n-th enquiry the n-th booking’s number, beyond chance', async () => {
    // Two unrelated permutations meet at a count one time in 900,000: over 20,000 counts, 0.02 times.
    const [row] = await ownerQuery<{ same: number }>(
      `select count(*)::int as same from generate_series(1, 20000) count
       where app_private.scramble_reference_number(count)
           = app_private.scramble_reference_number(count, 'buyer-enquiry')`,
    );
    expect(row?.same).toBeLessThan(3);
  });

  it('takes the next count when its number meets a reference given before, so no enquiry is refused', async () => {
    const year = 'extract(year from now() at time zone $$Asia/Kolkata$$)::integer';
    const insert = (reference: string) =>
      `insert into buyer_enquiries (${reference ? 'reference, ' : ''}property, property_kind, intent, name, email,
         phone, country, budget, home_loan, paying_from_abroad, time_zone)
       values (${reference ? `${reference}, ` : ''}'kovalam-samudra-villa', 'villas', 'buying', 'Reference Test',
         'reference@example.com', '+91 98470 00001', 'India', '₹2 crore', false, false, 'Asia/Kolkata')`;
    // A reference the old permutation gave, standing where the next count's number falls (put in as
    // the migration found them: without the trigger, which would number it anew).
    const [planted] = await ownerQuery<{ reference: string; count: number }>(
      `with counter as (
         insert into app_private.buyer_enquiry_reference_counters as c (year, last_number) values (${year}, 1)
         on conflict (year) do update set last_number = c.last_number returning last_number
       )
       select 'KB-' || ${year} || '-' || app_private.scramble_reference_number(last_number + 1, 'buyer-enquiry')
         as reference, last_number + 1 as count from counter`,
    );
    await ownerQuery(
      `do $do$ begin
         perform set_config('session_replication_role', 'replica', true);
         ${insert(`'${planted?.reference}'`)};
       end $do$`,
    );
    const [fresh] = await ownerQuery<{ reference: string }>(`${insert('')} returning reference`);
    expect(fresh?.reference).toMatch(/^KB-\d{4}-\d{6}$/);
    expect(fresh?.reference).not.toBe(planted?.reference);
    const [counter] = await ownerQuery<{ last: number }>(
      `select last_number as last from app_private.buyer_enquiry_reference_counters where year = ${year}`,
    );
    // The planted count was passed over, by this insert or by another file's that came between.
    expect(counter?.last).toBeGreaterThanOrEqual((planted?.count ?? 0) + 1);
    expect(
      await ownerQuery('select 1 from buyer_enquiries where reference = $1', [planted?.reference]),
    ).toHaveLength(1);
  });
});
