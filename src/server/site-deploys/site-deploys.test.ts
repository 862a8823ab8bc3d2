import { describe, expect, it } from 'vitest';
import { readSavedAt } from './deploy-request.ts';
import { type Deploy, describeDeploySince } from './site-deploys.ts';

const savedAt = new Date('2026-12-02T05:10:00Z');
const at = (minutes: number) => new Date(savedAt.getTime() + minutes * 60_000).toISOString();
const deploy = (minutes: number, state: string, extra: Partial<Deploy> = {}): Deploy => ({
  state,
  createdAt: at(minutes),
  ...extra,
});

describe('where the deploy of a save stands, from Netlify’s deploys', () => {
  it.each([
    [
      'no deploy yet: building from the save',
      [],
      { status: 'building', startedAt: at(0), estimateSeconds: 300 },
    ],
    [
      'only an older deploy, live before the save: still building',
      [deploy(-20, 'ready', { publishedAt: at(-17) })],
      { status: 'building', startedAt: at(0), estimateSeconds: 300 },
    ],
    [
      'the save’s deploy building',
      [deploy(0.5, 'building'), deploy(-20, 'ready')],
      { status: 'building', startedAt: at(0.5), estimateSeconds: 300 },
    ],
    [
      'the save’s deploy ready: live when Netlify published it',
      [deploy(0.5, 'ready', { publishedAt: at(3.5) })],
      { status: 'live', finishedAt: at(3.5), seconds: 210 },
    ],
    [
      'a later deploy ready after the save’s failed',
      [
        deploy(6, 'ready', { publishedAt: at(9) }),
        deploy(0.5, 'error', { errorMessage: 'Build script returned non-zero exit code: 2' }),
      ],
      { status: 'live', finishedAt: at(9), seconds: 540 },
    ],
    [
      'the save’s deploy built but not published (auto publishing locked): not live',
      [deploy(0.5, 'ready')],
      { status: 'building', startedAt: at(0.5), estimateSeconds: 300 },
    ],
    [
      'the save’s deploy failed, Netlify’s reason said',
      [deploy(0.5, 'error', { errorMessage: 'Build script returned non-zero exit code: 2' })],
      { status: 'failed', finishedAt: at(0.5), error: 'Build script returned non-zero exit code: 2' },
    ],
    [
      'a failed deploy and a newer one building: building',
      [deploy(4, 'building'), deploy(0.5, 'error')],
      { status: 'building', startedAt: at(0.5), estimateSeconds: 300 },
    ],
  ])('%s', (_, deploys, state) => {
    expect(describeDeploySince(deploys, savedAt, 300)).toEqual(state);
  });
});

describe('the save an editor asks about', () => {
  const now = new Date('2026-12-02T05:12:00Z');
  const ask = (since: string) =>
    new Request(`https://kayal.example/api/admin/site-deploy?since=${encodeURIComponent(since)}`);

  it('is read from its ISO time', () => {
    expect(readSavedAt(ask(savedAt.toISOString()), now)).toEqual(savedAt);
  });

  it.each([
    ['no time', '', /as an ISO 8601 date and time/],
    ['a day alone', '2026-12-02', /as an ISO 8601 date and time/],
    ['a time in the future', '2026-12-02T06:00:00Z', /in the future/],
    ['a save days old', '2026-11-20T05:00:00Z', /more than a day old/],
  ])('refuses %s with a 400 naming the field', (_, since, message) => {
    expect(() => readSavedAt(ask(since), now)).toThrow(
      expect.objectContaining({ status: 400, fields: { since: expect.stringMatching(message) } }),
    );
  });
});
