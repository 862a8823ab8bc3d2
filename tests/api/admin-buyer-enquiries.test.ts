import { beforeAll, describe, expect, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import * as restoreFunction from '../../netlify/functions/admin-collection-item-restore.mts';
import {
  type SalesStage,
  salesStageMoves,
  salesStages,
} from '../../src/features/buyer-enquiry/sales-stage-contract.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { readCsv } from '../support/csv.ts';
import { ownerQuery } from '../support/sql.ts';

/** The office's sales pipeline through the dashboard's API, as an admin uses it. */

type Item = Record<string, unknown> & { id: string };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let admin: Admin;
beforeAll(async () => {
  admin = await signedInAdmin();
});

const uniqueWord = () => `zq${crypto.randomUUID().slice(0, 8)}`;

async function insertEnquiry(
  word: string,
  property = 'kovalam-cliff-villa',
): Promise<{ id: string; reference: string }> {
  const [row] = await ownerQuery<{ id: string; reference: string }>(
    `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget, home_loan,
       paying_from_abroad, viewing_mode, viewing_slots, time_zone, message)
     values ($1, 'villas', 'viewing', 'Fathima Rahman', 'fathima@example.com', '+971 50 123 4567', 'UAE', '₹70 lakh',
       false, true, 'video', array['2030-01-10T14:00Z', '2030-01-11T05:30Z']::timestamptz[], 'Asia/Dubai', $2)
     returning id, reference`,
    [property, word],
  );
  return row as { id: string; reference: string };
}

const get = (fn: Parameters<typeof invoke>[0], pathname: string) =>
  invoke(fn, adminRequest('GET', pathname, { cookie: admin.cookie }));
const patch = (id: string, body: unknown) =>
  invoke(
    itemFunction,
    adminRequest('PATCH', `/api/admin/buyer-enquiries/${id}`, { cookie: admin.cookie, body }),
  );

async function list(params: Record<string, string>): Promise<Item[]> {
  const response = await get(listFunction, `/api/admin/buyer-enquiries?${new URLSearchParams(params)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { items: Item[] }).items;
}

describe('buyers’ enquiries in the dashboard', () => {
  it('are listed, found by a word or by the reference the buyer quotes, and filtered by home', async () => {
    const word = uniqueWord();
    const { id, reference } = await insertEnquiry(word);
    const other = await insertEnquiry(word, 'varkala-clifftop-villa');
    expect((await list({ q: word })).map((item) => item.id).sort()).toEqual([id, other.id].sort());
    expect((await list({ q: reference.toLowerCase() })).map((item) => item.id)).toEqual([id]);
    expect((await list({ q: word, property: 'kovalam-cliff-villa' })).map((item) => item.id)).toEqual([id]);
    const [item] = await list({ q: reference });
    expect(item).toMatchObject({ reference, stage: 'new', isNew: true, intent: 'viewing', country: 'UAE' });
  });

  it('are filtered by sales stage, and a stage that is none, or a stage filter on another list, is refused by name', async () => {
    const word = uniqueWord();
    const fresh = await insertEnquiry(word);
    const contacted = await insertEnquiry(word);
    expect((await patch(contacted.id, { stage: 'contacted' })).status).toBe(200);
    expect((await list({ q: word, stage: 'contacted' })).map((item) => item.id)).toEqual([contacted.id]);
    expect((await list({ q: word, stage: 'new' })).map((item) => item.id)).toEqual([fresh.id]);
    expect(await list({ q: word, stage: 'offer' })).toEqual([]);

    const unknown = await get(listFunction, '/api/admin/buyer-enquiries?stage=pending');
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as ErrorBody).error.fields).toHaveProperty('stage');
    const bookings = await get(listFunction, '/api/admin/booking-requests?stage=new');
    expect(bookings.status).toBe(422);
    expect(((await bookings.json()) as ErrorBody).error.fields?.stage).toBe(
      'Booking requests cannot be filtered by stage',
    );
  });

  it('move New → Contacted → Viewing arranged (with its time) → Offer → Sold, each move in the history', async () => {
    const { id } = await insertEnquiry(uniqueWord());
    expect((await patch(id, { stage: 'contacted' })).status).toBe(200);
    const arranged = await patch(id, { stage: 'viewing-arranged', viewingAt: '2030-01-10T19:30:00+05:30' });
    expect(arranged.status).toBe(200);
    expect(((await arranged.json()) as { item: Item }).item).toMatchObject({
      stage: 'viewing-arranged',
      viewingAt: '2030-01-10T14:00:00.000Z',
    });
    expect((await patch(id, { stage: 'offer' })).status).toBe(200);
    expect((await patch(id, { stage: 'sold' })).status).toBe(200);
    const { history } = (await (await get(itemFunction, `/api/admin/buyer-enquiries/${id}`)).json()) as {
      history: Record<string, unknown>[];
    };
    expect(history.map((entry) => [entry.oldStatus, entry.newStatus, entry.actorEmail])).toEqual([
      ['new', 'contacted', admin.email],
      ['contacted', 'viewing-arranged', admin.email],
      ['viewing-arranged', 'offer', admin.email],
      ['offer', 'sold', admin.email],
    ]);
  });

  it.each([
    [
      'a sale straight from New',
      'new',
      { stage: 'sold' },
      'An enquiry at new cannot move to sold; it can move to contacted or viewing arranged or lost.',
    ],
    ['anything after Sold', 'sold', { stage: 'lost' }, 'This enquiry is sold; it cannot move on.'],
  ])('refuses %s with 409, naming the moves allowed', async (_, from, body, message) => {
    const { id } = await insertEnquiry(uniqueWord());
    if (from === 'sold') {
      for (const stage of ['contacted', 'offer', 'sold'])
        expect((await patch(id, { stage })).status).toBe(200);
    }
    const response = await patch(id, body);
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toBe(message);
  });

  it.each([
    ['a viewing without its time', { stage: 'viewing-arranged' }, 'viewingAt'],
    ['a time without its offset', { stage: 'viewing-arranged', viewingAt: '2030-01-10T19:30' }, 'viewingAt'],
    ['a stage that does not exist', { stage: 'haggling' }, 'stage'],
    ['going back to New', { stage: 'new' }, 'stage'],
  ])('refuses %s with 400 and a message for the field', async (_, body, field) => {
    const { id } = await insertEnquiry(uniqueWord());
    const response = await patch(id, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as ErrorBody).error.fields?.[field]).toEqual(expect.any(String));
    const [row] = await ownerQuery<{ stage: string }>('select stage from buyer_enquiries where id = $1', [
      id,
    ]);
    expect(row?.stage).toBe('new');
  });

  it('go to the trash and back, and are exported as CSV with the times in India time', async () => {
    const word = uniqueWord();
    const { id, reference } = await insertEnquiry(word);
    const deleted = await invoke(
      itemFunction,
      adminRequest('DELETE', `/api/admin/buyer-enquiries/${id}`, { cookie: admin.cookie }),
    );
    expect(deleted.status).toBe(200);
    expect(await list({ q: word })).toEqual([]);
    expect((await list({ q: word, view: 'trash' })).map((item) => item.id)).toEqual([id]);
    const restored = await invoke(
      restoreFunction,
      adminRequest('POST', `/api/admin/buyer-enquiries/${id}/restore`, { cookie: admin.cookie }),
    );
    expect(restored.status).toBe(200);

    const csv = await get(csvFunction, `/api/admin/buyer-enquiries.csv?q=${word}`);
    expect(csv.status).toBe(200);
    const [header, row] = readCsv(await csv.text());
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Reference')).toBe(reference);
    expect(cell('Stage')).toBe('New');
    expect(cell('Preferred times (IST)')).toBe('2030-01-10 19:30 IST; 2030-01-11 11:00 IST');
    expect(cell('Paying from abroad')).toBe('Yes');
  });

  it('refuse a non-admin', async () => {
    const { id } = await insertEnquiry(uniqueWord());
    const response = await invoke(
      itemFunction,
      adminRequest('PATCH', `/api/admin/buyer-enquiries/${id}`, { body: { stage: 'contacted' } }),
    );
    expect(response.status).toBe(401);
  });
});

describe('the sales stages', () => {
  /** A way to each stage along allowed moves, so the test sets no stage the trigger would refuse. */
  const roadTo: Record<SalesStage, SalesStage[]> = {
    new: [],
    contacted: ['contacted'],
    'viewing-arranged': ['viewing-arranged'],
    offer: ['contacted', 'offer'],
    sold: ['contacted', 'offer', 'sold'],
    lost: ['lost'],
  };

  it('are the moves the database allows, no more and no fewer', async () => {
    for (const from of salesStages) {
      for (const to of salesStages) {
        if (from === to) continue;
        const { id } = await insertEnquiry(uniqueWord());
        for (const stage of roadTo[from]) {
          await ownerQuery('update buyer_enquiries set stage = $2, viewing_at = now() where id = $1', [
            id,
            stage,
          ]);
        }
        const allowed = await ownerQuery(
          'update buyer_enquiries set stage = $2, viewing_at = now() where id = $1',
          [id, to],
        ).then(
          () => true,
          () => false,
        );
        expect(allowed, `${from} → ${to}`).toBe(salesStageMoves[from].includes(to));
      }
    }
  });
});
