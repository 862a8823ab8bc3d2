/**
 * `npm run payments:remind`: queues and sends the balance reminders due today (the guest's a week
 * before the balance is due, the office's once it is overdue), on the configured (or embedded)
 * database: what the daily Netlify scheduled function does, on demand. Each reminder goes once however
 * often it runs.
 */

import { describeReminders, sendPaymentReminders } from '../src/server/booking/payment-reminders.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const database = await prepareDatabase({ command: 'npm run payments:remind' });
process.env.DATABASE_URL = database.appUrl;
try {
  console.log(describeReminders(await sendPaymentReminders()));
} finally {
  await closeDatabase();
  await database.stop();
}
