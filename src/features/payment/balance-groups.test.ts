import { describe, expect, it } from 'vitest';
import { groupBalancesByStay } from './balance-groups.ts';
import type { BalanceDue } from './payment-ledger-contract.ts';

const balance = (reference: string, arrival: string) =>
  ({ id: reference, reference, arrival }) as unknown as BalanceDue;

describe('groupBalancesByStay', () => {
  it.each([
    ['a stay arriving today is still ahead', ['2027-03-14'], ['2027-03-14'], []],
    ['a stay that arrived yesterday has begun', ['2027-03-13'], [], ['2027-03-13']],
    ['a stay long over has begun', ['2025-07-01'], [], ['2025-07-01']],
    [
      'each list keeps the order it came in',
      ['2027-04-01', '2025-01-01', '2027-03-20', '2026-12-01'],
      ['2027-04-01', '2027-03-20'],
      ['2025-01-01', '2026-12-01'],
    ],
    ['nothing due, nothing listed', [], [], []],
  ])('%s', (_case, arrivals, ahead, begun) => {
    const groups = groupBalancesByStay(
      arrivals.map((arrival, index) => balance(`KV-${index}`, arrival)),
      '2027-03-14',
    );
    expect(groups.ahead.map(({ arrival }) => arrival)).toEqual(ahead);
    expect(groups.begun.map(({ arrival }) => arrival)).toEqual(begun);
  });
});
