import { beforeAll, describe, expect, it } from 'vitest';
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
 * What the database allows on reviews, whatever a service does: anyone reads the published reviews'
 * public fields and nothing else; a guest reads their own stays' reviews, withheld ones included, and
 * writes none directly (the server stores a review once it has checked the stay); an admin reads every
 * review and may only withhold, reinstate or reply, never change a guest's words; every such change is
 * logged by the database; the invitations' hashed keys are the server's.
 */

const property = madeUpProperty('rls-review-villa');
let publishedId = '';
let withheldId = '';
let bookingA = '';
let bookingB = '';

const storeReview = async (booking: string, title: string, withheld: boolean) => {
  const [row] = await asOwner<{ id: string }>(
    `insert into reviews (booking_request_id, property, stay_month, rating, title, body, display_name,
       withheld_rule, withheld_at, withheld_by)
     values ($1, $2, '2090-01-01', 2, $3, 'Words', 'Asha P.',
       ${withheld ? `'abuse', now(), gen_random_uuid()` : 'null, null, null'})
     returning id`,
    [booking, property, title],
  );
  return row?.id as string;
};

beforeAll(async () => {
  const book = async (userId: string, arrival: string) =>
    (await insertBooking(asOwner, { userId, property, arrival, status: 'confirmed', statusChangedAt: 'now' }))
      .id;
  bookingA = await book(guestA.claims.sub, '2090-01-10');
  bookingB = await book(guestB.claims.sub, '2090-02-10');
  publishedId = await storeReview(bookingA, 'Published', false);
  withheldId = await storeReview(bookingB, 'Withheld', true);
});

async function attempt(db: Parameters<typeof touches>[0], statement: string) {
  await db.query('savepoint refused');
  try {
    const outcome = await touches(db, statement);
    await db.query('release savepoint refused');
    return outcome;
  } catch (error) {
    await db.query('rollback to savepoint refused');
    if (/violates row-level security policy|violates check constraint|cannot be changed/.test(String(error)))
      return 'refused' as const;
    throw error;
  }
}

const readTitle = (id: string) => `select title from reviews where id = '${id}'`;
const insertAs = (booking: string) =>
  `insert into reviews (booking_request_id, property, stay_month, rating, title, body, display_name)
   values ('${booking}', '${property}', '2090-01-01', 5, 'Mine', 'Words', 'Me')`;

describe('reviews', () => {
  it('let anon read the published reviews’ public fields only, never a withheld one or who withheld it', async () => {
    await asCaller(anon, async (db) => {
      expect(await attempt(db, readTitle(publishedId))).toBe(1);
      expect(await attempt(db, readTitle(withheldId))).toBe(0);
      expect(await attempt(db, `select booking_request_id from reviews where id = '${publishedId}'`)).toBe(
        'refused',
      );
      expect(await attempt(db, `select withheld_by from reviews where id = '${publishedId}'`)).toBe(
        'refused',
      );
      expect(await attempt(db, insertAs(bookingA))).toBe('refused');
      expect(await attempt(db, 'select * from review_invitations')).toBe('refused');
      expect(await attempt(db, 'select * from review_moderation_log')).toBe('refused');
    });
  });

  it('let a guest read their own stay’s review, withheld or not, and no other guest’s', async () => {
    await asCaller(guestB, async (db) => {
      expect(await attempt(db, readTitle(withheldId))).toBe(1);
      expect(await attempt(db, readTitle(publishedId))).toBe(0);
    });
    await asCaller(guestA, async (db) => {
      expect(await attempt(db, readTitle(publishedId))).toBe(1);
      expect(await attempt(db, readTitle(withheldId))).toBe(0);
    });
  });

  it('refuse a guest writing, withholding or replying, a self-made admin claim included', async () => {
    for (const caller of [guestA, selfPromoted]) {
      await asCaller(caller, async (db) => {
        expect(await attempt(db, insertAs(bookingA))).toBe('refused');
        expect(
          await attempt(
            db,
            `update reviews set reply = 'Hi', replied_at = now(), replied_by = '${guestA.claims.sub}' where id = '${publishedId}'`,
          ),
        ).toBe(0);
        expect(await attempt(db, `update reviews set title = 'Better' where id = '${publishedId}'`)).toBe(
          'refused',
        );
        expect(await attempt(db, 'select * from review_moderation_log')).toBe(0);
      });
    }
  });

  it('let an admin read all, withhold under a rule and reply, logged, but never change the words', async () => {
    await asCaller(admin, async (db) => {
      expect(
        await attempt(db, `select id from reviews where id in ('${publishedId}', '${withheldId}')`),
      ).toBe(2);
      expect(
        await attempt(
          db,
          `update reviews set withheld_rule = 'personal_data', withheld_at = now(), withheld_by = '${admin.claims.sub}' where id = '${publishedId}'`,
        ),
      ).toBe(1);
      expect(
        await attempt(
          db,
          `update reviews set withheld_rule = 'low_rating', withheld_at = now(), withheld_by = '${admin.claims.sub}' where id = '${publishedId}'`,
        ),
      ).toBe('refused');
      expect(
        await attempt(
          db,
          `update reviews set reply = 'Thank you', replied_at = now(), replied_by = '${admin.claims.sub}' where id = '${publishedId}'`,
        ),
      ).toBe(1);
      expect(await attempt(db, `update reviews set rating = 5 where id = '${publishedId}'`)).toBe('refused');
      expect(await attempt(db, `update reviews set body = 'Lovely' where id = '${publishedId}'`)).toBe(
        'refused',
      );
      expect(await attempt(db, `delete from reviews where id = '${publishedId}'`)).toBe('refused');
      expect(await attempt(db, insertAs(bookingA))).toBe('refused');
      const { rows } = await db.query<{ action: string; actor_email: string }>(
        `select action, actor_email from review_moderation_log where review_id = $1 order by id`,
        [publishedId],
      );
      expect(rows).toEqual([
        { action: 'withheld', actor_email: 'office@example.com' },
        { action: 'replied', actor_email: 'office@example.com' },
      ]);
      expect(await attempt(db, 'delete from review_moderation_log')).toBe('refused');
      expect(await attempt(db, 'select token_hash from review_invitations')).toBe('refused');
    });
  });

  it('let the server store a review once a stay, read reviews and claim invitations, never withhold', async () => {
    await asCaller(server, async (db) => {
      expect(await attempt(db, readTitle(withheldId))).toBe(1);
      expect(
        await attempt(
          db,
          `insert into review_invitations (booking_request_id, token_hash) values ('${bookingA}', decode(repeat('ab', 32), 'hex'))`,
        ),
      ).toBe(1);
      expect(
        await attempt(
          db,
          `update reviews set withheld_rule = null, withheld_at = null, withheld_by = null where id = '${withheldId}'`,
        ),
      ).toBe('refused');
    });
  });
});
