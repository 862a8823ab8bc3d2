import type { Config } from '@netlify/functions';
import { describePurge, purgeTrash } from '../../src/server/admin/trash.ts';
import { forgetExpiredRegisteringBrowsers } from '../../src/server/auth/registering-browsers.ts';
import { forgetExpiredUnconfirmedRequests } from '../../src/server/booking/unconfirmed-request-service.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Daily: rows in the dashboard's trash for more than 30 days are removed for good, and the browsers
 * whose one-tap confirmation links have expired are forgotten, with the booking requests that waited
 * a day for their email in vain.
 */
export default scheduledJob('purge-trash', async () => {
  const purged = describePurge(await purgeTrash());
  return (
    `${purged} Forgot ${await forgetExpiredRegisteringBrowsers()} expired registering browsers ` +
    `and ${await forgetExpiredUnconfirmedRequests()} unconfirmed booking requests a day old.`
  );
});

export const config: Config = { schedule: '@daily' };
