/**
 * `npm run trash:purge`: removes for good what has been in the dashboard's trash for over 30 days, on
 * the configured (or embedded) database, and forgets the registering browsers whose links have expired:
 * what the daily Netlify scheduled function does, on demand.
 */
import { describePurge, purgeTrash } from '../src/server/admin/trash.ts';
import { forgetExpiredRegisteringBrowsers } from '../src/server/auth/registering-browsers.ts';
import { forgetExpiredUnconfirmedRequests } from '../src/server/booking/unconfirmed-request-service.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const database = await prepareDatabase({ command: 'npm run trash:purge' });
process.env.DATABASE_URL = database.appUrl;
try {
  console.log(describePurge(await purgeTrash()));
  console.log(`Forgot ${await forgetExpiredRegisteringBrowsers()} expired registering browsers.`);
  console.log(`Forgot ${await forgetExpiredUnconfirmedRequests()} unconfirmed booking requests a day old.`);
} finally {
  await closeDatabase();
  await database.stop();
}
