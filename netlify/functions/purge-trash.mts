import type { Config } from '@netlify/functions';
import { describePurge, purgeTrash } from '../../src/server/admin/trash.ts';
import { forgetExpiredRegisteringBrowsers } from '../../src/server/auth/registering-browsers.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Daily: rows in the dashboard's trash for more than 30 days are removed for good, and the browsers
 * whose one-tap confirmation links have expired are forgotten.
 */
export default scheduledJob('purge-trash', async () => {
  const purged = describePurge(await purgeTrash());
  return `${purged} Forgot ${await forgetExpiredRegisteringBrowsers()} expired registering browsers.`;
});

export const config: Config = { schedule: '@daily' };
