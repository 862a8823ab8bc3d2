import type { Config } from '@netlify/functions';
import {
  describeForgottenGuestLists,
  forgetExpiredGuestLists,
} from '../../src/server/booking/guests/guest-list-service.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/** Daily: the guest lists of stays that departed longer ago than the privacy notice keeps them are deleted. */
export default scheduledJob('forget-guest-lists', async () => {
  return describeForgottenGuestLists(await forgetExpiredGuestLists());
});

export const config: Config = { schedule: '@daily' };
