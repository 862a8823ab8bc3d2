import { describe, expect, it } from 'vitest';
import { adminCollectionNames } from '../../src/features/admin/collection-contract.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import {
  admin,
  anon,
  asCaller,
  asOwner,
  guestA,
  guestB,
  selfPromoted,
  server,
  touches,
} from '../support/roles.ts';

/**
 * What the database itself allows on the dashboard's tables, whatever a service does: anon and
 * signed-in guests can read, change and delete nothing of anyone else's; admins can; nobody can
 * write the audit log but its triggers.
 */

const seeds = {
  contact_messages: `insert into contact_messages (name, email, phone, message)
    values ('Seed', 'seed@example.com', '+91 98470 00000', 'Seeded for the admin RLS test') returning id`,
  partner_enquiries: `insert into partner_enquiries (name, email, phone, message)
    values ('Seed', 'seed@example.com', '+91 98470 00000', 'A villa in Alleppey') returning id`,
  career_applications: `insert into career_applications (name, email, phone, qualification, position)
    values ('Seed', 'seed@example.com', '+91 98470 00000', 'B.Tech, 2018', 'civil-engineer') returning id`,
} as const;

type Table = keyof typeof seeds | 'booking_requests';
const tables: Table[] = [...(Object.keys(seeds) as (keyof typeof seeds)[]), 'booking_requests'];

async function seed(table: Table): Promise<string> {
  if (table === 'booking_requests') {
    // Guest A's request, on a made-up property so no confirmed stay of another test overlaps it.
    const booking = await insertBooking(asOwner, {
      userId: String(guestA.claims.sub),
      name: 'Seed',
      email: 'seed@example.com',
      phone: '+91 98470 00000',
      property: madeUpProperty('rls-villa'),
      arrival: '2090-06-01',
      guests: 2,
      discountPence: 14000,
      depositPence: 14000,
    });
    return booking.id;
  }
  const [row] = await asOwner<{ id: string }>(seeds[table]);
  return row?.id as string;
}

/** The statements an admin uses on a row, each of which the others must be refused. */
const adminStatements = (table: Table, id: string) => [
  `select * from ${table} where id = '${id}'`,
  table === 'booking_requests'
    ? `update ${table} set status = 'declined' where id = '${id}'`
    : `update ${table} set read_at = now() where id = '${id}'`,
  `update ${table} set deleted_at = now() where id = '${id}'`,
  `delete from ${table} where id = '${id}'`,
];

describe.each(tables)('%s for the dashboard', (table) => {
  it('refuses anon reading, changing and deleting', async () => {
    const id = await seed(table);
    await asCaller(anon, async (db) => {
      for (const statement of adminStatements(table, id))
        expect(await touches(db, statement), statement).toBe('refused');
    });
  });

  it('lets a signed-in guest (B) read, change and delete nothing of anyone else', async () => {
    const id = await seed(table);
    await asCaller(guestB, async (db) => {
      for (const statement of adminStatements(table, id)) {
        expect(await touches(db, statement), statement).toSatisfy(
          (outcome) => outcome === 0 || outcome === 'refused',
        );
      }
    });
    const [row] = await asOwner<{ deleted_at: Date | null }>(
      `select deleted_at from ${table} where id = $1`,
      [id],
    );
    expect(row).toEqual({ deleted_at: null });
  });

  it('does not let a guest mark a row read or deleted by claiming admin in user_metadata', async () => {
    const id = await seed(table);
    await asCaller(selfPromoted, async (db) => {
      expect(await touches(db, `update ${table} set deleted_at = now() where id = '${id}'`)).toBe(0);
    });
  });

  it('lets an admin read, change and delete', async () => {
    const id = await seed(table);
    await asCaller(admin, async (db) => {
      for (const statement of adminStatements(table, id))
        expect(await touches(db, statement), statement).toBe(1);
    });
  });

  it('shows its dashboard view (which the search needs) to admins only, and lets nobody write through it', async () => {
    const id = await seed(table);
    const view = `dashboard.${table}`;
    await asCaller(anon, async (db) => {
      expect(await touches(db, `select * from ${view} where id = '${id}'`)).toBe('refused');
    });
    await asCaller(guestB, async (db) => {
      expect(await touches(db, `select * from ${view} where id = '${id}'`)).toBe(0);
    });
    await asCaller(admin, async (db) => {
      expect(await touches(db, `select * from ${view} where id = '${id}'`)).toBe(1);
      // The view runs as its owner, past RLS and column grants: it must stay read-only.
      for (const statement of [
        `update ${view} set deleted_at = now() where id = '${id}'`,
        `delete from ${view} where id = '${id}'`,
      ]) {
        expect(await touches(db, statement), statement).toBe('refused');
      }
    });
  });

  it('never lets anyone but the owner truncate', async () => {
    for (const caller of [anon, admin]) {
      await asCaller(caller, async (db) => {
        await expect(db.query(`truncate ${table}`)).rejects.toThrow(/permission denied/);
      });
    }
  });
});

