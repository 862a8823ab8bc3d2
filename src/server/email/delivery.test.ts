import { describe, expect, it } from 'vitest';
import { deliveryRules, retryDelaySeconds } from './delivery.ts';

describe('retryDelaySeconds', () => {
  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [9, 7680],
    [10, 14_400],
    [50, 14_400],
  ])('waits after attempt %i: %i s', (attempt, seconds) => {
    expect(retryDelaySeconds(attempt)).toBe(seconds);
  });

  it('gives a mail server that is down overnight about 12 hours before an email fails', () => {
    let waited = 0;
    for (let attempt = 1; attempt < deliveryRules.maxAttempts; attempt++)
      waited += retryDelaySeconds(attempt);
    expect(waited / 3600).toBeGreaterThan(12);
    expect(waited / 3600).toBeLessThan(13);
  });
});
