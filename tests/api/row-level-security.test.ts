import { describe, expect, it } from 'vitest';
import { anon, asCaller, asOwner, guestA } from '../support/roles.ts';

// contact_messages' own policies are tested with the other form tables in row-level-security-forms.test.ts.
describe('row level security across the database', () => {
  it('keeps the server-only tables away from anon and signed-in guests', async () => {
    for (const caller of [anon, guestA]) {
      for (const table of [
        'app_private.idempotency_keys',
        'app_private.rate_limit_hits',
        'app_private.held_office_alerts',
        'app_private.recipient_email_caps',
        'supabase_migrations.schema_migrations',
      ]) {
        await asCaller(caller, async (db) => {
          await expect(db.query(`select * from ${table}`)).rejects.toThrow(/permission denied/);
        });
      }
    }
  });

  it('has RLS enabled on every table', async () => {
    const tables = await asOwner<{ name: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'app_private')`,
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((table) => !table.rls)).toEqual([]);
  });
});
