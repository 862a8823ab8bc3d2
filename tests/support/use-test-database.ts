import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { closeDatabase } from '../../src/server/db/database.ts';
import { closeQueryPools } from './database.ts';

// The functions read DATABASE_URL like they do on Netlify; point it at this run's database, logged in
// as the app role like theirs.
process.env.DATABASE_URL = inject('appDatabaseUrl');
// Each test file gets its own outbox, so one file's emails never confuse another's (but see emailsTo in
// accounts.ts), all in one folder of the run's.
process.env.OUTBOX_DIR = mkdtempSync(path.join(inject('outboxRoot'), 'file-'));
// Each form's hourly allowance of office alerts is one for all clients, so files that post at once
// would spend each other's: off here (every alert sent at once), on where a test counts it.
process.env.FORM_OFFICE_ALERTS_PER_HOUR = '0';
// The guest lists' key, as `npm start` makes one for the embedded database.
process.env.GUEST_DETAILS_KEY = inject('guestDetailsKey');

afterAll(async () => {
  await Promise.all([closeDatabase(), closeQueryPools()]);
});
