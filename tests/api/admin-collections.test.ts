import { beforeAll, describe, expect, it } from 'vitest';
import * as listFunction from '../../netlify/functions/admin-collection.mts';
import * as csvFunction from '../../netlify/functions/admin-collection-csv.mts';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import * as readFunction from '../../netlify/functions/admin-collection-item-read.mts';
import * as restoreFunction from '../../netlify/functions/admin-collection-item-restore.mts';
import * as summaryFunction from '../../netlify/functions/admin-summary.mts';
import { bookingReferencePattern } from '../../src/features/booking/booking-contract.ts';
import { findProperty } from '../../src/server/catalogue/catalogue.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { readCsv } from '../support/csv.ts';
import { insertBookingRequest as insertBooking, ownerQuery } from '../support/sql.ts';

/**
 * The dashboard's API as an admin uses it. The database is shared with other test files, so every test
 * marks its rows with a word of its own and finds them by searching for it.
 */

type Item = Record<string, unknown> & { id: string };
type Page = { items: Item[]; nextCursor: string | null };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let admin: Admin;

beforeAll(async () => {
  admin = await signedInAdmin();
});

const uniqueWord = () => `zq${crypto.randomUUID().slice(0, 8)}`;

const get = (fn: Parameters<typeof invoke>[0], pathname: string) =>
  invoke(fn, adminRequest('GET', pathname, { cookie: admin.cookie }));

async function list(collection: string, params: Record<string, string | number>): Promise<Page> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await get(listFunction, `/api/admin/${collection}?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

async function listAll(collection: string, params: Record<string, string | number>): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await list(collection, { ...params, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function insertMessage(
  table: 'contact_messages' | 'partner_enquiries',
  fields: { name?: string; email?: string; phone?: string; message: string; createdAt?: string },
): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into ${table} (name, email, phone, message, created_at)
     values ($1, $2, $3, $4, coalesce($5::timestamptz, now())) returning id`,
    [
      fields.name ?? 'Anjali Nair',
      fields.email ?? 'anjali@example.com',
      fields.phone ?? '+91 94470 23456',
      fields.message,
      fields.createdAt ?? null,
    ],
  );
  return row?.id as string;
}

