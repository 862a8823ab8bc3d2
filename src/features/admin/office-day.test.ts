import { describe, expect, it } from 'vitest';
import { describeAge, describeBadge, describeMore } from './office-day.ts';

describe('describeAge', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['2026-11-27T12:00:00Z', '0 minutes'],
    ['2026-11-27T11:59:00Z', '1 minute'],
    ['2026-11-27T11:01:00Z', '59 minutes'],
    ['2026-11-27T11:00:00Z', '1 hour'],
    ['2026-11-26T12:00:01Z', '23 hours'],
    ['2026-11-26T12:00:00Z', '1 day'],
    ['2026-11-24T09:00:00Z', '3 days'],
    // A clock a little ahead of the server's never makes an age negative.
    ['2026-11-27T12:00:30Z', '0 minutes'],
  ])('%s is %s old', (receivedAt, words) => {
    expect(describeAge(receivedAt, now)).toBe(words);
  });
});

describe('describeBadge', () => {
  it.each([
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('%i new reads %s', (count, badge) => {
    expect(describeBadge(count)).toBe(badge);
  });
});

describe('describeMore', () => {
  it.each([
    [0, 3, undefined],
    [3, 3, undefined],
    [4, 3, '1 more'],
    [250, 3, '247 more'],
  ])('%i rows, %i shown: %s', (count, shown, words) => {
    expect(describeMore(count, shown)).toBe(words);
  });
});
