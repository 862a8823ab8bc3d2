import type { Config } from '@netlify/functions';
import { describeInvitationsSent, sendReviewInvitations } from '../../src/server/reviews/review-service.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/** Daily: the guest of each confirmed stay that ended is invited to review it, once. */
export default scheduledJob('review-invitations', async () => {
  return describeInvitationsSent(await sendReviewInvitations());
});

export const config: Config = { schedule: '@daily' };
