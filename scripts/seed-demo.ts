/**
 * `npm run seed:demo -- --rows N`: adds N realistic rows (default 200) to each of the dashboard's
 * tables (buyers' enquiries: N, at most 40, across the sales stages) on the embedded database or the
 * PostgreSQL of DATABASE_URL, for trying the dashboard.
 * Refused on Supabase: demo rows do not belong beside real guests' requests.
 */
import { parseArgs } from 'node:util';
import { readBackend } from '../src/server/config.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { seedDemoData } from './demo-data.ts';

/** At most this many buyers' enquiries, across the sales stages. */
const demoBuyerEnquiries = 40;

const usage = 'Usage: npm run seed:demo -- [--rows 200]   (1 to 1,000,000 rows per table)';

const rows = (() => {
  try {
    const { values } = parseArgs({ options: { rows: { type: 'string', default: '200' } } });
    return Number(values.rows);
  } catch {
    return Number.NaN;
  }
})();
if (!Number.isInteger(rows) || rows < 1 || rows > 1_000_000) {
  console.error(usage);
  process.exit(1);
}
if (readBackend().kind === 'supabase') {
  console.error(
    'This is the Supabase (production) database; demo rows are only for local or test databases.',
  );
  process.exit(1);
}

const database = await prepareDatabase({ command: 'npm run seed:demo' });
try {
  const started = performance.now();
  // A few dozen buyers' enquiries are a sales pipeline to try; a home sells less often than it is let.
  await seedDemoData(database.url, rows, {
    buyerEnquiries: Math.min(rows, demoBuyerEnquiries),
    log: (line) => console.log(line),
  });
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.stop();
}
