import { describe, expect, it } from 'vitest';
import {
  describeHistoryEntry,
  formatDay,
  formatField,
  formatOfficeTime,
  labelField,
  listDetailFields,
  listStatusChanges,
  tableColumns,
} from './admin-fields.ts';

const lookups = {
  properties: { 'kovalam-cliff-villa': 'Kovalam Cliff Villa' },
  positions: { architect: 'Architect' },
};

describe('formatField', () => {
  it.each([
    ['totalPence', 185_550, '£1,855.50'],
    ['createdAt', '2027-03-14T08:35:00.000Z', '14 Mar 2027, 14:05 IST'],
    ['arrival', '2027-03-14', '14 Mar 2027'],
    ['status', 'confirmed', 'Confirmed'],
    ['position', 'architect', 'Architect'],
    ['position', 'unknown-role', 'unknown-role'],
    ['readAt', null, '—'],
    ['message', '', '—'],
    ['property', 'kovalam-cliff-villa', 'Kovalam Cliff Villa'],
    ['isNew', true, 'Yes'],
    ['guests', 4, '4'],
  ])('%s %j', (key, value, expected) => {
    expect(formatField(key, value, lookups)).toBe(expected);
  });

  it('keeps markup as the text it is', () => {
    expect(formatField('name', '<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('dates', () => {
  it('shows a timestamp on the office clock, across midnight', () => {
    expect(formatOfficeTime('2027-03-14T20:00:00.000Z')).toBe('15 Mar 2027, 01:30 IST');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatOfficeTime('soon')).toBe('soon');
    expect(formatDay('2027-02-30')).toBe('2027-02-30');
  });
});

describe('listStatusChanges', () => {
  it.each([
    ['new', false, ['confirmed', 'declined']],
    ['confirmed', false, ['cancelled']],
    ['declined', false, []],
    ['cancelled', false, []],
    ['new', true, []],
  ] as const)('%s, in the trash: %s', (status, inTrash, expected) => {
    expect(listStatusChanges(status, inTrash)).toEqual(expected);
  });
});

describe('labelField', () => {
  it('names known fields and splits unknown ones', () => {
    expect(labelField('coverNote')).toBe('Cover note');
    expect(labelField('somethingElse')).toBe('Something Else');
  });
});

describe('the detail and the tables', () => {
  it('shows the fields with a value, without ids or the new flag', () => {
    expect(
      listDetailFields({
        id: '1',
        userId: 'u',
        isNew: true,
        reference: 'KV-2027-0001',
        name: 'Meera',
        deletedAt: null,
        message: '',
      }).map(([key]) => key),
    ).toEqual(['reference', 'name']);
  });

  it('shows a property by its name, never its slug when a name is known', () => {
    const row = { id: '1', property: 'kovalam-cliff-villa', propertyName: 'Kovalam Cliff Villa' };
    expect(listDetailFields(row)).toEqual([['property', 'Kovalam Cliff Villa']]);
    expect(listDetailFields({ id: '1', property: 'kovalam-cliff-villa' }, lookups)).toEqual([
      ['property', 'Kovalam Cliff Villa'],
    ]);
  });

  it('describes a stay with its dates and nights', () => {
    const stay = tableColumns['booking-requests'].find((column) => column.key === 'stay');
    expect(
      stay?.format({ id: '1', arrival: '2027-03-14', departure: '2027-03-21', nights: 7 }, lookups),
    ).toBe('14 Mar 2027 to 21 Mar 2027 (7 nights)');
    expect(
      stay?.format({ id: '1', arrival: '2027-03-14', departure: '2027-03-15', nights: 1 }, lookups),
    ).toBe('14 Mar 2027 to 15 Mar 2027 (1 night)');
  });
});

describe('describeHistoryEntry', () => {
  const at = '2027-01-01T00:00:00.000Z';
  it.each([
    [
      {
        action: 'status_changed',
        oldStatus: 'new',
        newStatus: 'confirmed',
        actorEmail: 'office@example.com',
        at,
      },
      'Status changed from New to Confirmed by office@example.com',
    ],
    [
      { action: 'deleted', oldStatus: null, newStatus: null, actorEmail: 'office@example.com', at },
      'Moved to Trash by office@example.com',
    ],
    [{ action: 'purged', oldStatus: null, newStatus: null, actorEmail: null, at }, 'Removed for good'],
    [
      {
        action: 'payment_recorded',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: { kind: 'deposit', amountPence: 17550, receivedOn: '2027-01-01', method: 'bank_transfer' },
      },
      'Payment recorded: £175.50 deposit by bank transfer, received 1 Jan 2027 by office@example.com',
    ],
    [
      { action: 'payment_deleted', oldStatus: null, newStatus: null, actorEmail: null, at, details: {} },
      'Payment entry removed',
    ],
    [
      {
        action: 'refund_settled',
        oldStatus: null,
        newStatus: null,
        actorEmail: null,
        at,
        details: {
          amountPence: 33125,
          status: 'refunded',
          provider: 'stand-in',
          providerRefundId: 're_test_1',
        },
      },
      'Refund settled: £331.25, refunded through stand-in (re_test_1)',
    ],
    [
      {
        action: 'refund_requested',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: {
          amountPence: 1000,
          status: 'owed',
          problem: 'Paid to the office (not online): return it by hand.',
        },
      },
      'Refund asked for: £10, owed: Paid to the office (not online): return it by hand. by office@example.com',
    ],
    [
      {
        action: 'payment_deleted',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: {
          kind: 'deposit',
          amountPence: 17500,
          receivedOn: '2027-01-01',
          method: 'card',
          note: 'Twice',
        },
      },
      'Payment entry removed: £175 deposit by card, received 1 Jan 2027 (note: Twice) by office@example.com',
    ],
    [
      {
        action: 'payment_deleted',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: {
          kind: 'deposit',
          amountPence: 17500,
          receivedOn: '2027-01-01',
          method: 'card',
          receiptNumber: 'KVR/2627/000042',
        },
      },
      'Payment entry removed: £175 deposit by card, received 1 Jan 2027, receipt KVR/2627/000042 by office@example.com',
    ],
    [
      { action: 'note_added', oldStatus: null, newStatus: null, actorEmail: 'office@example.com', at },
      'Note added by office@example.com',
    ],
    [
      {
        action: 'sale_status_written',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: {
          kind: 'villas',
          property: 'kovalam-cliff-villa',
          from: 'under-offer',
          to: 'sold',
          revision: 'a'.repeat(40),
        },
      },
      'Sale status written to the content: kovalam-cliff-villa, under-offer → sold (commit aaaaaaa) by office@example.com',
    ],
    [
      {
        action: 'sale_status_written',
        oldStatus: null,
        newStatus: null,
        actorEmail: null,
        at,
        details: {
          kind: 'villas',
          property: 'kovalam-cliff-villa',
          from: 'available',
          to: 'sold',
          revision: null,
        },
      },
      'Sale status written to the content: kovalam-cliff-villa, available → sold',
    ],
    [
      {
        action: 'sale_status_write_failed',
        oldStatus: null,
        newStatus: null,
        actorEmail: 'office@example.com',
        at,
        details: {
          kind: 'villas',
          property: 'kovalam-cliff-villa',
          from: null,
          to: 'sold',
          revision: null,
          failure: '503: Service Unavailable',
        },
      },
      'Sale status could not be written to the content: kovalam-cliff-villa to sold, nothing changed (503: Service Unavailable) by office@example.com',
    ],
  ])('%j', (entry, expected) => {
    expect(describeHistoryEntry(entry)).toBe(expected);
  });
});
