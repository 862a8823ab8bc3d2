import { describe, expect, it } from 'vitest';
import {
  describeBedrooms,
  describeProjectStatus,
  describeSleeps,
  formatDate,
  formatMonth,
  isoDate,
  orderByLegacyId,
} from './catalogue.ts';

describe('describeProjectStatus', () => {
  it.each([
    ['pre-launch', 'Pre-launch'],
    ['under-construction', 'Under construction'],
    ['finishing', 'Finishing touches'],
  ] as const)('%s reads %s', (status, expected) => {
    expect(describeProjectStatus(status)).toBe(expected);
  });
});

describe('formatMonth', () => {
  it.each([
    ['2028-03', 'March 2028'],
    ['2027-12', 'December 2027'],
    ['2026-01', 'January 2026'],
  ])('%s reads %s', (month, expected) => {
    expect(formatMonth(month)).toBe(expected);
  });

  it.each(['2028-13', '2028-3', 'March 2028'])('refuses %s', (month) => {
    expect(() => formatMonth(month)).toThrow(RangeError);
  });
});

describe('dates', () => {
  it.each([
    ['2026-08-20', '20 August 2026'],
    ['2026-01-01', '1 January 2026'],
  ])('%s reads %s and keeps its ISO form', (iso, expected) => {
    const date = new Date(iso);
    expect(formatDate(date)).toBe(expected);
    expect(isoDate(date)).toBe(iso);
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
