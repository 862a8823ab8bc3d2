import type { Config } from '@netlify/functions';
import {
  describeImportRun,
  feedFetchLimits,
  importDueFeeds,
} from '../../src/server/calendar-sync/calendar-sync-service.ts';
import { readSettings } from '../../src/server/config.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Every five minutes (`importRunEveryMinutes`): the calendar feeds that are due (each once an hour, or
 * every CALENDAR_IMPORT_HOURS), imported as blocks. Netlify stops a scheduled function at 30 s; a feed
 * started within 10 s ends within its own deadlines (10 s to fetch, 5 s to read), and the feeds not
 * started by then stay due for the next run, which takes them first. Runs that meet (a slow one and the
 * next) share the queue and never fetch one feed twice.
 */
export default scheduledJob('import-calendars', async () => {
  const everyHours = readSettings().CALENDAR_IMPORT_HOURS;
  if (everyHours === 0) return 'Calendar import: off (CALENDAR_IMPORT_HOURS=0)';
  return describeImportRun(await importDueFeeds({ ...feedFetchLimits(), everyHours, startWithinMs: 10_000 }));
});

export const config: Config = { schedule: '*/5 * * * *' };
