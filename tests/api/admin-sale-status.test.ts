import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as saleStatusFunction from '../../netlify/functions/admin-buyer-enquiry-sale-status.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import type { SalesStage } from '../../src/features/buyer-enquiry/sales-stage-contract.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { markHomeSaleStatus } from '../../src/server/buyer-enquiries/sale-status-service.ts';
import { githubWriter } from '../../src/server/content/github-writer.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { Refusal } from '../../src/server/refusal.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { startGithubContentsStandIn } from '../support/github-contents-stand-in.ts';
import { admin as adminCaller, anon, asCaller, guestA } from '../support/roles.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The office marks a buyer's enquiry's home under offer or sold on the site: the home's content file
 * is written (here the working copy's, a throwaway copy of src/content as `npm start`'s e2e server
 * uses), the write is audited in the enquiry's history, and bad input writes nothing.
 */

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const checkout = path.resolve(import.meta.dirname, '../..');
let workingCopy = '';
let admin: Admin;
const previousSetting = process.env.CMS_WORKING_COPY;

beforeAll(async () => {
  workingCopy = await mkdtemp(path.join(tmpdir(), 'kayal-sale-status-'));
  await cp(path.join(checkout, 'src/content'), path.join(workingCopy, 'src/content'), { recursive: true });
  process.env.CMS_WORKING_COPY = workingCopy;
  admin = await signedInAdmin();
});
afterAll(async () => {
  if (previousSetting === undefined) delete process.env.CMS_WORKING_COPY;
  else process.env.CMS_WORKING_COPY = previousSetting;
  await rm(workingCopy, { recursive: true, force: true });
});

const contentFile = (kind: string, slug: string) => path.join(workingCopy, 'src/content', kind, `${slug}.md`);
const originalOf = (kind: string, slug: string) =>
  readFile(path.join(checkout, 'src/content', kind, `${slug}.md`), 'utf8');

