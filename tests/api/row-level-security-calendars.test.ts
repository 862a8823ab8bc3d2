import { beforeAll, describe, expect, it } from 'vitest';
import { admin, anon, asCaller, asOwner, guestA, selfPromoted, server, touches } from '../support/roles.ts';

/**
 * What the database allows on calendar sync's tables, whatever a service does: admins manage feeds and
 * links and read blocks; only the server (the importer) writes blocks and a feed's sync state; nobody
 * else reads or writes any of it.
 */

const property = 'rls-calendar-villa';
let feedId = '';
let blockId = '';

beforeAll(async () => {
  await asOwner('delete from property_calendar_feeds where property = $1', [property]);
  await asOwner('delete from property_calendar_links where property = $1', [property]);
  const [feed] = await asOwner<{ id: string }>(
    `insert into property_calendar_feeds (property, label, url) values ($1, 'Airbnb', 'https://airbnb.example/rls.ics') returning id`,
    [property],
  );
  feedId = feed?.id as string;
  const [block] = await asOwner<{ id: string }>(
    `insert into property_blocks (property, stay, feed_id, uid) values ($1, '[2091-01-01,2091-01-05)', $2, 'rls') returning id`,
    [property, feedId],
  );
  blockId = block?.id as string;
  await asOwner(`insert into property_calendar_links (property, token_sha256) values ($1, sha256('rls'))`, [
    property,
  ]);
});

/** `touches`, with a row refused by a policy's check counted as refused too. */
async function attempt(db: Parameters<typeof touches>[0], statement: string) {
  try {
    return await touches(db, statement);
  } catch (error) {
    if (/violates row-level security policy/.test(String(error))) return 'refused' as const;
    throw error;
  }
}

const reads = () => [
  `select * from property_calendar_feeds where id = '${feedId}'`,
  `select * from property_blocks where id = '${blockId}'`,
  `select * from property_calendar_links where property = '${property}'`,
];
const adminWrites = () => [
  `insert into property_calendar_feeds (property, label, url) values ('${property}', 'Vrbo', 'https://vrbo.example/${crypto.randomUUID()}.ics')`,
  `delete from property_calendar_feeds where id = '${feedId}'`,
  `insert into property_calendar_links (property, token_sha256) values ('${property}-2', sha256('x'))`,
  `update property_calendar_links set token_sha256 = sha256('y') where property = '${property}'`,
];
const importerWrites = () => [
  `insert into property_blocks (property, stay, feed_id, uid) values ('${property}', '[2091-02-01,2091-02-03)', '${feedId}', 'x')`,
  `delete from property_blocks where id = '${blockId}'`,
  `update property_calendar_feeds set last_error = 'x', last_synced_at = now() where id = '${feedId}'`,
];

describe('calendar sync tables', () => {
  it.each([
    ['anon', anon],
    ['a signed-in guest', guestA],
    ['a guest who wrote themselves an admin claim', selfPromoted],
  ])('refuse %s reading or writing anything', async (_name, caller) => {
    await asCaller(caller, async (db) => {
      for (const statement of [...reads(), ...adminWrites(), ...importerWrites()]) {
        expect([0, 'refused'], `${caller.name}: ${statement}`).toContain(await attempt(db, statement));
      }
    });
  });

  it('let an admin read feeds, blocks and when a link was made, add and remove feeds, and make links', async () => {
    await asCaller(admin, async (db) => {
      for (const statement of [...reads(), ...adminWrites()]) {
        expect(await attempt(db, statement), statement).toBe(1);
      }
    });
  });

  it('refuse an admin writing blocks or a feed’s sync state: only the importer does', async () => {
    await asCaller(admin, async (db) => {
      for (const statement of importerWrites())
        expect(await attempt(db, statement), statement).toBe('refused');
    });
  });

  it('let the server import: write blocks and a feed’s sync state, and read links', async () => {
    await asCaller(server, async (db) => {
      for (const statement of [...importerWrites(), reads()[2] as string]) {
        expect(await attempt(db, statement), statement).toBe(1);
      }
    });
  });
});
