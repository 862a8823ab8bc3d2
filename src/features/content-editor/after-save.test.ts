import { describe, expect, it } from 'vitest';
import {
  describeDeployFailed,
  describeDeploying,
  describeLive,
  describeNextDeploy,
  describeRebuilding,
  describeSavedNotLive,
  pageOfEntry,
} from './after-save.ts';

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
      'Saved, but not live yet: it goes live after the next deploy, in about 4 minutes.',
    );
    expect(describeNextDeploy(1)).toContain('about 1 minute.');
  });
});

describe('describeSavedNotLive', () => {
  it('says plainly the change is not live, and leads to its page when it has one', () => {
    expect(describeSavedNotLive('/villas/x')).toBe(
      'Saved, but not live yet: the site shows the old version until it is rebuilt. It will show on',
    );
    expect(describeSavedNotLive(undefined)).toBe(
      'Saved, but not live yet: the site shows the old version until it is rebuilt.',
    );
  });
});

describe('describeLive', () => {
  it.each([
    ['2026-11-28T05:12:00.000Z', 'Live at 10:42'],
    ['2026-11-28T18:29:59.000Z', 'Live at 23:59'],
    ['2026-11-28T18:30:00.000Z', 'Live at 00:00'],
  ])('%s on the office’s clock is "%s"', (finishedAt, words) => {
    expect(describeLive(finishedAt)).toBe(words);
  });
});

describe('describeDeploying', () => {
  const startedAt = '2026-12-02T05:10:00.000Z';
  it.each([
    [0, 'Saved, but not live yet: Netlify is deploying it, about 5 minutes left.'],
    [200, 'Saved, but not live yet: Netlify is deploying it, about 2 minutes left.'],
    [250, 'Saved, but not live yet: Netlify is deploying it, about 1 minute left.'],
    [290, 'Saved, but not live yet: Netlify is deploying it, almost done.'],
    [900, 'Saved, but not live yet: Netlify is deploying it, almost done.'],
  ])('%s s in says "%s"', (seconds, words) => {
    const now = new Date(Date.parse(startedAt) + seconds * 1000);
    expect(describeDeploying({ startedAt, estimateSeconds: 300 }, now)).toBe(words);
  });
});

describe('describeDeployFailed', () => {
  it('says the old site is still served, and Netlify’s reason', () => {
    expect(describeDeployFailed('Build script returned non-zero exit code: 2')).toBe(
      "Saved, but not live: Netlify's deploy failed, and the site as it was is still served. Netlify said: Build script returned non-zero exit code: 2",
    );
  });
});
