import { describe, expect, it } from 'vitest';
import { listQuerySchema } from '../../features/admin/list-query-contract.ts';
import { findCollection } from './collections.ts';
import { decodeCursor, encodeCursor, readListQuery } from './list-query.ts';

const bookings = findCollection('booking-requests');
const messages = findCollection('contact-messages');
if (!bookings || !messages) throw new Error('collections missing');

const parse = (input: Record<string, string>) => listQuerySchema.safeParse(input);

describe('cursors', () => {
  const id = '0b6a7e52-96a0-4d7e-9a8b-31c1f0d2c9a1';

  it.each([
    ['newest', '2026-11-22T08:13:56.357350Z'],
    ['oldest', '2026-11-22T08:13:56.000001Z'],
    ['arrival', '2027-03-14'],
  ] as const)('reads back a %s cursor', (sort, key) => {
    expect(decodeCursor(encodeCursor(sort, { key, id }), sort)).toEqual({ key, id });
  });

  it('is plain base64url, safe in a URL as it is', () => {
    expect(encodeCursor('newest', { key: '2026-11-22T08:13:56.357350Z', id })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['made for another sort', encodeCursor('oldest', { key: '2026-11-22T08:13:56.357350Z', id })],
    ['with milliseconds only', encodeCursor('newest', { key: '2026-11-22T08:13:56.357Z', id })],
    ['with a date that does not exist', encodeCursor('newest', { key: '2026-02-30T08:13:56.357350Z', id })],
    ['with an hour that does not exist', encodeCursor('newest', { key: '2026-02-10T25:13:56.357350Z', id })],
    [
      'with an id that is not a uuid',
      encodeCursor('newest', { key: '2026-11-22T08:13:56.357350Z', id: "1' or 1=1" }),
    ],
    ['that is not JSON', Buffer.from('{').toString('base64url')],
    ['that is JSON of another shape', Buffer.from('{"a":1}').toString('base64url')],
    ['that is not base64url', '***'],
  ])('refuses a cursor %s', (_case, cursor) => {
    expect(decodeCursor(cursor, 'newest')).toBeUndefined();
  });
});

describe('listQuerySchema', () => {
  it('treats empty parameters as absent, as a form with an "any" choice sends them', () => {
    expect(parse({ q: '', status: '', sort: '', limit: '' })).toMatchObject({ success: true, data: {} });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ q: 'a b c d e f g h i' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ q: 'nul\u0000' }, 'q'],
    [{ q: 'zq' }, 'q'],
    [{ q: 'a b jo' }, 'q'],
    [{ from: '2027-02-29' }, 'from'],
    [{ from: '2027-03-02', to: '2027-03-01' }, 'to'],
    [{ property: 'Kovalam Villa' }, 'property'],
    [{ status: 'approved' }, 'status'],
  ])('refuses %j', (input, field) => {
    const parsed = parse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('readListQuery', () => {
  const read = (collection: typeof bookings, input: Record<string, string>) => {
    const parsed = listQuerySchema.parse(input);
    return readListQuery(collection, parsed);
  };

  it('fills in the defaults: newest first, the inbox, 25 rows', () => {
    expect(read(messages, {})).toEqual({
      query: { searchWords: [], sort: 'newest', view: 'inbox', limit: 25 },
    });
  });

  it('takes short words beside one of 3 or more letters', () => {
    expect(read(messages, { q: 'Meera K' })).toMatchObject({ query: { searchWords: ['Meera', 'K'] } });
  });

  it('splits the search into distinct words', () => {
    expect(read(messages, { q: '  Asha   kochi Asha ' })).toMatchObject({
      query: { searchWords: ['Asha', 'kochi'] },
    });
  });

  it.each([
    [{ status: 'new' }, 'status'],
    [{ property: 'kovalam-cliff-villa' }, 'property'],
    [{ position: 'architect' }, 'position'],
    [{ sort: 'arrival' }, 'sort'],
  ])('refuses %j for contact messages, which have no such field', (input, field) => {
    expect(read(messages, input)).toEqual({ errors: { [field]: expect.any(String) } });
  });

  it('accepts the status, property and arrival sort of booking requests', () => {
    expect(
      read(bookings, { status: 'confirmed', property: 'kovalam-cliff-villa', sort: 'arrival' }),
    ).toMatchObject({
      query: { status: 'confirmed', property: 'kovalam-cliff-villa', sort: 'arrival' },
    });
  });
});
