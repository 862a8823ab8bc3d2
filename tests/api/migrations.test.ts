import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { ownerQuery } from '../support/sql.ts';

describe('the migration runner', () => {
  it('records every migration once and applies nothing on a second run', async () => {
    const again = await migrate(inject('databaseUrl'));
    expect(again).toEqual({ applied: [], prelude: false });
    const recorded = await ownerQuery<{ version: string }>(
      'select version from app_private.schema_migrations order by 1',
    );
    expect(recorded.map((row) => row.version)).toContain('20261122000100_contact_messages.sql');
  });

  it('gives a plain PostgreSQL the Supabase roles and auth functions', async () => {
    const roles = await ownerQuery<{ rolname: string }>(
      `select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    );
    expect(roles.map((role) => role.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
    const [claims] = await ownerQuery<{ uid: string; role: string }>(
      `select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-8000-000000000009","role":"authenticated"}', false),
              auth.uid()::text as uid, auth.role() as role`,
    );
    expect(claims).toMatchObject({ uid: '00000000-0000-4000-8000-000000000009', role: 'authenticated' });
  });
});
