import { describe, expect, it } from 'vitest';
import purgeTrashFunction, { config } from '../../netlify/functions/purge-trash.mts';
import { purgeTrash } from '../../src/server/admin/trash.ts';
import {
  findRegisteredAccount,
  rememberRegisteringBrowser,
} from '../../src/server/auth/registering-browsers.ts';
import { captureLog } from '../support/log-lines.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/** Rows stay in the trash for 30 days, then go for good, and the audit log says so. */

async function insertMessage(deletedDaysAgo: number | null): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into contact_messages (name, email, phone, message, deleted_at)
     values ('Purge Test', 'purge@example.com', '+91 98470 00002', 'For the purge test',
             now() - make_interval(days => $1)) returning id`,
    [deletedDaysAgo],
  );
  return row?.id as string;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const stillThere = async (table: string, ids: string[]) =>
  (await ownerQuery<{ id: string }>(`select id from ${table} where id = any($1)`, [ids]))
    .map((row) => row.id)
    .sort();

describe('purging the trash', () => {
  it('removes rows deleted over 30 days ago and keeps newer ones and the listed ones', async () => {
    const old = await insertMessage(31);
    const recent = await insertMessage(29);
    const listed = await insertMessage(null);
    const oldBooking = await insertBookingRequest({ status: 'declined', deletedAt: daysAgo(45) });

    const report = await purgeTrash();

    expect(await stillThere('contact_messages', [old, recent, listed])).toEqual([recent, listed].sort());
    expect(await stillThere('booking_requests', [oldBooking])).toEqual([]);
    expect(report.byCollection['contact-messages']).toBeGreaterThanOrEqual(1);
    expect(report.byCollection['booking-requests']).toBeGreaterThanOrEqual(1);
    expect(report.total).toBe(Object.values(report.byCollection).reduce((sum, rows) => sum + rows, 0));
  });

  it('records each removal as done by the server', async () => {
    const old = await insertBookingRequest({ status: 'declined', deletedAt: daysAgo(40) });
    await purgeTrash();
    const entries = await ownerQuery(
      `select collection, action, old_status, actor_id, actor_role, created_at > now() - interval '1 minute' as just_now
       from admin_audit_log where row_id = $1`,
      [old],
    );
    expect(entries).toEqual([
      {
        collection: 'booking_requests',
        action: 'purged',
        old_status: 'declined',
        actor_id: null,
        actor_role: 'service_role',
        just_now: true,
      },
    ]);
  });

  it('runs daily as a Netlify scheduled function that logs what it removed', async () => {
    expect(config.schedule).toBe('@daily');
    const old = await insertMessage(60);
    const { lines } = await captureLog(() => purgeTrashFunction());
    // One line for the run, saying what it removed.
    const ran = lines.filter((line) => line.job === 'purge-trash');
    expect(ran).toHaveLength(1);
    expect(ran[0]?.msg).toMatch(
      /^Purged \d+ rows? from the trash.* Forgot \d+ expired registering browsers and \d+ unconfirmed booking requests a day old\.$/,
    );
    expect(await stillThere('contact_messages', [old])).toEqual([]);
  });

  it('forgets the browsers whose one-tap confirmation links have expired, and keeps the live ones', async () => {
    const address = `purge.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const expired = await rememberRegisteringBrowser(address);
    const live = await rememberRegisteringBrowser(address);
    await ownerQuery(
      `update app_private.registering_browsers set expires_at = now() - interval '1 minute'
       where secret_hash = encode(sha256($1::bytea), 'hex')`,
      [expired],
    );
    await captureLog(() => purgeTrashFunction());
    const left = await ownerQuery<{ n: number }>(
      'select count(*)::int as n from app_private.registering_browsers where account = lower($1)',
      [address],
    );
    expect(left).toEqual([{ n: 1 }]);
    expect(await findRegisteredAccount(live)).toBe(address);
    expect(await findRegisteredAccount(expired)).toBeUndefined();
  });
});
