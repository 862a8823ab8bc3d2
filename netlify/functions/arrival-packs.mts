import type { Config } from '@netlify/functions';
import {
  describePacksSent,
  sendArrivalPacks,
} from '../../src/server/booking/arrival-packs/arrival-pack-service.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/** Daily: the arrival pack of each released booking arriving within a week, emailed once. */
export default scheduledJob('arrival-packs', async () => {
  return describePacksSent(await sendArrivalPacks());
});

export const config: Config = { schedule: '@daily' };
