import type { Config } from '@netlify/functions';
import { describePurge, purgeTrash } from '../../src/server/admin/trash.ts';
import { forgetExpiredRegisteringBrowsers } from '../../src/server/auth/registering-browsers.ts';

/**
 * Daily: rows in the dashboard's trash for more than 30 days are removed for good, and the browsers
 * whose one-tap confirmation links have expired are forgotten.
 */
export default async () => {
  console.log(describePurge(await purgeTrash()));
  console.log(`Forgot ${await forgetExpiredRegisteringBrowsers()} expired registering browsers.`);
};

export const config: Config = { schedule: '@daily' };
