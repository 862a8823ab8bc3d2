import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { anonymous, serviceRole, withCaller } from '../../src/server/db/database.ts';
import { ownerQuery } from '../support/sql.ts';

async function asAppConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('appDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe("the functions' database connection", () => {
  it('logs in as a role that is no superuser and may only become anon, authenticated or service_role', async () => {
    const [me] = await asAppConnection(async (client) => (await client.query('select session_user')).rows);
    expect(me.session_user).not.toBe('postgres');
    const [role] = await ownerQuery(
      `select rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication,
         array(select b.rolname::text from pg_auth_members m join pg_roles b on b.oid = m.roleid
               where m.member = r.oid order by 1) as member_of
       from pg_roles r where rolname = $1`,
      [me.session_user],
    );
    expect(role).toEqual({
      rolsuper: false,
      rolinherit: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      rolreplication: false,
      member_of: ['anon', 'authenticated', 'service_role'],
    });
  });

  it('cannot shed the caller role with reset role: the table RLS guards is then refused outright', async () => {
    await ownerQuery(
      `insert into contact_messages (name, email, phone, message)
       values ('Hidden', 'hidden@example.com', '+91 98470 00000', 'Only the office may read this')`,
    );
    await expect(
      withCaller(anonymous, async (tx) => {
        await tx.query('reset role');
        return tx.query('select * from contact_messages');
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it('cannot become the owner with set role or set session authorization', async () => {
    for (const statement of ['set role postgres', 'set session authorization postgres']) {
      await expect(withCaller(anonymous, (tx) => tx.query(statement))).rejects.toThrow(/permission denied/);
    }
  });

  it('still does what the server may do as service_role', async () => {
    const [row] = await withCaller(serviceRole, (tx) =>
      tx.query<{ count: string }>('select count(*) from contact_messages'),
    );
    expect(Number(row?.count)).toBeGreaterThanOrEqual(1);
  });
});
