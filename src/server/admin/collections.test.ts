import { describe, expect, it } from 'vitest';
import { adminCollectionNames, adminCollections } from '../../features/admin/collection-contract.ts';
import { collections, findCollection } from './collections.ts';

describe('the server collections', () => {
  it('are exactly the contract collections, in its order', () => {
    expect(collections.map(({ name }) => name)).toEqual([...adminCollectionNames]);
  });

  it.each(adminCollectionNames)(
    'marks %s read on open exactly when its rows stop being new by being read',
    (name) => {
      const collection = findCollection(name);
      expect(collection?.marksReadOnOpen).toBe(adminCollections[name].marksReadOnOpen);
      const conditions = collection?.isNew.split(' and ') ?? [];
      expect(conditions.includes('read_at is null')).toBe(adminCollections[name].marksReadOnOpen);
    },
  );

  it.each(adminCollectionNames)(
    'stops counting a row of %s as new once answered, if it offers that',
    (name) => {
      const collection = findCollection(name);
      const conditions = collection?.isNew.split(' and ') ?? [];
      expect(conditions.includes('answered_at is null')).toBe(collection?.answerable === true);
      expect('answeredAt' in (collection?.listColumns ?? {})).toBe(collection?.answerable === true);
    },
  );

  it('offers the status filter only for a collection whose rows have a status', () => {
    for (const { name, filters, listColumns } of collections) {
      expect(filters.includes('status'), name).toBe('status' in listColumns);
    }
  });

  it('offers the stage filter only for a collection whose rows have a sales stage', () => {
    for (const { name, filters, listColumns } of collections) {
      expect(filters.includes('stage'), name).toBe('stage' in listColumns);
    }
  });
});
