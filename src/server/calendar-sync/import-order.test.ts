import { describe, expect, it } from 'vitest';
import { inImportOrder } from './calendar-sync-service.ts';

const feed = (name: string, lastTried: string | null, failed: boolean) => ({
  name,
  last_tried_at: lastTried === null ? null : new Date(lastTried),
  last_error: failed ? 'No calendar came back from that link' : null,
});

describe('inImportOrder', () => {
  it('takes never-tried feeds first, then the least recently tried, and last those that failed last time', () => {
    const order = inImportOrder([
      feed('failed long ago', '2026-11-20T10:00:00Z', true),
      feed('synced an hour ago', '2026-11-25T09:00:00Z', false),
      feed('new', null, false),
      feed('failed an hour ago', '2026-11-25T09:00:00Z', true),
      feed('left out of the last run', '2026-11-25T08:00:00Z', false),
    ]).map((one) => one.name);
    expect(order).toEqual([
      'new',
      'left out of the last run',
      'synced an hour ago',
      'failed long ago',
      'failed an hour ago',
    ]);
  });
});
