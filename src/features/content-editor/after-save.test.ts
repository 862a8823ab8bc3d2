import { describe, expect, it } from 'vitest';
import { describeNextDeploy, describeRebuilding, pageOfEntry } from './after-save.ts';

describe('pageOfEntry', () => {
  it.each([
    ['villas', 'kovalam-cliff-villa', '/villas/kovalam-cliff-villa'],
    ['apartments', 'marine-drive-loft', '/apartments/marine-drive-loft'],
    ['posts', 'monsoon', '/blog/monsoon'],
    ['projects', 'anything', '/projects'],
    ['policies', 'house-rules', '/house-rules'],
    ['policies', 'no-such-policy', undefined],
    ['settings', 'jobs', '/careers'],
    ['settings', 'site', '/'],
    ['settings', 'exchange-rates', undefined],
    ['unknown', 'x', undefined],
  ])('%s/%s is shown at %s', (collection, slug, address) => {
    expect(pageOfEntry(collection, slug)).toBe(address);
  });
});

describe('describeRebuilding', () => {
  const startedAt = '2026-11-28T03:00:00.000Z';
  it.each([
    [0, 'Rebuilding… about 90 s'],
    [30, 'Rebuilding… about 60 s'],
    [86, 'Rebuilding… almost done'],
    [200, 'Rebuilding… almost done'],
  ])('%s s in says "%s"', (seconds, words) => {
    const now = new Date(Date.parse(startedAt) + seconds * 1000);
    expect(describeRebuilding({ startedAt, estimateSeconds: 90 }, now)).toBe(words);
  });
});

describe('describeNextDeploy', () => {
  it('names the minutes', () => {
    expect(describeNextDeploy(4)).toBe(
      'Saved. The change will be live after the next deploy, in about 4 minutes.',
    );
    expect(describeNextDeploy(1)).toContain('about 1 minute.');
  });
});
