/**
 * `npm run arrival-packs:send`: emails the arrival pack of each released booking arriving within a
 * week, on the configured (or embedded) database: what the daily Netlify scheduled function does, on
 * demand. Each pack goes once however often it runs.
 */

import {
  describePacksSent,
  sendArrivalPacks,
} from '../src/server/booking/arrival-packs/arrival-pack-service.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const database = await prepareDatabase({ command: 'npm run arrival-packs:send' });
process.env.DATABASE_URL = database.appUrl;
try {
  console.log(describePacksSent(await sendArrivalPacks()));
} finally {
  await closeDatabase();
  await database.stop();
}
