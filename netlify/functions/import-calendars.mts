import type { Config } from '@netlify/functions';
import {
  describeImports,
  feedFetchLimits,
  importAllFeeds,
} from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Hourly: every property's feeds from other platforms, imported as blocks. Netlify stops a scheduled
 * function at 30 s; a feed started within 10 s ends within its own deadlines (10 s to fetch, 5 s to
 * read), and the feeds not started by then are the first the next run takes.
 */
export default scheduledJob('import-calendars', async () => {
  return describeImports(await importAllFeeds({ ...feedFetchLimits(), startWithinMs: 10_000 }));
});

export const config: Config = { schedule: '@hourly' };
