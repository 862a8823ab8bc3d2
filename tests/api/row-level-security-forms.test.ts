import { describe, expect, it } from 'vitest';
import {
  admin,
  anon,
  asAppRole,
  asCaller,
  asOwner,
  guestA,
  selfPromoted,
  touches,
} from '../support/roles.ts';

/** Each public form's table, with the columns and values a visitor sends. */
const formTables = [
  {
    table: 'contact_messages',
    columns: 'name, email, phone, message',
    values: `'Asha', 'asha@example.com', '+91 98470 12345', 'Is the cliff villa free in March?'`,
  },
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
    const [row] = await asOwner<{ id: string }>(`${insert} returning id`);
    return row?.id as string;
  }

  it.each([anon, guestA])('lets $name insert a row', async (caller) => {
    await asCaller(caller, async (db) => {
      await expect(db.query(insert)).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it('lets anon choose the id of the row it inserts', async () => {
    const id = crypto.randomUUID();
    await asCaller(anon, async (db) => {
      await expect(
        db.query(`insert into ${table} (id, ${columns}) values ($1, ${values})`, [id]),
      ).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it.each([
    ['created_at', `now() - interval '1 year'`],
    ['deleted_at', 'now()'],
  ])('refuses a visitor setting %s', async (column, value) => {
    for (const caller of [anon, guestA]) {
      await asCaller(caller, async (db) => {
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
      await asCaller(anon, async (db) => {
        await expect(db.query(statement)).rejects.toThrow(/permission denied/);
      });
    }
  });

  it.each([guestA, selfPromoted])('shows $name no rows and lets them change none', async (caller) => {
    const id = await seedRow();
    const stored = () => asOwner(`select * from ${table} where id = $1`, [id]);
    const before = await stored();
    await asCaller(caller, async (db) => {
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
    await asCaller(admin, async (db) => {
      await expect(db.query(`update ${table} set name = 'x' where id = $1`, [id])).rejects.toThrow(
        /permission denied/,
      );
    });
  });

  // The functions' login may only act as a caller: on its own it is refused the table outright.
  it('refuses the app role kayal_app everything until it takes on a caller', async () => {
    const id = await seedRow();
    await asAppRole(async (db) => {
      for (const statement of [
        insert,
        `select * from ${table}`,
        `update ${table} set deleted_at = now() where id = '${id}'`,
        `delete from ${table} where id = '${id}'`,
      ]) {
        expect(await touches(db, statement), statement).toBe('refused');
      }
    });
  });

  it('lets an admin read, change, soft-delete, restore and delete rows', async () => {
    const id = await seedRow();
    await asCaller(admin, async (db) => {
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
      await asCaller(anon, async (db) => {
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
