/**
 * `npm run calendars:import`: imports every property's feeds from other platforms as blocks, on the
 * configured (or embedded) database: what the hourly Netlify scheduled function does, on demand.
 */
import { describeImports, importAllFeeds } from '../src/server/calendar-sync/calendar-sync-service.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const database = await prepareDatabase({ command: 'npm run calendars:import' });
process.env.DATABASE_URL = database.appUrl;
try {
  console.log(describeImports(await importAllFeeds()));
} finally {
  await closeDatabase();
  await database.stop();
}
