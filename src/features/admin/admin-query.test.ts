import { describe, expect, it } from 'vitest';
import { adminItemReadRoute, adminItemRestoreRoute } from '../../lib/api-contract.ts';
import {
  buildListQuery,
  type CollectionCount,
  csvUrl,
  describeArrivals,
  describeNewCount,
  emptyFilters,
  hasViewChanged,
  listUrl,
  rememberLatest,
} from './admin-query.ts';

describe('buildListQuery', () => {
  it.each([
    ['nothing set', emptyFilters, 'inbox', {}, ''],
    ['a search, trimmed', { ...emptyFilters, q: '  meera pillai ' }, 'inbox', {}, '?q=meera+pillai'],
    ['the trash', emptyFilters, 'trash', {}, '?view=trash'],
    ['a non-default sort', { ...emptyFilters, sort: 'arrival' }, 'inbox', {}, '?sort=arrival'],
    [
      'filters and a date range',
      {
        ...emptyFilters,
        status: 'new',
        property: 'kovalam-cliff-villa',
        from: '2027-01-01',
        to: '2027-01-31',
      },
      'inbox',
      {},
      '?status=new&property=kovalam-cliff-villa&from=2027-01-01&to=2027-01-31',
    ],
    ['an arrival preset', { ...emptyFilters, arriving: 'week' }, 'inbox', {}, '?arriving=week'],
    ['a messages filter', { ...emptyFilters, messages: 'needs-reply' }, 'inbox', {}, '?messages=needs-reply'],
    ['a next page', emptyFilters, 'inbox', { cursor: 'abc_-', limit: 50 }, '?cursor=abc_-&limit=50'],
    ['text that needs escaping', { ...emptyFilters, q: 'a&b=c #1' }, 'inbox', {}, '?q=a%26b%3Dc+%231'],
  ] as const)('%s', (_case, filters, view, page, expected) => {
    expect(buildListQuery(filters, view, page)).toBe(expected);
  });
});

describe('the API addresses', () => {
  it('lists, exports and restores under /api/admin', () => {
    const filters = { ...emptyFilters, q: 'kochi' };
    expect(listUrl('contact-messages', filters, 'inbox')).toBe('/api/admin/contact-messages?q=kochi');
    expect(csvUrl('booking-requests', filters, 'trash')).toBe(
      '/api/admin/booking-requests.csv?q=kochi&view=trash',
    );
    expect(adminItemRestoreRoute('partner-enquiries', 'a/b')).toBe(
      '/api/admin/partner-enquiries/a%2Fb/restore',
    );
    expect(adminItemReadRoute('contact-messages', 'a/b')).toBe('/api/admin/contact-messages/a%2Fb/read');
  });

  it('never puts a page cursor in a CSV link: the export holds every page', () => {
    expect(csvUrl('career-applications', emptyFilters, 'inbox')).toBe('/api/admin/career-applications.csv');
  });
});

describe('describeNewCount', () => {
  it.each([
    [0, 'Booking requests'],
    [1, 'Booking requests, 1 new'],
    [12, 'Booking requests, 12 new'],
  ])('%i new', (count, expected) => {
    expect(describeNewCount('Booking requests', count)).toBe(expected);
  });
});

const count = (name: string, label: string, fresh: number, latestAt: string | null): CollectionCount => ({
  name,
  label,
  new: fresh,
  latestAt,
});

describe('describeArrivals', () => {
  const before = [
    count('booking-requests', 'Booking requests', 2, '2027-01-01T10:00:00.000Z'),
    count('contact-messages', 'Contact messages', 0, null),
  ];

  it('says nothing on the first poll', () => {
    expect(describeArrivals(undefined, before)).toBeNull();
  });

  it('says nothing when nothing arrived, even if counts fell', () => {
    expect(
      describeArrivals(before, [{ ...(before[0] as CollectionCount), new: 1 }, before[1] as CollectionCount]),
    ).toBeNull();
  });

  it('names what arrived, in the singular or plural', () => {
    expect(
      describeArrivals(before, [
        count('booking-requests', 'Booking requests', 3, '2027-01-02T10:00:00.000Z'),
        count('contact-messages', 'Contact messages', 2, '2027-01-02T10:00:01.000Z'),
      ]),
    ).toBe('1 new booking request and 2 new contact messages arrived.');
  });

  it('names one enquiry in its own singular, not by cutting the plural', () => {
    expect(
      describeArrivals(
        [count('partner-enquiries', 'Partner enquiries', 0, null)],
        [count('partner-enquiries', 'Partner enquiries', 1, '2027-01-02T10:00:00.000Z')],
      ),
    ).toBe('1 new partner enquiry arrived.');
  });

  it('counts at least one arrival when an admin dealt with another item meanwhile', () => {
    expect(
      describeArrivals(before, [
        count('booking-requests', 'Booking requests', 2, '2027-01-03T00:00:00.000Z'),
      ]),
    ).toBe('1 new booking request arrived.');
  });
});

describe('rememberLatest', () => {
  const early = '2027-01-01T10:00:00.000Z';
  const late = '2027-01-02T10:00:00.000Z';

  it('keeps the latest arrival seen, so a restored row is not announced as new', () => {
    const seen = [count('booking-requests', 'Booking requests', 2, late)];
    const afterDelete = [count('booking-requests', 'Booking requests', 1, early)];
    const remembered = rememberLatest(seen, afterDelete);
    expect(remembered).toEqual([count('booking-requests', 'Booking requests', 1, late)]);
    expect(describeArrivals(remembered, seen)).toBeNull();
  });

  it('takes a later arrival, and the first one', () => {
    expect(rememberLatest([count('a', 'A', 0, null)], [count('a', 'A', 1, early)])).toEqual([
      count('a', 'A', 1, early),
    ]);
    expect(rememberLatest([count('a', 'A', 0, early)], [count('a', 'A', 1, late)])).toEqual([
      count('a', 'A', 1, late),
    ]);
  });
});

describe('hasViewChanged', () => {
  const base = { ...count('booking-requests', 'Booking requests', 1, null), trash: 0 };
  it.each([
    ['the same counts', base, false],
    ['a new arrival', { ...base, latestAt: '2027-01-01T00:00:00.000Z' }, true],
    ['a confirmed request', { ...base, new: 0 }, true],
    ['a row moved to the trash', { ...base, trash: 1 }, true],
  ])('%s', (_case, after, expected) => {
    expect(hasViewChanged(base, after)).toBe(expected);
  });

  it('waits for a first summary before comparing', () => {
    expect(hasViewChanged(undefined, base)).toBe(false);
  });
});
