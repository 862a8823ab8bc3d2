import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * CI's second Vitest pass, on PostgreSQL 15 (the version Supabase runs; `.ci/run`): the files whose
 * outcome PostgreSQL itself decides, beyond storing and reading rows. The rest run once, on the
 * embedded PostgreSQL: unit tests, which use no database; the forms' and endpoints' HTTP contracts and
 * the property-based bad-input tests, which store and read rows through the constraints and policies
 * tested here and refuse bad input in our schemas before any query; embedded-owner.test.ts, which
 * starts embedded clusters of its own; and the embedded auth (auth.test.ts, auth-timing.test.ts), which
 * never runs where Supabase Auth does.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      // Every migration applies on 15, once, and `npm run db:migrate` and `supabase db push` agree.
      'tests/api/migrations.test.ts',
      // Role attributes and grants: PostgreSQL 16 changed what CREATEROLE and a role's membership give.
      'tests/api/app-role.test.ts',
      // Each policy's allow and refusal, connected as each role: every table's policies, since what a
      // role may see is decided by the server's policy evaluation and its role rules.
      'tests/api/row-level-security*.test.ts',
      // The status check and trigger, read back from the catalogue.
      'tests/api/booking-status-contract.test.ts',
      // Constraints and triggers of the booking table, and what a user's metadata may not grant.
      'tests/api/booking-requests-schema.test.ts',
      // The overlap exclusion constraint (btree_gist over dateranges, an extension whose version comes
      // with the server's) and the overlap queries that availability and search answer from.
      'tests/api/availability.test.ts',
      'tests/api/search.test.ts',
      // The ledger's trigger under two payments at once, and numeric overflow's SQLSTATE (22003).
      'tests/api/payments-ledger.test.ts',
      // The planner's choice of the trigram index, which RLS and leakproofness can hold back.
      'tests/api/admin-search-index.test.ts',
      // What a connection the server drops does to a transaction in flight.
      'tests/api/database-connection-loss.test.ts',
    ],
    // Run once, on the embedded PostgreSQL only: the files whose rules rest on locks and unique indexes
    // under concurrency (advisory locks: booking-requests, calendar-sync, rate-limits; `for update skip
    // locked`: email-outbox, office-alert-digest; row locks and unique keys: booking-references,
    // email-recipient-caps, payment-reminders). Those behave the same on 15 as on 17, as documented
    // since 9.5, and took about 50 s of this pass's 85 beside `astro check`, slowing both.
  },
});
