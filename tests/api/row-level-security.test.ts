import { describe, expect, it } from 'vitest';
import { asRole, ownerQuery } from '../support/sql.ts';

const guest = { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', app_metadata: {} };
const admin = {
  sub: '00000000-0000-4000-8000-000000000002',
  role: 'authenticated',
  app_metadata: { role: 'admin' },
};
// A user can edit user_metadata, so it must never make anyone an admin.
const selfPromoted = { ...guest, user_metadata: { role: 'admin' } };

async function seedMessage(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into contact_messages (name, email, phone, message)
     values ('Seed', 'seed@example.com', '+91 98470 00000', 'Seeded for an RLS test') returning id`,
  );
  return row?.id as string;
}

const insertMessage = `insert into contact_messages (name, email, phone, message)
  values ('Asha', 'asha@example.com', '+91 98470 12345', 'A message from a test')`;

describe('contact_messages row level security', () => {
  it('lets anon insert a message', async () => {
    await asRole('anon', { role: 'anon' }, async (db) => {
      await expect(db.query(insertMessage)).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it('refuses anon reading, changing or deleting messages', async () => {
    const id = await seedMessage();
    for (const statement of [
      'select * from contact_messages',
      `update contact_messages set name = 'x' where id = '${id}'`,
      `delete from contact_messages where id = '${id}'`,
    ]) {
      await asRole('anon', { role: 'anon' }, async (db) => {
        await expect(db.query(statement)).rejects.toThrow(/permission denied/);
      });
    }
  });

  it('shows a signed-in guest no messages and lets them change none', async () => {
    const id = await seedMessage();
    await asRole('authenticated', guest, async (db) => {
      expect((await db.query('select * from contact_messages')).rows).toEqual([]);
      expect((await db.query('delete from contact_messages where id = $1', [id])).rowCount).toBe(0);
      // Last: a refused statement ends the transaction.
      await expect(db.query(`update contact_messages set name = 'x' where id = $1`, [id])).rejects.toThrow(
        /permission denied/,
      );
    });
    expect(await ownerQuery('select name from contact_messages where id = $1', [id])).toEqual([
      { name: 'Seed' },
    ]);
  });

  it('does not treat user_metadata.role as admin', async () => {
    await seedMessage();
    await asRole('authenticated', selfPromoted, async (db) => {
      expect((await db.query('select * from contact_messages')).rows).toEqual([]);
    });
  });

  it('lets an admin read, change and delete messages', async () => {
    const id = await seedMessage();
    await asRole('authenticated', admin, async (db) => {
      expect((await db.query('select id from contact_messages where id = $1', [id])).rows).toEqual([{ id }]);
      expect(
        (await db.query('update contact_messages set deleted_at = now() where id = $1', [id])).rowCount,
      ).toBe(1);
      expect((await db.query('delete from contact_messages where id = $1', [id])).rowCount).toBe(1);
    });
  });

  it('keeps the server-only tables away from anon and signed-in guests', async () => {
    for (const [role, claims] of [
      ['anon', { role: 'anon' }],
      ['authenticated', guest],
    ] as const) {
      for (const table of [
        'app_private.idempotency_keys',
        'app_private.rate_limit_counters',
        'supabase_migrations.schema_migrations',
      ]) {
        await asRole(role, claims, async (db) => {
          await expect(db.query(`select * from ${table}`)).rejects.toThrow(/permission denied/);
        });
      }
    }
  });

  it('has RLS enabled on every table', async () => {
    const tables = await ownerQuery<{ name: string; rls: boolean }>(
      `select n.nspname || '.' || c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'app_private')`,
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((table) => !table.rls)).toEqual([]);
  });
});