async function insertApplication(fields: {
  name: string;
  position: string;
  coverNote?: string;
}): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into career_applications (name, email, phone, qualification, position, cover_note)
     values ($1, 'applicant@example.com', '+91 94470 11111', 'B.Arch, 2019', $2, $3) returning id`,
    [fields.name, fields.position, fields.coverNote ?? null],
  );
  return row?.id as string;
}

/** A made-up property per test, so no other test's confirmed stay overlaps this one's. */
const uniqueProperty = () => `test-villa-${crypto.randomUUID().slice(0, 8)}`;

describe('searching a collection', () => {
  it('finds the rows that contain every word, in any field and letter case', async () => {
    const word = uniqueWord();
    const both = await insertMessage('contact_messages', {
      name: 'Asha Kurian',
      message: `Quiet villa near Kochi ${word}`,
    });
    const inEmail = await insertMessage('contact_messages', {
      email: `${word}@example.com`,
      message: 'Is the pool heated? KOCHI',
    });
    await insertMessage('contact_messages', { message: `Only the word ${word}, no city` });
    await insertMessage('contact_messages', { message: 'Kochi, but not the word' });

    const found = await list('contact-messages', { q: `${word.toUpperCase()} kochi` });
    expect(found.items.map((item) => item.id).sort()).toEqual([both, inEmail].sort());
  });

  it('matches % and _ literally', async () => {
    const word = uniqueWord();
    const percent = await insertMessage('partner_enquiries', {
      message: `${word} owner keeps 100% of bookings`,
    });
    await insertMessage('partner_enquiries', { message: `${word} owner keeps 1000 rupees` });
    const found = await list('partner-enquiries', { q: `${word} 100%` });
    expect(found.items.map((item) => item.id)).toEqual([percent]);
    expect((await list('partner-enquiries', { q: `${word} 1_0` })).items).toEqual([]);
  });

  it('searches the cover note, qualification and position of an application', async () => {
    const word = uniqueWord();
    const id = await insertApplication({
      name: 'Rahul Varma',
      position: 'architect',
      coverNote: `Laurie Baker fan ${word}`,
    });
    const found = await list('career-applications', { q: `${word} baker architect` });
    expect(found.items.map((item) => item.id)).toEqual([id]);
  });
});

describe('filtering and sorting', () => {
  it('filters booking requests by status and property', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    const confirmed = await insertBooking({
      name: `Devi ${word}`,
      property,
      arrival: '2091-01-05',
      status: 'confirmed',
    });
    const fresh = await insertBooking({ name: `Devi ${word}`, property, arrival: '2091-02-05' });
    await insertBooking({ name: `Devi ${word}`, property: uniqueProperty(), arrival: '2091-03-05' });

    expect(
      (await list('booking-requests', { q: word, status: 'confirmed' })).items.map((item) => item.id),
    ).toEqual([confirmed]);
    const ofProperty = await list('booking-requests', { q: word, property });
    expect(ofProperty.items.map((item) => item.id).sort()).toEqual([confirmed, fresh].sort());
    expect(ofProperty.items.find((item) => item.id === fresh)).toMatchObject({ status: 'new', isNew: true });
  });

  it('filters applications by position', async () => {
    const word = uniqueWord();
    const architect = await insertApplication({ name: `Meera ${word}`, position: 'architect' });
    await insertApplication({ name: `Meera ${word}`, position: 'marketing' });
    const found = await list('career-applications', { q: word, position: 'architect' });
    expect(found.items.map((item) => item.id)).toEqual([architect]);
  });

  it('filters by the day received in Kerala, both days included', async () => {
    const word = uniqueWord();
    // 19:00 UTC on 1 May is 00:30 on 2 May in Kerala.
    const lateEvening = await insertMessage('contact_messages', {
      message: word,
      createdAt: '2031-05-01T19:00:00Z',
    });
    const sameDay = await insertMessage('contact_messages', {
      message: word,
      createdAt: '2031-05-01T12:00:00Z',
    });
    const ids = async (params: Record<string, string>) =>
      (await list('contact-messages', { q: word, ...params })).items.map((item) => item.id);
    expect(await ids({ from: '2031-05-02' })).toEqual([lateEvening]);
    expect(await ids({ to: '2031-05-01' })).toEqual([sameDay]);
    expect(await ids({ from: '2031-05-01', to: '2031-05-02' })).toEqual([lateEvening, sameDay]);
  });

  it('sorts newest first by default, oldest first, and booking requests by arrival', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    const first = await insertBooking({
      name: word,
      property,
      arrival: '2092-06-01',
      createdAt: '2030-01-01T10:00:00Z',
    });
    const second = await insertBooking({
      name: word,
      property,
      arrival: '2092-03-01',
      createdAt: '2030-01-02T10:00:00Z',
    });
    const third = await insertBooking({
      name: word,
      property,
      arrival: '2092-09-01',
      createdAt: '2030-01-03T10:00:00Z',
    });
    const order = async (sort?: string) =>
      (await list('booking-requests', { q: word, ...(sort ? { sort } : {}) })).items.map((item) => item.id);
    expect(await order()).toEqual([third, second, first]);
    expect(await order('oldest')).toEqual([first, second, third]);
    expect(await order('arrival')).toEqual([second, first, third]);
  });
});

describe('paging by cursor', () => {
  it('walks every row once, in order, even rows received in the same millisecond', async () => {
    const word = uniqueWord();
    const ids: string[] = [];
    // Microseconds apart: a cursor that kept only milliseconds would skip or repeat some of these.
    for (let i = 0; i < 7; i++) {
      ids.push(
        await insertMessage('contact_messages', {
          message: `${word} number ${i}`,
          createdAt: `2032-02-02T10:00:00.12345${i}Z`,
        }),
      );
    }
    for (const [sort, expected] of [
      ['newest', [...ids].reverse()],
      ['oldest', ids],
    ] as const) {
      const pages: Page[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await list('contact-messages', {
          q: word,
          sort,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected);
    }
  });

  it('pages booking requests by arrival, ties broken by id', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    const ids: string[] = [];
    for (const arrival of ['2093-01-01', '2093-01-01', '2093-01-01', '2093-02-01']) {
      ids.push(await insertBooking({ name: word, property, arrival }));
    }
    const walked = await listAll('booking-requests', { q: word, sort: 'arrival', limit: 1 });
    expect(walked.map((item) => item.id)).toEqual([...ids.slice(0, 3).sort(), ids[3]]);
  });

  it('answers 25 rows by default and at most 100', async () => {
    const word = uniqueWord();
    await ownerQuery(
      `insert into contact_messages (name, email, phone, message)
       select 'Bulk ' || n, 'bulk@example.com', '+91 94470 00000', $1 from generate_series(1, 110) as n`,
      [word],
    );
    const first = await list('contact-messages', { q: word });
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await list('contact-messages', { q: word, limit: 100 })).items).toHaveLength(100);
    expect(await listAll('contact-messages', { q: word, limit: 100 })).toHaveLength(110);
  });

  it.each([
    ['a cursor that is not base64 JSON', { cursor: 'not a cursor' }, 'cursor'],
    [
      'a cursor with a made-up key',
      { cursor: Buffer.from('["newest","yesterday","x"]').toString('base64url') },
      'cursor',
    ],
    ['a limit of 0', { limit: '0' }, 'limit'],
    ['a limit over 100', { limit: '101' }, 'limit'],
    ['a limit that is not a number', { limit: 'many' }, 'limit'],
    ['an unknown sort', { sort: 'random' }, 'sort'],
    ['a status the collection does not have', { status: 'new' }, 'status'],
    ['sorting messages by arrival', { sort: 'arrival' }, 'sort'],
    ['a date that does not exist', { from: '2031-02-30' }, 'from'],
    ['a to date before the from date', { from: '2031-05-02', to: '2031-05-01' }, 'to'],
    ['an unknown view', { view: 'archive' }, 'view'],
    ['a search with no word of 3 letters', { q: 'zq a' }, 'q'],
  ])('refuses %s with 422 naming the field', async (_case, params, field) => {
    const response = await get(listFunction, `/api/admin/contact-messages?${new URLSearchParams(params)}`);
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.[field]).toEqual(expect.any(String));
  });

  it('refuses a cursor made for another sort', async () => {
    const word = uniqueWord();
    for (let i = 0; i < 3; i++) await insertMessage('contact_messages', { message: word });
    const { nextCursor } = await list('contact-messages', { q: word, limit: 1 });
    const response = await get(listFunction, `/api/admin/contact-messages?sort=oldest&cursor=${nextCursor}`);
    expect(response.status).toBe(422);
  });

  it('answers 404 for a collection that does not exist', async () => {
    const response = await get(listFunction, '/api/admin/users');
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe('not_found');
  });
});

describe('a row in detail', () => {
  it('shows the whole row without marking it read: a GET, which a link on another site can send, changes nothing', async () => {
    const word = uniqueWord();
    const id = await insertMessage('contact_messages', { message: `${word} ${'long message '.repeat(40)}` });

    const response = await get(itemFunction, `/api/admin/contact-messages/${id}`);
    expect(response.status).toBe(200);
    const { item } = (await response.json()) as { item: Item };
    expect(item).toMatchObject({
      id,
      isNew: true,
      readAt: null,
      message: expect.stringContaining('long message long message'),
    });
    expect((await list('contact-messages', { q: word })).items[0]).toMatchObject({
      id,
      isNew: true,
      readAt: null,
    });
  });

  it('marks a form row read when the dashboard POSTs that it opened it, so it is no longer new', async () => {
    const word = uniqueWord();
    const id = await insertMessage('contact_messages', { message: word });
    const markRead = () =>
      invoke(
        readFunction,
        adminRequest('POST', `/api/admin/contact-messages/${id}/read`, { cookie: admin.cookie }),
      );

    const response = await markRead();
    expect(response.status).toBe(200);
    const { item } = (await response.json()) as { item: Item };
    expect(item).toMatchObject({ id, isNew: false });
    expect(Date.parse(String(item.readAt))).toBeGreaterThan(Date.now() - 60_000);

    const [listed] = (await list('contact-messages', { q: word })).items;
    expect(listed).toMatchObject({ id, isNew: false, readAt: item.readAt });
    const detail = (await (await get(itemFunction, `/api/admin/contact-messages/${id}`)).json()) as {
      item: Item;
    };
    expect(detail.item.readAt).toBe(item.readAt);
    // The first time it was opened stays the time it was read.
    const again = (await (await markRead()).json()) as { item: Item };
    expect(again.item.readAt).toBe(item.readAt);
  });

  it('refuses to mark read a row that does not exist, or one sent from another site', async () => {
    const missing = await invoke(
      readFunction,
      adminRequest('POST', `/api/admin/contact-messages/${crypto.randomUUID()}/read`, {
        cookie: admin.cookie,
      }),
    );
    expect(missing.status).toBe(404);
    const id = await insertMessage('contact_messages', { message: uniqueWord() });
    const request = new Request(`http://localhost:8888/api/admin/contact-messages/${id}/read`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect((await invoke(readFunction, request)).status).toBe(403);
    const [row] = await ownerQuery<{ read_at: string | null }>(
      'select read_at from contact_messages where id = $1',
      [id],
    );
    expect(row?.read_at).toBeNull();
  });

  it('counts unread messages and new booking requests in the summary', async () => {
    const word = uniqueWord();
    await insertMessage('contact_messages', { message: word });
    await insertBooking({ name: word, property: uniqueProperty(), arrival: '2094-01-01' });
    const response = await get(summaryFunction, '/api/admin/summary');
    expect(response.status).toBe(200);
    const { collections } = (await response.json()) as {
      collections: { name: string; label: string; new: number; trash: number; latestAt: string | null }[];
    };
    expect(collections.map((collection) => collection.name)).toEqual([
      'booking-requests',
      'career-applications',
      'contact-messages',
      'partner-enquiries',
      'buyer-enquiries',
    ]);
    for (const name of ['booking-requests', 'contact-messages']) {
      const counts = collections.find((collection) => collection.name === name);
      expect(counts?.new).toBeGreaterThanOrEqual(1);
      expect(Date.parse(String(counts?.latestAt))).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it.each([
    ['an id that is not a uuid', '/api/admin/contact-messages/42'],
    ['an id nobody has', `/api/admin/contact-messages/${crypto.randomUUID()}`],
    ['an unknown collection', `/api/admin/guests/${crypto.randomUUID()}`],
  ])('answers 404 for %s', async (_case, pathname) => {
    const response = await get(itemFunction, pathname);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.code).toBe('not_found');
  });

  it('returns markup typed into a form as plain data, never as HTML', async () => {
    const word = uniqueWord();
    const name = '<img src=x onerror=alert(1)>';
    const id = await insertApplication({
      name,
      position: 'architect',
      coverNote: `<script>alert("${word}")</script>`,
    });
    const response = await get(itemFunction, `/api/admin/career-applications/${id}`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const { item } = (await response.json()) as { item: Item };
    expect(item).toMatchObject({ name, coverNote: `<script>alert("${word}")</script>` });
    expect((await list('career-applications', { q: word })).items[0]?.name).toBe(name);
  });
});

describe('exporting CSV', () => {
  async function exportCsv(collection: string, params: Record<string, string>) {
    const response = await get(csvFunction, `/api/admin/${collection}.csv?${new URLSearchParams(params)}`);
    expect(response.status).toBe(200);
    return {
      response,
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()),
    };
  }

  it('exports what the list shows as UTF-8 CSV with a byte order mark, as a download', async () => {
    const word = uniqueWord();
    await insertMessage('contact_messages', {
      name: 'Thomas Kurian',
      message: `${word} first`,
      createdAt: '2033-03-03T04:00:00Z',
    });
    await insertMessage('contact_messages', {
      name: 'Mariam Joseph',
      message: `${word} second`,
      createdAt: '2033-03-04T04:00:00Z',
    });
    await insertMessage('contact_messages', { name: 'Not listed', message: 'no word here' });

    const { response, text } = await exportCsv('contact-messages', { q: word });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(readCsv(text)).toEqual([
      ['Received (IST)', 'Name', 'Email', 'Phone', 'Message', 'Read (IST)', 'Deleted (IST)'],
      [
        '2033-03-04 09:30',
        'Mariam Joseph',
        'anjali@example.com',
        '+91 94470 23456',
        `${word} second`,
        '',
        '',
      ],
      ['2033-03-03 09:30', 'Thomas Kurian', 'anjali@example.com', '+91 94470 23456', `${word} first`, '', ''],
    ]);
    // Every field is quoted, so a locale whose separator is `;` cannot split one.
    expect(text.split('\r\n')[1]?.startsWith('"2033-03-04 09:30","Mariam Joseph",')).toBe(true);
  });

  it('quotes every field, and neutralises every cell a spreadsheet in any locale would run as a formula', async () => {
    const word = uniqueWord();
    await insertMessage('partner_enquiries', {
      name: '=HYPERLINK("http://evil.example","Click")',
      email: '@SUM(1+1)@example.com',
      phone: '-2+3+94470',
      message: `${word}, a "lakeside" villa\nin Kumarakom; x;=cmd|' /C calc'!A0`,
    });
    const { text } = await exportCsv('partner-enquiries', { q: word });
    const [, row] = text.slice(1).split(/\r\n(?="\d{4}-)/);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(row).toContain(`"'@SUM(1+1)@example.com"`);
    expect(row).toContain(`"'-2+3+94470"`);
    expect(row).toContain(`"${word}, a ""lakeside"" villa\nin Kumarakom; x;'=cmd|' /C calc'!A0"`);
  });

  it('exports every page, not just the first, and the booking quote in pounds', async () => {
    const word = uniqueWord();
    const property = uniqueProperty();
    for (let i = 0; i < 30; i++)
      await insertBooking({ name: `${word} ${i}`, property, arrival: '2095-01-01' });
    const { text } = await exportCsv('booking-requests', { q: word, property, limit: '5' });
    const rows = readCsv(text);
    expect(rows).toHaveLength(31);
    expect(rows[0]?.slice(0, 4)).toEqual(['Reference', 'Received (IST)', 'Status', 'Property']);
    expect(rows[1]?.[0]).toMatch(bookingReferencePattern);
    expect(rows[1]?.join(',')).toContain(',700.00,175.00,525.00,2094-11-17,');
  });

  it('names each property and status as the dashboard does, beside the booking reference', async () => {
    const word = uniqueWord();
    // A real property for its name, in a year no other test books.
    await insertBooking({ name: word, property: 'kovalam-cliff-villa', arrival: '2089-02-01' });
    await insertBooking({ name: word, property: 'gone-villa-zq', arrival: '2089-03-01' });
    const { text } = await exportCsv('booking-requests', { q: word, sort: 'arrival' });
    const rows = readCsv(text).slice(1);
    expect(rows.map((cells) => cells[3])).toEqual(['Kovalam Cliff Villa', 'gone-villa-zq']);
    expect(rows.map((cells) => cells[2])).toEqual(['New', 'New']);
    for (const cells of rows) expect(cells[0]).toMatch(bookingReferencePattern);
  });

  it('streams an export larger than one batch without losing or repeating a row', async () => {
    const word = uniqueWord();
    await ownerQuery(
      `insert into contact_messages (name, email, phone, message, created_at)
       select 'Bulk ' || n, 'bulk@example.com', '+91 94470 00000', $1, now() - n * interval '1 microsecond'
       from generate_series(1, 2345) as n`,
      [word],
    );
    const { text } = await exportCsv('contact-messages', { q: word });
    const names = readCsv(text)
      .slice(1)
      .map((cells) => cells[1]);
    expect(names).toHaveLength(2345);
    expect(new Set(names).size).toBe(2345);
    expect(names.slice(0, 2)).toEqual(['Bulk 1', 'Bulk 2']);
  });

  it('answers 422 for bad filters before it starts the download', async () => {
    const response = await get(csvFunction, '/api/admin/contact-messages.csv?status=confirmed');
    expect(response.status).toBe(422);
  });
});

describe('trash and restore', () => {
  it('moves a row to the trash and back, and records who did it and when', async () => {
    const word = uniqueWord();
    const id = await insertMessage('contact_messages', { message: word });

    const deleted = await invoke(
      itemFunction,
      adminRequest('DELETE', `/api/admin/contact-messages/${id}`, { cookie: admin.cookie }),
    );
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { item: Item }).item.deletedAt).toEqual(expect.any(String));
    expect((await list('contact-messages', { q: word })).items).toEqual([]);
    expect((await list('contact-messages', { q: word, view: 'trash' })).items.map((item) => item.id)).toEqual(
      [id],
    );

    const restored = await invoke(
      restoreFunction,
      adminRequest('POST', `/api/admin/contact-messages/${id}/restore`, { cookie: admin.cookie }),
    );
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { item: Item }).item.deletedAt).toBeNull();
    expect((await list('contact-messages', { q: word })).items.map((item) => item.id)).toEqual([id]);
    expect((await list('contact-messages', { q: word, view: 'trash' })).items).toEqual([]);

    const { history } = (await (await get(itemFunction, `/api/admin/contact-messages/${id}`)).json()) as {
      history: Record<string, unknown>[];
    };
    const by = { actorId: admin.id, actorEmail: admin.email, actorRole: 'authenticated' };
    expect(history).toEqual([
      { action: 'deleted', oldStatus: null, newStatus: null, ...by, at: expect.any(String) },
      { action: 'restored', oldStatus: null, newStatus: null, ...by, at: expect.any(String) },
    ]);
    for (const entry of history) expect(Date.parse(String(entry.at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a cross-site delete', async () => {
    const id = await insertMessage('contact_messages', { message: uniqueWord() });
    const request = new Request(`http://localhost:8888/api/admin/contact-messages/${id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect((await invoke(itemFunction, request)).status).toBe(403);
    const [row] = await ownerQuery<{ deleted_at: Date | null }>(
      'select deleted_at from contact_messages where id = $1',
      [id],
    );
    expect(row?.deleted_at).toBeNull();
  });
});

describe('booking request status', () => {
  const patch = (id: string, body: unknown) =>
    invoke(
      itemFunction,
      adminRequest('PATCH', `/api/admin/booking-requests/${id}`, { cookie: admin.cookie, body }),
    );

  it('confirms a new request and records the change with its actor', async () => {
    const id = await insertBooking({ name: uniqueWord(), property: uniqueProperty(), arrival: '2096-01-01' });
    const response = await patch(id, { status: 'confirmed' });
    expect(response.status).toBe(200);
    const { item } = (await response.json()) as { item: Item };
    expect(item).toMatchObject({
      id,
      status: 'confirmed',
      isNew: false,
      statusChangedAt: expect.any(String),
    });
    const { history } = (await (await get(itemFunction, `/api/admin/booking-requests/${id}`)).json()) as {
      history: Record<string, unknown>[];
    };
    expect(history).toEqual([
      expect.objectContaining({
        action: 'status_changed',
        oldStatus: 'new',
        newStatus: 'confirmed',
        actorEmail: admin.email,
      }),
    ]);
  });

  it('refuses to confirm a stay that overlaps a confirmed one, naming it', async () => {
    // A real property for its name, in a year no other test books.
    const property = 'kovalam-cliff-villa';
    const name = (await findProperty(property))?.name;
    const year = 2100 + Math.floor(Math.random() * 800);
    await insertBooking({ name: uniqueWord(), property, arrival: `${year}-03-01`, status: 'confirmed' });
    const overlapping = await insertBooking({ name: uniqueWord(), property, arrival: `${year}-03-05` });
    const response = await patch(overlapping, { status: 'confirmed' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: `This stay overlaps a confirmed booking of ${name} (1 March ${year} to 8 March ${year}).`,
      },
    });
    const [row] = await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [
      overlapping,
    ]);
    expect(row?.status).toBe('new');
  });

  it.each([
    ['new', 'cancelled', 'A new booking request cannot be cancelled; it can only be confirmed or declined.'],
    ['declined', 'confirmed', 'This booking request is declined; a declined request cannot change status.'],
    ['confirmed', 'declined', 'A confirmed booking request cannot be declined; it can only be cancelled.'],
    [
      'cancelled',
      'confirmed',
      'This booking request is cancelled; a cancelled request cannot change status.',
    ],
  ])('refuses moving a %s request to %s with 409', async (from, to, message) => {
    const id = await insertBooking({
      name: uniqueWord(),
      property: uniqueProperty(),
      arrival: '2097-01-01',
      status: from,
    });
    const response = await patch(id, { status: to });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toBe(message);
  });

  it('treats asking for the status a request already has as done', async () => {
    const id = await insertBooking({
      name: uniqueWord(),
      property: uniqueProperty(),
      arrival: '2097-02-01',
      status: 'confirmed',
    });
    expect((await patch(id, { status: 'confirmed' })).status).toBe(200);
  });

  it.each([
    ['an unknown status', { status: 'approved' }],
    ['no status', {}],
    ['status new', { status: 'new' }],
  ])('refuses %s with 422', async (_case, body) => {
    const id = await insertBooking({ name: uniqueWord(), property: uniqueProperty(), arrival: '2097-03-01' });
    const response = await patch(id, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.status).toEqual(expect.any(String));
  });

  it('refuses to change a request in the trash', async () => {
    const id = await insertBooking({ name: uniqueWord(), property: uniqueProperty(), arrival: '2097-04-01' });
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [id]);
    const response = await patch(id, { status: 'confirmed' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/restore it/);
  });

  it('answers 405 for a status change on a collection without one', async () => {
    const id = await insertMessage('contact_messages', { message: uniqueWord() });
    const response = await invoke(
      itemFunction,
      adminRequest('PATCH', `/api/admin/contact-messages/${id}`, {
        cookie: admin.cookie,
        body: { status: 'confirmed' },
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, DELETE');
  });

  it('refuses to restore a confirmed booking whose dates another confirmed stay now holds', async () => {
    const property = uniqueProperty();
    const trashed = await insertBooking({
      name: uniqueWord(),
      property,
      arrival: '2098-05-01',
      status: 'confirmed',
    });
    await ownerQuery('update booking_requests set deleted_at = now() where id = $1', [trashed]);
    await insertBooking({ name: uniqueWord(), property, arrival: '2098-05-03', status: 'confirmed' });

    const response = await invoke(
      restoreFunction,
      adminRequest('POST', `/api/admin/booking-requests/${trashed}/restore`, { cookie: admin.cookie }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      `This stay overlaps a confirmed booking of ${property} (3 May 2098 to 10 May 2098); cancel that booking first to restore this one.`,
    );
    const [row] = await ownerQuery<{ deleted_at: Date | null }>(
      'select deleted_at from booking_requests where id = $1',
      [trashed],
    );
    expect(row?.deleted_at).not.toBeNull();
  });
});