describe('the admin audit log', () => {
  const entry = `insert into admin_audit_log (collection, row_id, action, actor_role)
    values ('contact_messages', gen_random_uuid(), 'deleted', 'authenticated')`;

  async function seedEntry(): Promise<string> {
    const id = await seed('contact_messages');
    await asOwner('update contact_messages set deleted_at = now() where id = $1', [id]);
    return id;
  }

  it('is readable by admins only', async () => {
    const rowId = await seedEntry();
    const select = `select action from admin_audit_log where row_id = '${rowId}'`;
    await asCaller(anon, async (db) => {
      expect(await touches(db, select)).toBe('refused');
    });
    await asCaller(guestB, async (db) => {
      expect((await db.query(select)).rows).toEqual([]);
    });
    await asCaller(admin, async (db) => {
      expect((await db.query(select)).rows).toEqual([{ action: 'deleted' }]);
    });
  });

  it('cannot be written, changed or emptied by any API role, admins and the server included', async () => {
    const rowId = await seedEntry();
    for (const caller of [anon, guestB, admin, server]) {
      await asCaller(caller, async (db) => {
        for (const statement of [
          entry,
          `update admin_audit_log set actor_email = 'someone@else.example' where row_id = '${rowId}'`,
          `delete from admin_audit_log where row_id = '${rowId}'`,
          'truncate admin_audit_log',
        ]) {
          expect(await touches(db, statement), `${caller.name}: ${statement}`).toBe('refused');
        }
      });
    }
  });

  it('records a change made straight through the database by an admin, with who and when', async () => {
    const id = await seed('booking_requests');
    await asCaller(admin, async (db) => {
      await db.query(`update booking_requests set status = 'confirmed' where id = $1`, [id]);
      await db.query('update booking_requests set deleted_at = now() where id = $1', [id]);
      const { rows } = await db.query(
        `select action, old_status, new_status, actor_id, actor_email, actor_role, created_at
         from admin_audit_log where row_id = $1 order by id`,
        [id],
      );
      expect(rows).toEqual([
        {
          action: 'status_changed',
          old_status: 'new',
          new_status: 'confirmed',
          actor_id: admin.claims.sub,
          actor_email: admin.claims.email,
          actor_role: 'authenticated',
          created_at: expect.any(Date),
        },
        expect.objectContaining({ action: 'deleted', old_status: 'confirmed', actor_id: admin.claims.sub }),
      ]);
    });
  });
});

describe('the trash purge function', () => {
  it('may be run by the server only', async () => {
    for (const caller of [anon, admin]) {
      await asCaller(caller, async (db) => {
        await expect(db.query('select * from app_private.purge_trash()')).rejects.toThrow(
          /permission denied/,
        );
      });
    }
    await asCaller(server, async (db) => {
      // One row per collection's table, each with how many rows it purged.
      await expect(db.query('select * from app_private.purge_trash()')).resolves.toMatchObject({
        rowCount: adminCollectionNames.length,
      });
    });
  });

  it('keeps the trash at least a day whatever it is asked', async () => {
    await asCaller(server, async (db) => {
      await expect(db.query(`select * from app_private.purge_trash('1 hour')`)).rejects.toThrow(
        /at least a day/,
      );
    });
  });
});
