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
      // Each policy's allow and refusal, connected as each role.
      'tests/api/row-level-security.test.ts',
      'tests/api/row-level-security-admin.test.ts',
      'tests/api/row-level-security-calendars.test.ts',
      'tests/api/row-level-security-forms.test.ts',
      // The status check and trigger, read back from the catalogue.
      'tests/api/booking-status-contract.test.ts',
      // Constraints and triggers of the booking table, and what a user's metadata may not grant.
      'tests/api/booking-requests-schema.test.ts',
      // A stay over a confirmed one refused (a per-property advisory lock, then the check), and a
      // repeated idempotency key (a unique index).
      'tests/api/booking-requests.test.ts',
      // The overlap exclusion constraint (btree_gist over dateranges) and the overlap queries that
      // availability and search answer from.
      'tests/api/availability.test.ts',
      'tests/api/search.test.ts',
      // A block refused wherever a confirmed stay is, and a confirmation that waits on an import in
      // flight (a shared lock) and then sees its block.
      'tests/api/calendar-sync.test.ts',
      // References unique under 50 concurrent inserts (the permutation behind them is arithmetic and
      // md5, the same on every version: booking-reference-permutation.test.ts runs once).
      'tests/api/booking-references.test.ts',
      // The ledger's trigger under two payments at once, and numeric overflow's SQLSTATE (22003).
      'tests/api/payments-ledger.test.ts',
      // The planner's choice of the trigram index, which RLS and leakproofness can hold back.
      'tests/api/admin-search-index.test.ts',
      // Advisory transaction locks per bucket, for the sliding window.
      'tests/api/rate-limits.test.ts',
      // One upsert per mailbox, counted exactly under concurrent requests.
      'tests/api/email-recipient-caps.test.ts',
      // `for update skip locked`: two senders at once never send one email twice.
      'tests/api/email-outbox.test.ts',
      'tests/api/office-alert-digest.test.ts',
      // Queued once however concurrently the job runs (row locks, unique keys).
      'tests/api/payment-reminders.test.ts',
      // What a connection the server drops does to a transaction in flight.
      'tests/api/database-connection-loss.test.ts',
    ],
  },
});
