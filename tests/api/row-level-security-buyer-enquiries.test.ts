import { describe, expect, it } from 'vitest';
import {
  buyerEnquiryIntents,
  saleKinds,
  viewingModes,
} from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
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

const columns =
  'property, property_kind, intent, name, email, phone, country, budget, home_loan, paying_from_abroad, viewing_mode, viewing_slots, time_zone';
const viewing = `'kovalam-cliff-villa', 'villas', 'viewing', 'Fathima', 'fathima@example.com', '+971 50 123 4567', 'UAE', '₹70 lakh', false, true, 'video', array['2030-01-10T14:00Z', '2030-01-11T05:30Z']::timestamptz[], 'Asia/Dubai'`;
const insert = `insert into buyer_enquiries (${columns}) values (${viewing})`;

async function seedRow(): Promise<string> {
  const [row] = await asOwner<{ id: string }>(`${insert} returning id`);
  return row?.id as string;
}

describe('buyer_enquiries row level security', () => {
  it.each([anon, guestA])('lets $name send an enquiry, choosing its id', async (caller) => {
    const id = crypto.randomUUID();
    await asCaller(caller, async (db) => {
      await expect(
        db.query(`insert into buyer_enquiries (id, ${columns}) values ($1, ${viewing})`, [id]),
      ).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it('gives every enquiry a reference of its own, in the one format', async () => {
    const references = await asOwner<{ reference: string }>(
      `insert into buyer_enquiries (${columns}) select ${viewing} from generate_series(1, 3) returning reference`,
    );
    expect(references).toHaveLength(3);
    for (const { reference } of references) expect(reference).toMatch(/^KB-\d{4}-\d{6}$/);
    expect(new Set(references.map((row) => row.reference)).size).toBe(3);
  });

  it.each([
    ['reference', `'KB-2026-123456'`],
    ['created_at', `now() - interval '1 year'`],
    ['read_at', 'now()'],
    ['deleted_at', 'now()'],
  ])('refuses a visitor setting %s', async (column, value) => {
    for (const caller of [anon, guestA]) {
      await asCaller(caller, async (db) => {
        await expect(
          db.query(`insert into buyer_enquiries (${columns}, ${column}) values (${viewing}, ${value})`),
        ).rejects.toThrow(/permission denied/);
      });
    }
  });

  it('refuses anon reading, changing or deleting enquiries', async () => {
    const id = await seedRow();
    for (const statement of [
      'select * from buyer_enquiries',
      `update buyer_enquiries set name = 'x' where id = '${id}'`,
      `delete from buyer_enquiries where id = '${id}'`,
    ]) {
      await asCaller(anon, async (db) => {
        await expect(db.query(statement)).rejects.toThrow(/permission denied/);
      });
    }
  });

  it.each([guestA, selfPromoted])('shows $name no enquiries and lets them change none', async (caller) => {
    const id = await seedRow();
    const stored = () => asOwner('select * from buyer_enquiries where id = $1', [id]);
    const before = await stored();
    await asCaller(caller, async (db) => {
      expect((await db.query('select * from buyer_enquiries')).rows).toEqual([]);
      expect(
        (await db.query('update buyer_enquiries set deleted_at = now() where id = $1', [id])).rowCount,
      ).toBe(0);
      expect((await db.query('delete from buyer_enquiries where id = $1', [id])).rowCount).toBe(0);
    });
    expect(await stored()).toEqual(before);
  });

  it('lets an admin read, soft-delete, restore and delete an enquiry, never rewrite what the buyer sent', async () => {
    const id = await seedRow();
    await asCaller(admin, async (db) => {
      expect((await db.query('select id from buyer_enquiries where id = $1', [id])).rows).toEqual([{ id }]);
      expect(
        (await db.query('update buyer_enquiries set deleted_at = now() where id = $1', [id])).rowCount,
      ).toBe(1);
      expect(
        (await db.query('update buyer_enquiries set deleted_at = null where id = $1', [id])).rowCount,
      ).toBe(1);
      expect((await db.query('delete from buyer_enquiries where id = $1', [id])).rowCount).toBe(1);
    });
    const other = await seedRow();
    await asCaller(admin, async (db) => {
      await expect(db.query(`update buyer_enquiries set name = 'x' where id = $1`, [other])).rejects.toThrow(
        /permission denied/,
      );
    });
  });

  it('refuses the app role kayal_app everything until it takes on a caller', async () => {
    const id = await seedRow();
    await asAppRole(async (db) => {
      for (const statement of [
        insert,
        'select * from buyer_enquiries',
        `delete from buyer_enquiries where id = '${id}'`,
      ]) {
        expect(await touches(db, statement), statement).toBe('refused');
      }
    });
  });
});

describe('buyer_enquiries constraints', () => {
  it.each([
    ['a viewing with one time', `array['2030-01-10T14:00Z']::timestamptz[]`, `'video'`],
    [
      'a viewing with four times',
      `array['2030-01-10T14:00Z','2030-01-11T14:00Z','2030-01-12T14:00Z','2030-01-13T14:00Z']::timestamptz[]`,
      `'video'`,
    ],
    ['a viewing without a mode', `array['2030-01-10T14:00Z','2030-01-11T14:00Z']::timestamptz[]`, 'null'],
    [
      'a viewing by carrier pigeon',
      `array['2030-01-10T14:00Z','2030-01-11T14:00Z']::timestamptz[]`,
      `'pigeon'`,
    ],
  ])('refuses %s', async (_, slots, mode) => {
    const values = viewing.replace(/'video', array\[.*\]::timestamptz\[\]/, `${mode}, ${slots}`);
    await expect(asOwner(`insert into buyer_enquiries (${columns}) values (${values})`)).rejects.toThrow(
      /check constraint/,
    );
  });

  it('never changes a reference once given', async () => {
    const id = await seedRow();
    await expect(
      asOwner(`update buyer_enquiries set reference = 'KB-2026-100000' where id = $1`, [id]),
    ).rejects.toThrow(/never changes/);
  });

  it('holds the same lists of intents, kinds and viewing modes as the contract', async () => {
    const [row] = await asOwner<{ definition: string }>(
      `select string_agg(pg_get_constraintdef(oid), ' ') as definition from pg_constraint
       where conrelid = 'public.buyer_enquiries'::regclass and contype = 'c'`,
    );
    for (const word of [...buyerEnquiryIntents, ...saleKinds, ...viewingModes])
      expect(row?.definition).toContain(`'${word}'`);
  });
});
