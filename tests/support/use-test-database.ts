import { afterAll, inject } from 'vitest';
import { closeDatabase } from '../../src/server/db/database.ts';

// The functions read DATABASE_URL like they do on Netlify; point it at this run's database.
process.env.DATABASE_URL = inject('databaseUrl');

afterAll(async () => {
  await closeDatabase();
});