/** An enquiry about `property` at `stage`, stored as the owner (the stage trigger checks moves, not inserts). */
async function insertEnquiry(stage: SalesStage, property: string, kind = 'villas'): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget, home_loan,
       paying_from_abroad, time_zone, stage)
     values ($1, $2, 'buying', 'Sale Status Test', 'sale-status@example.com', '+44 7700 900123', 'UK',
       '₹2 crore', false, true, 'Europe/London', $3)
     returning id`,
    [property, kind, stage],
  );
  return row?.id as string;
}

const put = (id: string, body: unknown, cookie = admin.cookie) =>
  invoke(
    saleStatusFunction,
    adminRequest('PUT', `/api/admin/buyer-enquiries/${id}/sale-status`, { cookie, body }),
  );

async function historyOf(id: string) {
  const response = await invoke(
    itemFunction,
    adminRequest('GET', `/api/admin/buyer-enquiries/${id}`, { cookie: admin.cookie }),
  );
  return ((await response.json()) as { history: { action: string; actorEmail: string; details?: unknown }[] })
    .history;
}

const writesOf = (id: string) =>
  ownerQuery<{ old_status: string; new_status: string; written_by: string }>(
    'select old_status, new_status, written_by from sale_status_writes where buyer_enquiry_id = $1',
    [id],
  );

describe('marking a buyer’s enquiry’s home sold on the site', () => {
  it('writes saleStatus: sold into the home’s file, keeping the rest, and records it in the enquiry’s history', async () => {
    const id = await insertEnquiry('sold', 'poovar-estuary-villa');
    const response = await put(id, { saleStatus: 'sold' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      home: { kind: 'villas', slug: 'poovar-estuary-villa', name: 'Poovar Estuary Villa' },
      previous: 'available',
      saleStatus: 'sold',
      changed: true,
      publishes: 'working-copy',
      path: 'src/content/villas/poovar-estuary-villa.md',
    });
    const original = await originalOf('villas', 'poovar-estuary-villa');
    expect(await readFile(contentFile('villas', 'poovar-estuary-villa'), 'utf8')).toBe(
      original.replace(/^saleStatus: available$/m, 'saleStatus: sold'),
    );
    expect(await historyOf(id)).toContainEqual(
      expect.objectContaining({
        action: 'sale_status_written',
        actorEmail: admin.email,
        details: {
          kind: 'villas',
          property: 'poovar-estuary-villa',
          from: 'available',
          to: 'sold',
          revision: null,
        },
      }),
    );
    expect(await writesOf(id)).toEqual([
      { old_status: 'available', new_status: 'sold', written_by: admin.id },
    ]);

    // Again (a double click): the file already says it; nothing is written or recorded twice.
    const again = await put(id, { saleStatus: 'sold' });
    expect(await again.json()).toMatchObject({ previous: 'sold', changed: false });
    expect(await writesOf(id)).toHaveLength(1);
  });

  it('marks the home under offer from an enquiry at Offer', async () => {
    const id = await insertEnquiry('offer', 'edappally-gated-residence', 'apartments');
    const response = await put(id, { saleStatus: 'under-offer' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      previous: 'available',
      saleStatus: 'under-offer',
      changed: true,
    });
    expect(await readFile(contentFile('apartments', 'edappally-gated-residence'), 'utf8')).toMatch(
      /^saleStatus: under-offer$/m,
    );
  });

  it.each([
    ['a status the content schema does not know', { saleStatus: 'gone' }, 'saleStatus'],
    ['no status', {}, 'saleStatus'],
    ['a status that is no text', { saleStatus: 3 }, 'saleStatus'],
  ])('refuses %s by its field, writing nothing', async (_what, body, field) => {
    const id = await insertEnquiry('sold', 'varkala-clifftop-villa');
    const response = await put(id, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields).toHaveProperty(field);
    expect(await readFile(contentFile('villas', 'varkala-clifftop-villa'), 'utf8')).toBe(
      await originalOf('villas', 'varkala-clifftop-villa'),
    );
    expect(await writesOf(id)).toEqual([]);
  });

  it('refuses a home the content has no file for by the field property, writing nothing', async () => {
    const id = await insertEnquiry('sold', 'no-such-villa');
    const response = await put(id, { saleStatus: 'sold' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      property: expect.stringContaining('no-such-villa'),
    });
    expect(await writesOf(id)).toEqual([]);
  });

  it.each([
    ['an enquiry at New asked to sell its home', 'new', 'sold', 'move it to Offer or Sold first'],
    ['an enquiry at Offer asked to sell its home', 'offer', 'sold', 'under offer, not sold'],
    ['a sold enquiry asked to put its home under offer', 'sold', 'under-offer', 'sold, not under offer'],
    ['a lost enquiry', 'lost', 'available', 'move it to Offer or Sold first'],
  ] as const)('refuses %s as a conflict, writing nothing', async (_what, stage, saleStatus, message) => {
    const id = await insertEnquiry(stage, 'kumarakom-lakeside-villa');
    const response = await put(id, { saleStatus });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toContain(message);
    expect(await readFile(contentFile('villas', 'kumarakom-lakeside-villa'), 'utf8')).toBe(
      await originalOf('villas', 'kumarakom-lakeside-villa'),
    );
  });

  it('refuses an enquiry in the trash, and answers 404 for one that does not exist', async () => {
    const id = await insertEnquiry('sold', 'kumarakom-lakeside-villa');
    await ownerQuery('update buyer_enquiries set deleted_at = now() where id = $1', [id]);
    expect((await put(id, { saleStatus: 'sold' })).status).toBe(409);
    expect((await put(crypto.randomUUID(), { saleStatus: 'sold' })).status).toBe(404);
    expect((await put('not-a-uuid', { saleStatus: 'sold' })).status).toBe(404);
    expect(await readFile(contentFile('villas', 'kumarakom-lakeside-villa'), 'utf8')).toBe(
      await originalOf('villas', 'kumarakom-lakeside-villa'),
    );
  });

  it('answers 503 saying what to set where no writer is configured (a deploy without CONTENT_ settings)', async () => {
    const id = await insertEnquiry('sold', 'kumarakom-lakeside-villa');
    delete process.env.CMS_WORKING_COPY;
    try {
      const response = await put(id, { saleStatus: 'sold' });
      expect(response.status).toBe(503);
      expect(((await response.json()) as ErrorBody).error.message).toContain('CONTENT_REPO');
    } finally {
      process.env.CMS_WORKING_COPY = workingCopy;
    }
  });
});

/** Why the statement was refused, or undefined when it ran; the transaction goes on either way. */
async function refusal(db: pg.Client, statement: string, values: unknown[]): Promise<string | undefined> {
  await db.query('savepoint attempt');
  try {
    await db.query(statement, values);
    await db.query('release savepoint attempt');
    return undefined;
  } catch (error) {
    await db.query('rollback to savepoint attempt');
    return String(error);
  }
}

describe('a write to the content that fails', () => {
  it('changes nothing, answers 503 in words, and keeps the attempt and its reason in the enquiry’s history; the next try writes', async () => {
    const standIn = await startGithubContentsStandIn({ owner: 'kayal', repo: 'site', branch: 'main' });
    try {
      const file = 'src/content/villas/poovar-estuary-villa.md';
      const original = await originalOf('villas', 'poovar-estuary-villa');
      standIn.files.set(file, original);
      standIn.hooks.refusePut = { status: 503, message: 'Service Unavailable' };
      const writer = githubWriter({
        repo: 'kayal/site',
        branch: 'main',
        token: 'github_pat_test',
        baseUrl: standIn.url,
      });
      const id = await insertEnquiry('sold', 'poovar-estuary-villa');
      const { visitor } = await resolveVisitor(
        adminRequest('GET', '/api/admin/buyer-enquiries', { cookie: admin.cookie }),
        { currentRole: true },
      );
      if (!visitor) throw new Error('the admin’s session was not resolved');

      const refusal = await markHomeSaleStatus(visitor, id, { saleStatus: 'sold' }, writer).catch(
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(Refusal);
      const answer = toHttpError(refusal);
      expect(answer.status).toBe(503);
      expect(answer.message).toBe(
        'The site’s content could not be changed just now (503: Service Unavailable). Nothing was written, and the enquiry’s history says so. Please try again in a few minutes.',
      );
      expect(standIn.files.get(file)).toBe(original);
      expect(await historyOf(id)).toContainEqual(
        expect.objectContaining({
          action: 'sale_status_write_failed',
          actorEmail: admin.email,
          details: expect.objectContaining({
            property: 'poovar-estuary-villa',
            to: 'sold',
            failure: expect.stringMatching(/^503: /),
          }),
        }),
      );
      expect(await writesOf(id)).toEqual([{ old_status: null, new_status: 'sold', written_by: admin.id }]);

      standIn.hooks.refusePut = undefined;
      expect(await markHomeSaleStatus(visitor, id, { saleStatus: 'sold' }, writer)).toMatchObject({
        changed: true,
        previous: 'available',
      });
      expect(standIn.files.get(file)).toBe(original.replace(/^saleStatus: available$/m, 'saleStatus: sold'));
      expect((await historyOf(id)).map(({ action }) => action)).toEqual(
        expect.arrayContaining(['sale_status_write_failed', 'sale_status_written']),
      );
    } finally {
      await standIn.close();
    }
  });
});

describe('sale_status_writes row level security', () => {
  const row = (enquiry: string) => [enquiry, 'villas', 'kovalam-cliff-villa', 'available', 'sold'];
  const columns = 'buyer_enquiry_id, property_kind, property, old_status, new_status';
  const insert = `insert into sale_status_writes (${columns}) values ($1, $2, $3, $4, $5)`;
  const insertNamed = `insert into sale_status_writes (${columns}, written_by) values ($1, $2, $3, $4, $5, $6)`;
  const select = 'select 1 from sale_status_writes where buyer_enquiry_id = $1';

  it('lets an admin record a write in their own name, and read it', async () => {
    const enquiry = await insertEnquiry('sold', 'kovalam-cliff-villa');
    await asCaller(adminCaller, async (db) => {
      expect(await refusal(db, insert, row(enquiry))).toBeUndefined();
      expect((await db.query(select, [enquiry])).rowCount).toBe(1);
    });
  });

  it('refuses an admin recording a write in another’s name', async () => {
    const enquiry = await insertEnquiry('sold', 'kovalam-cliff-villa');
    await asCaller(adminCaller, async (db) => {
      expect(await refusal(db, insertNamed, [...row(enquiry), guestA.claims.sub])).toMatch(
        /permission denied/,
      );
    });
  });

  it.each([anon, guestA])('refuses $name recording or reading a write', async (caller) => {
    const enquiry = await insertEnquiry('sold', 'kovalam-cliff-villa');
    await ownerQuery(insertNamed, [...row(enquiry), adminCaller.claims.sub]);
    await asCaller(caller, async (db) => {
      expect(await refusal(db, insert, row(enquiry))).toMatch(/permission denied|row-level security/);
      const read = await refusal(db, select, [enquiry]);
      if (read === undefined) expect((await db.query(select, [enquiry])).rowCount).toBe(0);
      else expect(read).toMatch(/permission denied/);
    });
  });
});
