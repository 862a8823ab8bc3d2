import { describe, expect, it } from 'vitest';
import { asRole, ownerQuery } from '../support/sql.ts';

const guest = { sub: '00000000-0000-4000-8000-000000000011', role: 'authenticated', app_metadata: {} };
const admin = {
  sub: '00000000-0000-4000-8000-000000000012',
  role: 'authenticated',
  app_metadata: { role: 'admin' },
};
// A user can edit user_metadata, so it must never make anyone an admin.
const selfPromoted = { ...guest, user_metadata: { role: 'admin' } };
const anon = { role: 'anon' };

/** Each public form's table, with the columns and values a visitor sends. */
const formTables = [
  {
    table: 'career_applications',
    columns: 'name, email, phone, qualification, position, cover_note',
    values: `'Anjali', 'anjali@example.com', '+91 94470 23456', 'B.Arch, 2019', 'architect', null`,
  },
  {
    table: 'partner_enquiries',
    columns: 'name, email, phone, message',
    values: `'Thomas', 'thomas@example.com', '+44 7700 900123', 'A lakeside villa in Kumarakom, four bedrooms'`,
  },
] as const;

describe.each(formTables)('$table row level security', ({ table, columns, values }) => {
  const insert = `insert into ${table} (${columns}) values (${values})`;

  async function seedRow(): Promise<string> {
    const [row] = await ownerQuery<{ id: string }>(`${insert} returning id`);
    return row?.id as string;
  }

  it.each([
    ['anon', anon],
    ['authenticated', guest],
  ] as const)('lets %s insert a row', async (role, claims) => {
    await asRole(role, claims, async (db) => {
      await expect(db.query(insert)).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it('lets anon choose the id of the row it inserts', async () => {
    const id = crypto.randomUUID();
    await asRole('anon', anon, async (db) => {
      await expect(
        db.query(`insert into ${table} (id, ${columns}) values ($1, ${values})`, [id]),
      ).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it.each([
    ['created_at', `now() - interval '1 year'`],
    ['deleted_at', 'now()'],
  ])('refuses a visitor setting %s', async (column, value) => {
    for (const [role, claims] of [
      ['anon', anon],
      ['authenticated', guest],
    ] as const) {
      await asRole(role, claims, async (db) => {
        await expect(
          db.query(`insert into ${table} (${columns}, ${column}) values (${values}, ${value})`),
        ).rejects.toThrow(/permission denied/);
      });
    }
  });

  it('refuses anon reading, changing or deleting rows', async () => {
    const id = await seedRow();
    for (const statement of [
      `select * from ${table}`,
      `update ${table} set name = 'x' where id = '${id}'`,
      `delete from ${table} where id = '${id}'`,
    ]) {
      await asRole('anon', anon, async (db) => {
        await expect(db.query(statement)).rejects.toThrow(/permission denied/);
      });
    }
  });

  it.each([
    ['a signed-in guest', guest],
    ['a guest who set user_metadata.role to admin', selfPromoted],
  ])('shows %s no rows and lets them change none', async (_who, claims) => {
    const id = await seedRow();
    const stored = () => ownerQuery(`select * from ${table} where id = $1`, [id]);
    const before = await stored();
    await asRole('authenticated', claims, async (db) => {
      expect((await db.query(`select * from ${table}`)).rows).toEqual([]);
      expect((await db.query(`update ${table} set deleted_at = now() where id = $1`, [id])).rowCount).toBe(0);
      expect((await db.query(`delete from ${table} where id = $1`, [id])).rowCount).toBe(0);
      // Last: a refused statement ends the transaction.
      await expect(db.query(`update ${table} set name = 'x' where id = $1`, [id])).rejects.toThrow(
        /permission denied/,
      );
    });
    expect(await stored()).toEqual(before);
  });

  it('never lets an admin rewrite what a visitor sent', async () => {
    const id = await seedRow();
    await asRole('authenticated', admin, async (db) => {
      await expect(db.query(`update ${table} set name = 'x' where id = $1`, [id])).rejects.toThrow(
        /permission denied/,
      );
    });
  });

  it('lets an admin read, change, soft-delete, restore and delete rows', async () => {
    const id = await seedRow();
    await asRole('authenticated', admin, async (db) => {
      expect((await db.query(`select id from ${table} where id = $1`, [id])).rows).toEqual([{ id }]);
      expect((await db.query(`update ${table} set deleted_at = now() where id = $1`, [id])).rowCount).toBe(1);
      expect((await db.query(`update ${table} set deleted_at = null where id = $1`, [id])).rowCount).toBe(1);
      expect((await db.query(`delete from ${table} where id = $1`, [id])).rowCount).toBe(1);
    });
  });
});

describe('career_applications constraints', () => {
  it('refuses a position that is not a category id and a cover note over 3000 characters', async () => {
    const columns = 'name, email, phone, qualification, position, cover_note';
    for (const [position, note] of [
      ['Civil Engineer', null],
      ['architect', 'a'.repeat(3001)],
    ]) {
      await asRole('anon', anon, async (db) => {
        await expect(
          db.query(
            `insert into career_applications (${columns}) values ('A', 'a@example.com', '+91 94470 23456', 'B.Tech', $1, $2)`,
            [position, note],
          ),
        ).rejects.toThrow(/check constraint/);
      });
    }
  });
});
