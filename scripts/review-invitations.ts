/**
 * `npm run reviews:invite`: invites the guest of each confirmed stay that ended (the day after
 * departure, in Kerala) to review it, on the configured (or embedded) database: what the daily Netlify
 * scheduled function does, on demand. Each stay is invited once however often it runs.
 */

import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { describeInvitationsSent, sendReviewInvitations } from '../src/server/reviews/review-service.ts';

const database = await prepareDatabase({ command: 'npm run reviews:invite' });
process.env.DATABASE_URL = database.appUrl;
try {
  console.log(describeInvitationsSent(await sendReviewInvitations()));
} finally {
  await closeDatabase();
  await database.stop();
}
