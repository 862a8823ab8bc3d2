/** `npm run db:migrate`: applies new migrations to the configured (or embedded) database and exits. */
import { prepareDatabase } from '../src/server/db/prepare.ts';

const database = await prepareDatabase({ command: 'npm run db:migrate' });
const { applied, prelude } = database.migrations;
console.log(
  prelude ? 'Created the Supabase-compatible roles and auth functions.' : 'Supabase roles present.',
);
console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
await database.stop();
