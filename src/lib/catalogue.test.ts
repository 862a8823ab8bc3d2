import { describe, expect, it } from 'vitest';
import { describeBedrooms, describeProjectStatus, describeSleeps, orderByLegacyId } from './catalogue.ts';

describe('describeProjectStatus', () => {
  it.each([
    ['pre-launch', 'Pre-launch'],
    ['under-construction', 'Under construction'],
    ['finishing', 'Finishing touches'],
  ] as const)('%s reads %s', (status, expected) => {
    expect(describeProjectStatus(status)).toBe(expected);
  });
});

describe('bedrooms and sleeps', () => {
  it.each([
    [0, 'Studio'],
    [1, '1 bedroom'],
    [4, '4 bedrooms'],
  ])('%d bedrooms reads %s', (bedrooms, expected) => {
    expect(describeBedrooms(bedrooms)).toBe(expected);
  });

  it('says how many a property sleeps', () => {
    expect(describeSleeps(8)).toBe('Sleeps 8');
  });
});

describe('orderByLegacyId', () => {
  const entry = (id: string, legacyId: number) => ({ id, data: { legacyId } });

  it('orders entries by their old numeric id', () => {
    const ordered = orderByLegacyId([entry('c', 3), entry('a', 1), entry('b', 2)]);
    expect(ordered.map((each) => each.id)).toEqual(['a', 'b', 'c']);
  });

  it('refuses two entries with one legacy id', () => {
    expect(() => orderByLegacyId([entry('a', 1), entry('b', 1)])).toThrow('a and b share the legacy id 1');
  });
});
