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
