import type { Config } from '@netlify/functions';
import { describeInvitationsSent, sendReviewInvitations } from '../../src/server/reviews/review-service.ts';

/** Daily: the guest of each confirmed stay that ended is invited to review it, once. */
export default async () => {
  console.log(describeInvitationsSent(await sendReviewInvitations()));
};

export const config: Config = { schedule: '@daily' };
